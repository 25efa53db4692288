import { z } from 'zod';

const Timestamp = z.iso.datetime();

export const CreateReaderKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
});
export type CreateReaderKeyBody = z.infer<typeof CreateReaderKeyBody>;

export const ReaderKeyIdParams = z.object({ id: z.uuid() });

export const ReaderKeyCreatedDto = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string().meta({ description: '`mk_` and 32 base64url characters. Shown only in this response' }),
  createdAt: Timestamp,
});
export type ReaderKeyCreatedDto = z.infer<typeof ReaderKeyCreatedDto>;

export const ReaderKeyDto = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().meta({ description: '`mk_` and the next 4 characters of the key' }),
  createdAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
});
export type ReaderKeyDto = z.infer<typeof ReaderKeyDto>;

export const ReaderKeyRevokedDto = z.object({
  id: z.uuid(),
  revoked: z.literal(true),
  revokedAt: Timestamp.meta({ description: 'When the key was first revoked; revoking again changes nothing' }),
});
export type ReaderKeyRevokedDto = z.infer<typeof ReaderKeyRevokedDto>;
