import { z } from 'zod';

/** ISO 8601 instant with an explicit offset or Z. */
export const isoInstant = () => z.iso.datetime({ offset: true });

/**
 * An integer query parameter: absent → default; non-numeric → 400; out of range → clamped. It is
 * parsed from the query string's text, and documented as the integer it is.
 */
export function clampedInt(def: number, min: number, max: number, description?: string) {
  return z
    .string()
    .regex(/^-?\d+$/, 'must be an integer number')
    .optional()
    .transform((v) => (v === undefined ? def : Math.min(max, Math.max(min, Number(v)))))
    .meta({
      type: 'integer',
      default: def,
      minimum: min,
      ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
      ...(description ? { description } : {}),
    });
}
