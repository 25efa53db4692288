import { z } from 'zod';

/** ISO 8601 instant with an explicit offset or Z. */
export const isoInstant = () => z.iso.datetime({ offset: true });

const integerText = () => z.string().regex(/^-?\d+$/, 'must be an integer number').optional();

const clamp = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Number(v)));

function integerMeta(def: number, min: number, max: number, description?: string) {
  return {
    type: 'integer' as const,
    default: def,
    minimum: min,
    ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * An integer query parameter: absent → default; non-numeric → 400; out of range → clamped. It is
 * parsed from the query string's text, and documented as the integer it is.
 */
export function clampedInt(def: number, min: number, max: number, description?: string) {
  return integerText()
    .transform((v) => (v === undefined ? def : clamp(v, min, max)))
    .meta(integerMeta(def, min, max, description));
}

/** As clampedInt, but absent stays undefined (the default is documented, and applied by the caller): for a parameter whose presence matters. */
export function presentClampedInt(def: number, min: number, max: number) {
  return integerText()
    .transform((v) => (v === undefined ? undefined : clamp(v, min, max)))
    .meta(integerMeta(def, min, max));
}
