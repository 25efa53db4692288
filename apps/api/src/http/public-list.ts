import { z } from 'zod';
import { envelope, type PageRequest } from '@wfm/core/pagination';
import { clampedInt, presentClampedInt } from './validation.js';
import type { Keyed, KeysetPosition } from '@wfm/db/sql';
import type { CursorScope, ListCursorCodec } from './list-cursor.js';

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

export interface PublicListParams {
  limit: number;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/**
 * How one /public list reads its rows. Offset mode keeps the list's documented order. A cursor walk
 * goes by an immutable unique key, so that a row present for the whole walk is returned exactly
 * once however rows are inserted, changed or deleted meanwhile; for most lists that key is the
 * documented order.
 */
export interface ListSource<R, W extends R> {
  offset(page: PageRequest): Promise<R[]>;
  /** Up to `limit` rows after `after` in the walk order (from the start when null). */
  walk(after: readonly string[] | null, limit: number): Promise<W[]>;
  /** A row's place in the walk order, as `walk` takes it back. */
  position(row: W): string[];
}

/** A list read from SQL: offset pages in the documented order, and a keyset walk (libs/db keysetPage) whose position is the sort key's exact text and the id. */
export function keysetSource<R extends { id: string }>(
  offset: (page: PageRequest) => Promise<R[]>,
  walk: (after: KeysetPosition | null, limit: number) => Promise<Keyed<R>[]>,
): ListSource<R, Keyed<R>> {
  return { offset, walk, position: (row) => [row.cursorKey, row.id] };
}

/** Pages every /public list, in offset mode or cursor mode, with one cursor codec. */
export class PublicLists {
  constructor(private readonly cursors: ListCursorCodec) {}

  async page<Q extends PublicListParams, R, W extends R, D>(list: string, tenantId: string, query: Q, source: ListSource<R, W>, toDto: (row: R) => D) {
    const { limit, offset, cursor, ...filters } = query;
    if (cursor === undefined) {
      const page = { limit, offset: offset ?? 0 };
      return envelope((await source.offset(page)).map(toDto), page);
    }
    const scope: CursorScope = { list, tenantId, filters };
    const from = cursor === '' ? { position: null, seen: 0 } : this.cursors.open(cursor, scope);
    // One row more than asked tells whether another page follows, so the last page says so itself.
    const rows = await source.walk(from.position, limit + 1);
    const data = rows.slice(0, limit);
    const seen = from.seen + data.length;
    const last = data.at(-1);
    const nextCursor = rows.length > limit && last !== undefined ? this.cursors.seal(scope, { position: source.position(last), seen }) : null;
    return { ...envelope(data.map(toDto), { limit, offset: from.seen }), nextCursor };
  }
}
