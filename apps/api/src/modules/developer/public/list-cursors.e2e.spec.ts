import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { EVENT_CODES } from '@wfm/events/catalog';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const NOT_OURS = badRequest('cursor is not a cursor this server issued');
const FOREIGN = badRequest('cursor belongs to another list');
/** A cursor with its first character changed: the payload no longer matches its signature. */
const tamper = (cursor: string) => cursor.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
/** A key that sorts before or after every seeded row, `n` ms apart so that each is its own. */
const EARLIEST = (n: number) => new Date(Date.UTC(2000, 0, 1) + n).toISOString();
const LATEST = (n: number) => new Date(Date.UTC(2099, 0, 1) + n).toISOString();

interface Page {
  data: Array<{ id?: string; code?: string }>;
  pagination: { limit: number; offset: number; count: number };
  nextCursor?: string | null;
}

/**
 * How each /public list is seeded and what its cursor walk order is. `seed` writes one row of the
 * tenant whose walk key is `at` (microseconds included: a cursor must keep them); `truth` is the
 * tenant's rows in walk order, read straight from the table.
 */
interface ListCase {
  path: string;
  seed(tenantId: string, at: string): Promise<string>;
  truth(tenantId: string): Promise<string[]>;
  /** An edit that moves the row in the documented (offset) order, for lists whose documented key is mutable; `n` makes each move distinct. */
  move?(id: string, n: number): Promise<void>;
}

