import { z } from 'zod';
import { clampedInt, isoInstant } from '../../../http/validation.js';

export const MAX_BULK_USERS = 500;
export const MAX_BULK_ZONES = 200;
/** One bulk call writes at most this many grants (one transaction, one response). */
export const MAX_BULK_GRANTS = 10_000;

export const GrantStatus = z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']);
export type GrantStatus = z.infer<typeof GrantStatus>;

const Note = z.string().trim().max(500);
const ExpiresAt = isoInstant().meta({ description: 'A future instant; omitted means the grant never expires' });

function distinct(ids: string[], ctx: z.RefinementCtx): void {
  if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'must not contain duplicates' });
}

export const CreateGrantBody = z.strictObject({
  userId: z.uuid(),
  zoneId: z.uuid(),
  expiresAt: ExpiresAt.optional(),
  note: Note.optional(),
});
export type CreateGrantBody = z.infer<typeof CreateGrantBody>;

export const BulkGrantsBody = z
  .strictObject({
    userIds: z.array(z.uuid()).min(1).max(MAX_BULK_USERS).superRefine(distinct),
    zoneIds: z.array(z.uuid()).min(1).max(MAX_BULK_ZONES).superRefine(distinct),
    expiresAt: ExpiresAt.optional(),
    note: Note.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.userIds.length * body.zoneIds.length > MAX_BULK_GRANTS) {
      ctx.addIssue({ code: 'custom', message: `must not ask for more than ${MAX_BULK_GRANTS} grants (userIds × zoneIds)` });
    }
  });
export type BulkGrantsBody = z.infer<typeof BulkGrantsBody>;

export const RevokeGrantBody = z.strictObject({
  reason: z.string().trim().min(1).max(500).optional().meta({ description: 'Kept on the grant and written to the REVOKED audit row' }),
});
export type RevokeGrantBody = z.infer<typeof RevokeGrantBody>;

export const ListGrantsQuery = z.object({
  userId: z.uuid().optional(),
  zoneId: z.uuid().optional(),
  status: GrantStatus.optional().meta({ description: 'Omitted: every status' }),
  limit: clampedInt(200, 1, 1000, 'Default 200, clamped to 1…1000'),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER, 'Default 0'),
});
export type ListGrantsQuery = z.infer<typeof ListGrantsQuery>;

export const GrantIdParams = z.object({ id: z.uuid() });
export const UserIdParams = z.object({ userId: z.uuid() });

export const GrantDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  zoneId: z.uuid(),
  zoneName: z.string(),
  status: GrantStatus.meta({
    description: 'EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)',
  }),
  expiresAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  revokeReason: z.string().nullable(),
});
export type GrantDto = z.infer<typeof GrantDto>;

export const BulkGrantsDto = z.object({
  created: z.number().int(),
  skipped: z.number().int().meta({ description: 'Pairs that already had an active grant' }),
  grants: z.array(GrantDto).meta({ description: 'The created grants, by user then zone in request order' }),
});
export type BulkGrantsDto = z.infer<typeof BulkGrantsDto>;

export const DeletedGrantDto = z.object({ deleted: z.literal(true), id: z.uuid() });
