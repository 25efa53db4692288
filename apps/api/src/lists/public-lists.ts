import { envelope, type PageRequest } from '@wfm/core/pagination';
import type { Keyed, KeysetPosition } from '@wfm/db/sql';
import type { CursorScope, ListCursorCodec } from './list-cursor.js';

/** What a /public list query carries for paging (http/public-list.ts parses it). */
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