describe('developer API: cursor paging of every /public list (HTTP)', () => {
  const s = publicApiSuite(33);
  let key: string;
  let keyB: string;
  const fixtures = new Map<string, { userId: string; outletId: string }>();

  beforeEach(async () => {
    const scopes = ['shifts:read', 'attendance:read', 'leave:read', 'webhooks:read'] as const;
    key = await apiKeyFor(s.h, s.tenantA, [...scopes]);
    keyB = await apiKeyFor(s.h, s.tenantB, [...scopes]);
    fixtures.clear();
  });

  /** One person and one outlet per tenant that shifts, attendance and leave rows hang off. */
  async function fixture(tenantId: string): Promise<{ userId: string; outletId: string }> {
    let f = fixtures.get(tenantId);
    if (!f) {
      f = { userId: (await createUser(s.h.ds, tenantId)).id, outletId: (await createOutlet(s.h.ds, tenantId)).id };
      fixtures.set(tenantId, f);
    }
    return f;
  }

  const ids = async (sql: string, tenantId: string) => ((await s.h.ds.query(sql, [tenantId])) as Array<{ id: string }>).map((r) => r.id);
  let day = 0;
  /** Distinct days, so that shifts and leave of one person never overlap. */
  const nextDay = () => new Date(Date.UTC(2031, 0, 1) + (day += 1) * 86_400_000);

  const LISTS: Record<string, ListCase> = {
    outlets: {
      path: '/public/outlets',
      seed: async (tenantId, at) => {
        const o = await createOutlet(s.h.ds, tenantId, { name: `Outlet ${randomUUID().slice(0, 8)}` });
        await s.h.ds.query(`UPDATE outlets SET created_at = $2 WHERE id = $1`, [o.id, at]);
        return o.id;
      },
      truth: (t) => ids(`SELECT id FROM outlets WHERE tenant_id = $1 ORDER BY created_at, id`, t),
      move: async (id, n) => void (await s.h.ds.query(`UPDATE outlets SET name = $2 WHERE id = $1`, [id, `!!! first by name ${n}`])),
    },
    employees: {
      path: '/public/employees',
      seed: async (tenantId, at) => {
        const u = await createUser(s.h.ds, tenantId);
        await s.h.ds.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [u.id, at]);
        return u.id;
      },
      truth: (t) => ids(`SELECT id FROM users WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, t),
    },
    'employees?order=newest': {
      path: '/public/employees?order=newest',
      seed: async (tenantId, at) => LISTS.employees!.seed(tenantId, at),
      truth: (t) => ids(`SELECT id FROM users WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`, t),
    },
    shifts: {
      path: '/public/shifts',
      seed: async (tenantId, at) => {
        const { userId, outletId } = await fixture(tenantId);
        const id = randomUUID();
        const start = nextDay();
        await s.h.ds.query(
          `INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
          [id, tenantId, userId, outletId, start, new Date(start.getTime() + 8 * 3_600_000), at],
        );
        return id;
      },
      truth: (t) => ids(`SELECT id FROM shift_assignments WHERE tenant_id = $1 ORDER BY created_at, id`, t),
      move: async (id, n) => {
        const start = new Date(Date.UTC(2020, 0, n, 9));
        await s.h.ds.query(`UPDATE shift_assignments SET scheduled_start = $2, scheduled_end = $3 WHERE id = $1`, [id, start, new Date(start.getTime() + 8 * 3_600_000)]);
      },
    },
    attendance: {
      path: '/public/attendance',
      seed: async (tenantId, at) => {
        const { userId, outletId } = await fixture(tenantId);
        const id = randomUUID();
        await s.h.ds.query(
          `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5::timestamptz + interval '1 hour', 'VERIFIED', $5, $5)`,
          [id, tenantId, userId, outletId, at],
        );
        return id;
      },
      truth: (t) => ids(`SELECT id FROM attendance_events WHERE tenant_id = $1 ORDER BY clock_in_at, id`, t),
    },
    'leave-requests': {
      path: '/public/leave-requests',
      seed: async (tenantId, at) => {
        const { userId } = await fixture(tenantId);
        const id = randomUUID();
        const start = nextDay();
        await s.h.ds.query(
          `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, created_at, updated_at)
           VALUES ($1, $2, $3, 'ANNUAL', $4, $5, 1, 1, 'PENDING', $6, $6)`,
          [id, tenantId, userId, start, new Date(start.getTime() + 86_399_999), at],
        );
        return id;
      },
      truth: (t) => ids(`SELECT id FROM leave_requests WHERE tenant_id = $1 ORDER BY created_at, id`, t),
    },
    webhooks: {
      path: '/public/webhooks',
      seed: async (tenantId, at) => {
        const id = randomUUID();
        await s.h.ds.query(
          `INSERT INTO webhook_subscriptions (id, tenant_id, name, url, events, secret_sealed, secret_hint, created_at, updated_at)
           VALUES ($1, $2, 'Hook', 'https://hooks.example.com/in', ARRAY['shift.assigned'], 'sealed', 'abcd', $3, $3)`,
          [id, tenantId, at],
        );
        return id;
      },
      truth: (t) => ids(`SELECT id FROM webhook_subscriptions WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC`, t),
    },
  };

  const get = (path: string, k = key) => s.h.request('GET', path, { headers: { 'x-forwarded-for': s.ip, authorization: `Bearer ${k}` } });
  const withQuery = (path: string, qs: string) => `${path}${path.includes('?') ? '&' : '?'}${qs}`;
  const rowId = (r: { id?: string; code?: string }) => (r.id ?? r.code)!;

  /** Walks a list from `cursor=` to the end; `between` runs after each page but the last. */
  async function walk(path: string, limit: number, between: (page: number) => Promise<void> = async () => undefined, k = key): Promise<{ seen: string[]; pages: Page[] }> {
    const pages: Page[] = [];
    let cursor = '';
    for (;;) {
      const res = await get(withQuery(path, `limit=${limit}&cursor=${encodeURIComponent(cursor)}`), k);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const page = res.body as Page;
      pages.push(page);
      if (page.nextCursor === null) break;
      expect(page.nextCursor).to.be.a('string');
      cursor = page.nextCursor!;
      await between(pages.length);
      expect(pages.length, 'the walk ends').to.be.below(50);
    }
    return { seen: pages.flatMap((p) => p.data.map(rowId)), pages };
  }

  /** Rows whose keys share a millisecond and whole keys, so the id tie-break and microseconds are exercised. */
  async function seedFive(list: ListCase, tenantId = s.tenantA): Promise<void> {
    for (const at of ['2030-01-01T08:00:00.000100Z', '2030-01-01T08:00:00.000200Z', '2030-01-01T08:00:00.000200Z', '2030-01-02T08:00:00Z', '2030-01-03T08:00:00Z']) {
      await list.seed(tenantId, at);
    }
  }

  for (const [name, list] of Object.entries(LISTS)) {
    describe(`GET ${list.path}`, () => {
      it('walks every row once, in the walk order, limit rows a page; offset counts the rows before the page', async () => {
        await seedFive(list);
        const truth = await list.truth(s.tenantA);
        expect(truth.length).to.be.at.least(5);
        const { seen, pages } = await walk(list.path, 2);
        expect(seen).to.deep.equal(truth);
        let before = 0;
        for (const page of pages) {
          expect(page.pagination).to.deep.equal({ limit: 2, offset: before, count: page.data.length });
          expect(page.data.length).to.be.at.most(2);
          before += page.data.length;
        }
        expect(pages.at(-1)!.nextCursor).to.equal(null);
      });

      it('leaves offset mode as spec 01 has it: no nextCursor in the envelope', async () => {
        await seedFive(list);
        const res = await get(withQuery(list.path, 'limit=2&offset=1'));
        expect(res.status).to.equal(200);
        expect(Object.keys(res.body).sort()).to.deep.equal(['data', 'pagination']);
        expect(res.body.pagination).to.deep.equal({ limit: 2, offset: 1, count: 2 });
      });

      it('is 400 for a tampered cursor, for cursor with offset, and for another tenant’s or another list’s cursor', async () => {
        await seedFive(list);
        await seedFive(list, s.tenantB);
        const first = (await get(withQuery(list.path, 'limit=2&cursor='))).body as Page;
        const cursor = first.nextCursor!;
        const tampered = tamper(cursor);
        const cases: Array<[string, string, unknown]> = [
          [`limit=2&cursor=${tampered}`, key, NOT_OURS],
          ['limit=2&cursor=not-a-cursor', key, NOT_OURS],
          [`limit=2&offset=0&cursor=${cursor}`, key, badRequest('cursor cannot be combined with offset')],
          ['offset=2&cursor=', key, badRequest('cursor cannot be combined with offset')],
          // Tenant B's key with tenant A's cursor: refused, and nothing of either tenant is shown.
          [`limit=2&cursor=${cursor}`, keyB, FOREIGN],
        ];
        for (const [qs, k, body] of cases) {
          const res = await get(withQuery(list.path, qs), k);
          expect(res.status, qs).to.equal(400);
          expect(res.body, qs).to.deep.equal(body);
        }
        const otherList = name === 'webhooks' ? '/public/outlets' : '/public/webhooks';
        const res = await get(`${otherList}?limit=2&cursor=${cursor}`);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(FOREIGN);
      });

      it('sees every row present at the start exactly once while rows are inserted before and after its position', async () => {
        await seedFive(list);
        await seedFive(list);
        const start = await list.truth(s.tenantA);
        const inserted: { before: string[]; after: string[] } = { before: [], after: [] };
        const { seen } = await walk(list.path, 3, async (page) => {
          // Written between pages, as another client would: one row that sorts before the walk's position and one after.
          const descending = name === 'webhooks' || name === 'employees?order=newest';
          inserted.before.push(await list.seed(s.tenantA, descending ? LATEST(page) : EARLIEST(page)));
          // Each later one further along the walk's direction, so it lands ahead of the position.
          inserted.after.push(await list.seed(s.tenantA, descending ? EARLIEST(-page) : LATEST(page)));
          // An edit that reorders the documented (offset) order must not move a row in the walk.
          if (list.move) await list.move(start.at(-page)!, page);
        });
        expect(new Set(seen).size, 'no row twice').to.equal(seen.length);
        for (const id of start) expect(seen.filter((x) => x === id), id).to.have.length(1);
        // A row inserted during the walk is seen at most once: behind the position never, ahead of it once.
        for (const id of inserted.before) expect(seen).not.to.include(id);
        for (const id of inserted.after) expect(seen).to.include(id);
      });
    });
  }

  it('binds an employees cursor to its order: a newest-first cursor is 400 on the oldest-first list', async () => {
    await seedFive(LISTS.employees!);
    const cursor = ((await get('/public/employees?order=newest&limit=2&cursor=')).body as Page).nextCursor!;
    const res = await get(`/public/employees?limit=2&cursor=${cursor}`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal(badRequest('cursor was issued with other filters; send the filters of the first page'));
  });

  it('binds a filtered cursor to its filters: the same cursor with another outletId is 400', async () => {
    await seedFive(LISTS.shifts!);
    const { outletId } = await fixture(s.tenantA);
    const cursor = ((await get(`/public/shifts?outletId=${outletId}&limit=2&cursor=`)).body as Page).nextCursor!;
    const same = await get(`/public/shifts?outletId=${outletId}&limit=2&cursor=${cursor}`);
    expect(same.status).to.equal(200);
    expect(same.body.data).to.have.length(2);
    const other = await get(`/public/shifts?outletId=${randomUUID()}&limit=2&cursor=${cursor}`);
    expect(other.status).to.equal(400);
    expect(other.body).to.deep.equal(badRequest('cursor was issued with other filters; send the filters of the first page'));
  });

  it('lets limit change between pages of one walk', async () => {
    await seedFive(LISTS.outlets!);
    const first = (await get('/public/outlets?limit=1&cursor=')).body as Page;
    const rest = (await get(`/public/outlets?limit=200&cursor=${first.nextCursor}`)).body as Page;
    expect([...first.data, ...rest.data].map(rowId)).to.deep.equal(await LISTS.outlets!.truth(s.tenantA));
    expect(rest.pagination).to.deep.equal({ limit: 200, offset: 1, count: rest.data.length });
    expect(rest.nextCursor).to.equal(null);
  });

  it('answers an empty list with no rows and nextCursor null', async () => {
    const res = await get('/public/webhooks?cursor=');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [], pagination: { limit: 50, offset: 0, count: 0 }, nextCursor: null });
  });

  describe('GET /public/webhook-catalog', () => {
    it('walks the whole catalog once, in catalog order', async () => {
      const { seen, pages } = await walk('/public/webhook-catalog', 7);
      expect(seen).to.deep.equal([...EVENT_CODES]);
      expect(pages.map((p) => p.pagination.count)).to.deep.equal([7, 7, EVENT_CODES.length - 14]);
    });

    it('is 400 for a tampered cursor, cursor with offset, and another tenant’s or list’s cursor', async () => {
      const cursor = ((await get('/public/webhook-catalog?limit=3&cursor=')).body as Page).nextCursor!;
      const cases: Array<[string, string, unknown]> = [
        [`/public/webhook-catalog?cursor=${tamper(cursor)}`, key, NOT_OURS],
        [`/public/webhook-catalog?offset=3&cursor=${cursor}`, key, badRequest('cursor cannot be combined with offset')],
        [`/public/webhook-catalog?cursor=${cursor}`, keyB, FOREIGN],
        [`/public/outlets?cursor=${cursor}`, key, FOREIGN],
      ];
      for (const [path, k, body] of cases) {
        const res = await get(path, k);
        expect(res.status, path).to.equal(400);
        expect(res.body, path).to.deep.equal(body);
      }
    });
  });
});
