import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '@wfm/core/errors';
import { z } from 'zod';

/** Bumped when a list's position changes shape, so an older cursor is refused rather than misread. */
const VERSION = 1;
const MAC_BYTES = 32;

/** What a cursor is bound to: it works only on the list, for the tenant and with the filters it was made for. */
export interface CursorScope {
  list: string;
  tenantId: string;
  /** The list's filters as parsed (limit, offset and cursor excluded). */
  filters: Record<string, unknown>;
}

/** Where a walk stands: the last row's position in the list's walk order, and how many rows the walk has returned. */
export interface CursorState {
  position: readonly string[];
  seen: number;
}

const Payload = z.object({
  v: z.literal(VERSION),
  l: z.string(),
  t: z.string(),
  f: z.string(),
  p: z.array(z.string()).min(1),
  n: z.number().int().min(0),
});

const MALFORMED = 'cursor is not a cursor this server issued';
const FOREIGN = 'cursor belongs to another list';
const REFILTERED = 'cursor was issued with other filters; send the filters of the first page';

/**
 * Opaque, signed list cursors: base64url of a small JSON payload, a dot, and its HMAC-SHA256. The
 * payload binds the cursor to its list, tenant and a hash of its filters, so a cursor cannot be
 * edited, replayed on another list, used by another tenant or carried over to other filters. It
 * is signed, not encrypted: it holds nothing the caller does not already know.
 */
export class ListCursorCodec {
  private readonly key: Buffer;

  /** The key is derived from a server secret under its own label, so a cursor's MAC can never stand for anything else that secret signs. */
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'wfm/list-cursor/v1', 32));
  }

  seal(scope: CursorScope, state: CursorState): string {
    const body = Buffer.from(
      JSON.stringify({ v: VERSION, l: scope.list, t: scope.tenantId, f: filtersHash(scope.filters), p: state.position, n: state.seen }),
    ).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The state a cursor carries; 400 naming `cursor` when it was not made by this server for this scope. */
  open(cursor: string, scope: CursorScope): CursorState {
    const [body, mac, ...rest] = cursor.split('.');
    if (!body || mac === undefined || rest.length > 0) throw new BadRequestError([MALFORMED]);
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(body);
    if (given.length !== MAC_BYTES || !timingSafeEqual(given, expected)) throw new BadRequestError([MALFORMED]);
    const parsed = Payload.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success) throw new BadRequestError([MALFORMED]);
    const p = parsed.data;
    if (p.l !== scope.list || p.t !== scope.tenantId) throw new BadRequestError([FOREIGN]);
    if (p.f !== filtersHash(scope.filters)) throw new BadRequestError([REFILTERED]);
    return { position: p.p, seen: p.n };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Absent filters are left out and keys sorted, so the same filters always hash alike. */
function filtersHash(filters: Record<string, unknown>): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 22);
}
