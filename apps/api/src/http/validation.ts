import { z } from 'zod';

export { parseOrThrow } from '@wfm/core/validation';

/** ISO 8601 instant with an explicit offset or Z. */
export const isoInstant = () => z.iso.datetime({ offset: true });

/** An integer query parameter: absent → default; non-numeric → 400; out of range → clamped. */
export function clampedInt(def: number, min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, 'must be an integer number')
    .optional()
    .transform((v) => (v === undefined ? def : Math.min(max, Math.max(min, Number(v)))));
}
