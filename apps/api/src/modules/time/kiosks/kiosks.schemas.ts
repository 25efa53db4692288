import { z } from 'zod';

/** 4 to 8 digits, and not one a neighbour would guess first: one digit repeated or a run up or down. */
export function isGuessablePin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10);
  return steps.every((s) => s === 1) || steps.every((s) => s === 9);
}

const Pin = z
  .string()
  .regex(/^\d{4,8}$/, 'must be 4 to 8 digits')
  .meta({ example: '4829' });

export const CreateKioskBody = z.strictObject({ outletId: z.uuid(), name: z.string().trim().min(1).max(80) });
export const KioskParams = z.strictObject({ id: z.uuid() });
export const UserParams = z.strictObject({ id: z.uuid() });

export const KioskDto = z.object({
  id: z.uuid(),
  outletId: z.uuid(),
  name: z.string(),
  tokenHint: z.string().meta({ description: 'The last four characters of the token, to tell devices apart' }),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type KioskDto = z.infer<typeof KioskDto>;
export const KioskCreatedDto = KioskDto.extend({
  token: z.string().meta({ description: 'kd_ and 43 characters: the Bearer credential of the kiosk routes. Shown once; only its hash is kept' }),
});

export const SetPinBody = z.strictObject({ pin: Pin.refine((p) => !isGuessablePin(p), 'must not be one digit repeated or a run such as 1234') });

export const KioskWorkerDto = z.object({ id: z.uuid(), fullName: z.string() });

export const KioskClockBody = z.strictObject({ userId: z.uuid(), pin: Pin, action: z.enum(['IN', 'OUT']) });
export type KioskClockBody = z.infer<typeof KioskClockBody>;
