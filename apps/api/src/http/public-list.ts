import { z } from 'zod';
import { clampedInt, presentClampedInt } from './validation.js';
import type { PublicListParams } from '../lists/public-lists.js';

const limit = () => clampedInt(50, 1, 200);

/** Spec 01's list query: `limit` 1–200 (default 50), `offset` ≥ 0, clamped when out of range, 400 when not numeric. */
export function offsetListQuery<T extends z.ZodRawShape>(filters: T) {
  return z.object({ limit: limit(), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER), ...filters });
}

/** Spec 01's list envelope; `count` is the rows of this response, never a total. */
export function offsetEnvelopeSchema(item: z.ZodType) {
  return z.object({
    data: z.array(item),
    pagination: z.object({ limit: z.number().int(), offset: z.number().int(), count: z.number().int() }),
  });
}

const CURSOR_DESCRIPTION =
  'Cursor paging: empty (`cursor=`) for the first page, then the previous page\'s `nextCursor`. Send the same filters on every page; not with `offset`';

/**
 * The /public list query: spec 01's `limit` and `offset` exactly, plus `cursor` (issue 32). The
 * offset stays undefined when absent (its default, 0, is applied in offset mode) so that `cursor`
 * with an explicit `offset` can be refused. ApiRouter validates queries strictly, so any
 * parameter an endpoint does not declare (`page` included) is a 400.
 */
export function publicListQuery<T extends z.ZodRawShape>(filters: T) {
  return z
    .object({
      limit: limit(),
      offset: presentClampedInt(0, 0, Number.MAX_SAFE_INTEGER),
      cursor: z.string().max(2048).optional().meta({ description: CURSOR_DESCRIPTION }),
      ...filters,
    })
    .superRefine((parsed, ctx) => {
      const q = parsed as PublicListParams;
      if (q.cursor !== undefined && q.offset !== undefined) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cannot be combined with offset' });
    });
}

/** The /public list envelope: spec 01's, and `nextCursor` in cursor mode only. */
export function envelopeSchema(item: z.ZodType) {
  return offsetEnvelopeSchema(item).extend({
    nextCursor: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Cursor mode only: the `cursor` of the next page, or null when the walk has reached the end' }),
  });
}

/** The 400 of every /public list, for its OpenAPI description. */
export const PUBLIC_LIST_400 =
  'Non-numeric limit or offset, an undeclared query parameter, cursor with offset, or a cursor this server did not issue for this list, tenant and filters';
