import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import type { RequestOptions } from '../../../test-support/harness.js';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { itChecksDeveloperCredentials } from '../../../test-support/developer-route-checks.js';

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const OVERLAP = { message: 'The shift overlaps another shift of this user', error: 'SHIFT_OVERLAP', statusCode: 409 };
const PUBLIC_SHIFT_KEYS = ['id', 'userId', 'outletId', 'scheduledStart', 'scheduledEnd', 'status', 'type', 'createdAt', 'updatedAt'];

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}
function notFound(message: string) {
  return { message, error: 'Not Found', statusCode: 404 };
}
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;

describe('shifts (HTTP, /public developer API)', () => {
  const s = publicApiSuite(20);
  let worker: CreatedUser;
  let outletId: string;
  let readKey: string;
  let writeKey: string;

  beforeEach(async () => {
    worker = await createUser(s.h.ds, s.tenantA);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    // A key acts with the rank of the person who made it (people-policy): the tenant's owner here.
    await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER', password: null });
    readKey = await apiKeyFor(s.h, s.tenantA, ['shifts:read']);
    writeKey = await apiKeyFor(s.h, s.tenantA, ['shifts:write']);
  });

  const ctx = () => ({ h: s.h, tenantId: s.tenantA });

  function call(method: string, path: string, key: string | null, opts: RequestOptions = {}) {
    return s.h.request(method, path, { ...opts, headers: { 'x-forwarded-for': s.ip, ...(key ? { authorization: `Bearer ${key}` } : {}), ...opts.headers } });
  }
  function list(qs = '', key: string | null = readKey) {
    return call('GET', `/public/shifts${qs ? `?${qs}` : ''}`, key);
  }
  function body(over: Record<string, unknown> = {}) {
    return { userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00'), ...over };
  }
  function create(payload: unknown, key: string | null = writeKey) {
    return call('POST', '/public/shifts', key, { body: payload });
  }
  async function seed(userId: string, start: string, end: string, outlet = outletId, tenantId = s.tenantA): Promise<string> {
    const owner = await createUser(s.h.ds, tenantId, { role: 'TENANT_OWNER' });
    const res = await s.h.request('POST', '/shift-assignments', {
      token: await s.h.tokenFor(owner),
      body: { userId, outletId: outlet, scheduledStart: start, scheduledEnd: end },
    });
    expect(res.status).to.equal(201);
    return res.body.id;
  }
  async function events(): Promise<Array<{ type: string; tenantId: string; payload: Record<string, unknown> }>> {
    return s.h.ds.query(`SELECT type, tenant_id AS "tenantId", payload FROM domain_events WHERE tenant_id = ANY($1) ORDER BY occurred_at, id`, [s.tenants]);
  }

  describe('GET /public/shifts', () => {
    it("returns the tenant's shifts by scheduledStart in the list envelope, never another tenant's", async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const late = await seed(worker.id, at('18:00'), at('20:00'));
      const early = await seed(colleague.id, at('06:00'), at('08:00'));
      await seed((await createUser(s.h.ds, s.tenantB)).id, at('07:00'), at('08:00'), (await createOutlet(s.h.ds, s.tenantB)).id, s.tenantB);
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('data', 'pagination');
      expect(res.body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 2 });
      expect(res.body.data.map((s: { id: string }) => s.id)).to.deep.equal([early, late]);
      expect(res.body.data[0]).to.have.all.keys(PUBLIC_SHIFT_KEYS);
      expect(res.body.data[0]).to.deep.include({ userId: colleague.id, outletId, scheduledStart: at('06:00'), scheduledEnd: at('08:00'), status: 'SCHEDULED', type: 'REGULAR' });
    });

    it('filters by outletId and by scheduledStart in [from, to), instants with any offset', async () => {
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const a = await seed(worker.id, at('06:00'), at('08:00'));
      const b = await seed(worker.id, at('09:00'), at('12:00'), otherOutlet);
      const c = await seed(worker.id, at('12:00'), at('14:00'));
      const ids = async (qs: string) => (await list(qs)).body.data.map((s: { id: string }) => s.id);
      expect(await ids(`outletId=${otherOutlet}`)).to.deep.equal([b]);
      expect(await ids(`from=${at('09:00')}&to=${at('12:00')}`)).to.deep.equal([b]);
      expect(await ids(`from=${encodeURIComponent('2026-03-02T08:00:00-01:00')}`)).to.deep.equal([b, c]);
      expect(await ids(`to=${at('09:00')}&outletId=${outletId}`)).to.deep.equal([a]);
    });

    it('applies the list rules: limit clamped to 1..200, offset, count of this page', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await seed(worker.id, at(`0${i + 1}:00`), at(`0${i + 1}:30`)));
      const big = await list('limit=500');
      expect(big.body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 3 });
      const zero = await list('limit=0');
      expect(zero.body.pagination).to.deep.equal({ limit: 1, offset: 0, count: 1 });
      expect(zero.body.data.map((s: { id: string }) => s.id)).to.deep.equal([ids[0]]);
      const page = await list('limit=1&offset=2');
      expect(page.body.pagination).to.deep.equal({ limit: 1, offset: 2, count: 1 });
      expect(page.body.data.map((s: { id: string }) => s.id)).to.deep.equal([ids[2]]);
      const past = await list('offset=10');
      expect(past.body).to.deep.equal({ data: [], pagination: { limit: 50, offset: 10, count: 0 } });
    });

    it('is 400 for page, a non-numeric limit or offset, undeclared filters and malformed values', async () => {
      const cases: Array<[string, string[]]> = [
        ['page=2', ['property page should not exist']],
        ['limit=abc', ['limit must be an integer number']],
        ['offset=x', ['offset must be an integer number']],
        [`userId=${worker.id}`, ['property userId should not exist']],
        ['status=SCHEDULED', ['property status should not exist']],
        ['outletId=abc', ['outletId must be a UUID']],
        ['from=2026-03-02T09:00:00', ['from must be a valid ISO 8601 date string']],
        [`from=${at('10:00')}&to=${at('09:00')}`, ['to must not be before from']],
      ];
      for (const [qs, message] of cases) {
        const res = await list(qs);
        expect(res.status, qs).to.equal(400);
        expect(res.body, qs).to.deep.equal(badRequest(...message));
      }
    });

    itChecksDeveloperCredentials(ctx, 'shifts:read', (key, headers) => call('GET', '/public/shifts', key, headers ? { headers } : {}));

    it('allows 60 GETs per 60 s per address, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 60; i++) {
        const res = await list();
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('60');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(60 - i));
      }
      const res = await list();
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
    });
  });

  describe('POST /public/shifts', () => {
    it('creates a SCHEDULED shift and records shift.assigned once with the exact payload', async () => {
      const res = await create(body({ type: 'TRAINING', scheduledEnd: '2026-03-02T18:00:00+01:00' }));
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(PUBLIC_SHIFT_KEYS);
      expect(res.body).to.deep.include({ userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00'), status: 'SCHEDULED', type: 'TRAINING' });
      const [row] = await s.h.ds.query(`SELECT tenant_id, created_by_user_id FROM shift_assignments WHERE id = $1`, [res.body.id]);
      expect(row).to.deep.equal({ tenant_id: s.tenantA, created_by_user_id: null });
      expect(await events()).to.deep.equal([
        {
          type: 'shift.assigned',
          tenantId: s.tenantA,
          payload: { tenantId: s.tenantA, shiftAssignmentId: res.body.id, userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00') },
        },
      ]);
    });

    it('refuses an overlapping shift with SHIFT_OVERLAP and allows a touching one', async () => {
      expect((await create(body())).status).to.equal(201);
      const clash = await create(body({ scheduledStart: at('16:00'), scheduledEnd: at('20:00') }));
      expect(clash.status).to.equal(409);
      expect(clash.body).to.deep.equal(OVERLAP);
      expect((await create(body({ scheduledStart: at('17:00'), scheduledEnd: at('20:00') }))).status).to.equal(201);
      expect((await events()).length).to.equal(2);
    });

    it('lets exactly one of two concurrent overlapping creations commit', async () => {
      const results = await Promise.all([create(body()), create(body({ scheduledStart: at('08:00'), scheduledEnd: at('10:00') }))]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
      expect(results.find((r) => r.status === 409)!.body).to.deep.equal(OVERLAP);
      expect(await events()).to.have.length(1);
    });

    it('validates the body; status and note are not part of it', async () => {
      expect((await create({})).body).to.deep.equal(badRequest('userId is required', 'outletId is required', 'scheduledStart is required', 'scheduledEnd is required'));
      expect((await create(body({ status: 'PROPOSED', note: 'x' }))).body).to.deep.equal(badRequest('property status should not exist', 'property note should not exist'));
      expect((await create(body({ scheduledEnd: at('08:00') }))).body).to.deep.equal(badRequest('scheduledEnd must be after scheduledStart'));
      expect((await create(body({ type: 'NIGHT' }))).body).to.deep.equal(badRequest('type must be one of the following values: REGULAR, OVERTIME, ON_CALL, TRAINING'));
      expect(await events()).to.deep.equal([]);
    });

    it('is 404 for a user or outlet of another tenant', async () => {
      const foreignUser = await createUser(s.h.ds, s.tenantB);
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await create(body({ userId: foreignUser.id }))).body).to.deep.equal(notFound('User not found'));
      expect((await create(body({ outletId: foreignOutlet.id }))).body).to.deep.equal(notFound('Outlet not found'));
      const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(row.n).to.equal(0);
    });

    it('a key of another tenant cannot create shifts for this tenant', async () => {
      const foreignKey = await apiKeyFor(s.h, s.tenantB, ['shifts:write']);
      expect((await create(body(), foreignKey)).body).to.deep.equal(notFound('User not found'));
    });

    let slot = 0;
    itChecksDeveloperCredentials(ctx, 'shifts:write', (key, headers) => {
      slot += 1;
      const day = `2026-04-${String((slot % 28) + 1).padStart(2, '0')}`;
      return call('POST', '/public/shifts', key, { body: body({ scheduledStart: at('09:00', day), scheduledEnd: at('10:00', day) }), ...(headers ? { headers } : {}) });
    });

    it('allows 10 writes per 60 s per address, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 10; i++) {
        const res = await create(body({ scheduledStart: at(`${String(i).padStart(2, '0')}:00`), scheduledEnd: at(`${String(i).padStart(2, '0')}:30`) }));
        expect(res.status).to.equal(201);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(10 - i));
      }
      const res = await create(body({ scheduledStart: at('20:00'), scheduledEnd: at('21:00') }));
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
      expect(await events()).to.have.length(10);
    });
  });
});
