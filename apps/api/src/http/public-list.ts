import { z } from 'zod';
import { clampedInt } from './validation.js';

/**
 * Spec 01, list query rules for /public: `limit` 1–200 (default 50) and `offset` ≥ 0, clamped when
 * out of range, 400 when not numeric. ApiRouter validates queries strictly, so any parameter an
 * endpoint does not declare (`page` included) is a 400.
 */
export function publicListQuery<T extends z.ZodRawShape>(filters: T) {
  return z.object({ limit: clampedInt(50, 1, 200), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER), ...filters });
}

export function envelopeSchema(item: z.ZodType) {
  return z.object({
    data: z.array(item),
    pagination: z.object({ limit: z.number().int(), offset: z.number().int(), count: z.number().int() }),
  });
}
