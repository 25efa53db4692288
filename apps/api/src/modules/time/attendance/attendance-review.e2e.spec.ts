import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import type { RequestOptions } from '../../../test-support/harness.js';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { itChecksDeveloperCredentials } from '../../../test-support/developer-route-checks.js';
import { ATTENDANCE_KEYS } from '../../../test-support/attendance.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Attendance event not found', error: 'Not Found', statusCode: 404 };
const STILL_OPEN = { message: 'An open attendance event cannot be reviewed before clock-out', error: 'Conflict', statusCode: 409 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;

describe('attendance review and lists (HTTP, JWT and /public)', () => {
  const s = publicApiSuite(30);
  let manager: CreatedUser;
  let managerToken: string;
  let worker: CreatedUser;
  let outletId: string;

  beforeEach(async () => {
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OPERATIONS_MANAGER' });
    managerToken = await s.h.tokenFor(manager);
    worker = await createUser(s.h.ds, s.tenantA);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
  });

  const ctx = () => ({ h: s.h, tenantId: s.tenantA });

  /** An attendance event as clock-in/out would leave it; closed ones clocked out an hour later. */
  async function seed(over: { userId?: string; outletId?: string; tenantId?: string; clockInAt?: string; status?: string } = {}): Promise<string> {
    const id = uuid();
    const status = over.status ?? 'PENDING_REVIEW';
    const clockIn = new Date(over.clockInAt ?? at('09:00'));
    const clockOut = status === 'OPEN' ? null : new Date(clockIn.getTime() + 3600_000);
    await s.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $5, $5)`,
      [id, over.tenantId ?? s.tenantA, over.userId ?? worker.id, over.outletId ?? outletId, clockIn, clockOut, status],
    );
    return id;
  }
  async function foreignEvent(): Promise<string> {
    const user = await createUser(s.h.ds, s.tenantB);
    const outlet = await createOutlet(s.h.ds, s.tenantB);
    return seed({ tenantId: s.tenantB, userId: user.id, outletId: outlet.id });
  }
  function call(method: string, path: string, key: string | null, opts: RequestOptions = {}) {
    return s.h.request(method, path, { ...opts, headers: { 'x-forwarded-for': s.ip, ...(key ? { authorization: `Bearer ${key}` } : {}), ...opts.headers } });
  }
  async function eventCount(): Promise<number> {
    const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = ANY($1)`, [s.tenants]);
    return row.n;
  }

  describe('GET /attendance', () => {
    it("lists the tenant's events by clockInAt for managers, with filters on outlet, user, status and clockInAt in [from, to)", async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const c = await seed({ clockInAt: at('12:00'), status: 'OPEN' });
      const a = await seed({ clockInAt: at('06:00'), status: 'VERIFIED' });
      const b = await seed({ clockInAt: at('09:00'), userId: colleague.id, outletId: otherOutlet });
      await foreignEvent();
      const ids = async (qs = '') => {
        const res = await s.h.request('GET', `/attendance${qs ? `?${qs}` : ''}`, { token: managerToken });
        expect(res.status, qs).to.equal(200);
        return res.body.map((e: { id: string }) => e.id);
      };
      expect(await ids()).to.deep.equal([a, b, c]);
      expect(await ids(`outletId=${otherOutlet}`)).to.deep.equal([b]);
      expect(await ids(`userId=${worker.id}`)).to.deep.equal([a, c]);
      expect(await ids('status=OPEN')).to.deep.equal([c]);
      expect(await ids(`from=${at('09:00')}&to=${at('12:00')}`)).to.deep.equal([b]);
      expect(await ids('limit=1&offset=1')).to.deep.equal([b]);
      const first = await s.h.request('GET', '/attendance', { token: managerToken });
      expect(first.body[0]).to.have.all.keys(ATTENDANCE_KEYS);
    });

    it('shows everyone else only their own events; asking for another person is 403', async () => {
      const mine = await seed();
      const colleague = await createUser(s.h.ds, s.tenantA);
      await seed({ userId: colleague.id });
      const token = await s.h.tokenFor(worker);
      const own = await s.h.request('GET', '/attendance', { token });
      expect(own.body.map((e: { id: string }) => e.id)).to.deep.equal([mine]);
      const other = await s.h.request('GET', `/attendance?userId=${colleague.id}`, { token });
      expect(other.status).to.equal(403);
      expect(other.body).to.deep.equal({ message: 'You can list only your own attendance', error: 'Forbidden', statusCode: 403 });
    });

    it('rejects malformed and undeclared query parameters', async () => {
      const cases: Array<[string, string[]]> = [
        ['status=DONE', ['status must be one of the following values: OPEN, VERIFIED, PENDING_REVIEW, APPROVED, REJECTED']],
        ['page=1', ['property page should not exist']],
        ['limit=abc', ['limit must be an integer number']],
        [`from=${at('10:00')}&to=${at('09:00')}`, ['to must not be before from']],
      ];
      for (const [qs, message] of cases) expect((await s.h.request('GET', `/attendance?${qs}`, { token: managerToken })).body, qs).to.deep.equal(badRequest(...message));
    });

    it('is a bare 401 without a token and with a developer API key', async () => {
      expect((await s.h.request('GET', '/attendance')).body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA, ['attendance:read']);
      expect((await s.h.request('GET', '/attendance', { headers: { 'x-api-key': key } })).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('PATCH /attendance/:id', () => {
    const review = (id: string, body: unknown, token = managerToken) => s.h.request('PATCH', `/attendance/${id}`, { token, body });

    it('approves a clocked-out event through the real clock-in/out flow, recording the reviewer and firing nothing', async () => {
      const workerToken = await s.h.tokenFor(worker);
      const opened = await s.h.request('POST', '/mobile/clock-in', { token: workerToken, body: { outletId } });
      expect((await review(opened.body.id, { status: 'APPROVED' })).body).to.deep.equal(STILL_OPEN);
      await s.h.request('POST', '/mobile/clock-out', { token: workerToken, body: {} });
      s.h.clock.advance(60_000);
      const res = await review(opened.body.id, { status: 'APPROVED', note: ' Checked CCTV ' });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys(ATTENDANCE_KEYS);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.include({ id: opened.body.id, status: 'APPROVED', reviewNote: 'Checked CCTV', reviewedByUserId: manager.id, reviewedAt: now, updatedAt: now });
      expect(await eventCount()).to.equal(0);
    });

    it('rejects a VERIFIED event; a decided event cannot be reviewed again', async () => {
      const id = await seed({ status: 'VERIFIED' });
      const res = await review(id, { status: 'REJECTED' });
      expect(res.body).to.deep.include({ status: 'REJECTED', reviewNote: null });
      for (const status of ['APPROVED', 'REJECTED']) {
        expect((await review(id, { status })).body).to.deep.equal({ message: 'This attendance event is already REJECTED', error: 'Conflict', statusCode: 409 });
      }
    });

    it('validates the body and the id', async () => {
      const id = await seed();
      expect((await review(id, {})).body).to.deep.equal(badRequest('status is required'));
      expect((await review(id, { status: 'VERIFIED' })).body).to.deep.equal(badRequest('status must be one of the following values: APPROVED, REJECTED'));
      expect((await review(id, { status: 'APPROVED', reviewer: 'me' })).body).to.deep.equal(badRequest('property reviewer should not exist'));
      expect((await review(id, { status: 'APPROVED', note: 'x'.repeat(1001) })).body).to.deep.equal(badRequest('note must be at most 1000 characters'));
      expect((await review('abc', { status: 'APPROVED' })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('is 404 for an event of another tenant, 403 for STAFF, 401 without a token', async () => {
      expect((await review(await foreignEvent(), { status: 'APPROVED' })).body).to.deep.equal(NOT_FOUND);
      expect((await review(UNKNOWN_ID, { status: 'APPROVED' })).body).to.deep.equal(NOT_FOUND);
      const id = await seed();
      expect((await review(id, { status: 'APPROVED' }, await s.h.tokenFor(worker))).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('PATCH', `/attendance/${id}`, { body: { status: 'APPROVED' } })).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('GET /public/attendance', () => {
    let key: string;
    beforeEach(async () => {
      key = await apiKeyFor(s.h, s.tenantA, ['attendance:read']);
    });
    const list = (qs = '') => call('GET', `/public/attendance${qs ? `?${qs}` : ''}`, key);

    it("returns the tenant's events by clockInAt in the list envelope, with every filter", async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const c = await seed({ clockInAt: at('12:00'), status: 'OPEN' });
      const a = await seed({ clockInAt: at('06:00'), status: 'APPROVED' });
      const b = await seed({ clockInAt: at('09:00'), userId: colleague.id, outletId: otherOutlet });
      await foreignEvent();
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 3 });
      expect(res.body.data.map((e: { id: string }) => e.id)).to.deep.equal([a, b, c]);
      expect(res.body.data[0]).to.have.all.keys(ATTENDANCE_KEYS);
      const ids = async (qs: string) => (await list(qs)).body.data.map((e: { id: string }) => e.id);
      expect(await ids(`outletId=${otherOutlet}`)).to.deep.equal([b]);
      expect(await ids(`userId=${worker.id}`)).to.deep.equal([a, c]);
      expect(await ids('status=APPROVED')).to.deep.equal([a]);
      expect(await ids(`from=${encodeURIComponent('2026-03-02T10:00:00+01:00')}&to=${at('12:00')}`)).to.deep.equal([b]);
      expect(await ids(`from=${at('12:00')}`)).to.deep.equal([c]);
    });

    it('applies the list rules', async () => {
      for (let i = 1; i <= 3; i++) await seed({ clockInAt: at(`0${i}:00`) });
      expect((await list('limit=500')).body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 3 });
      expect((await list('limit=0')).body.pagination).to.deep.equal({ limit: 1, offset: 0, count: 1 });
      expect((await list('limit=2&offset=2')).body.pagination).to.deep.equal({ limit: 2, offset: 2, count: 1 });
      const cases: Array<[string, string[]]> = [
        ['page=2', ['property page should not exist']],
        ['limit=abc', ['limit must be an integer number']],
        ['shiftAssignmentId=x', ['property shiftAssignmentId should not exist']],
        ['userId=x', ['userId must be a UUID']],
        ['status=LATE', ['status must be one of the following values: OPEN, VERIFIED, PENDING_REVIEW, APPROVED, REJECTED']],
        ['to=yesterday', ['to must be a valid ISO 8601 date string']],
      ];
      for (const [qs, message] of cases) {
        const res = await list(qs);
        expect(res.status, qs).to.equal(400);
        expect(res.body, qs).to.deep.equal(badRequest(...message));
      }
    });

    itChecksDeveloperCredentials(ctx, 'attendance:read', (credential, headers) => call('GET', '/public/attendance', credential, headers ? { headers } : {}));

    it('allows 60 GETs per 60 s per address, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 60; i++) expect((await list()).headers.get('x-ratelimit-remaining')).to.equal(String(60 - i));
      const res = await list();
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
    });
  });

  describe('PATCH /public/attendance/:id', () => {
    let key: string;
    beforeEach(async () => {
      // A key acts with the rank of the person who made it (people-policy): the tenant's owner here.
      await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER', password: null });
      key = await apiKeyFor(s.h, s.tenantA, ['attendance:write']);
    });
    const review = (id: string, body: unknown, credential: string | null = key) => call('PATCH', `/public/attendance/${id}`, credential, { body });

    it('approves or rejects a closed event; the reviewer is the integration (no user), nothing fires', async () => {
      const pending = await seed();
      const verified = await seed({ status: 'VERIFIED', clockInAt: at('12:00') });
      const approved = await review(pending, { status: 'APPROVED', note: 'ok' });
      expect(approved.status).to.equal(200);
      expect(approved.body).to.have.all.keys(ATTENDANCE_KEYS);
      expect(approved.body).to.deep.include({ status: 'APPROVED', reviewNote: 'ok', reviewedByUserId: null, reviewedAt: s.h.clock.now().toISOString() });
      expect((await review(verified, { status: 'REJECTED' })).body).to.deep.include({ status: 'REJECTED', reviewedByUserId: null });
      expect(await eventCount()).to.equal(0);
    });

    it('is 409 for an OPEN event and for one already reviewed', async () => {
      expect((await review(await seed({ status: 'OPEN' }), { status: 'APPROVED' })).body).to.deep.equal(STILL_OPEN);
      const decided = await seed({ status: 'APPROVED' });
      expect((await review(decided, { status: 'REJECTED' })).body).to.deep.equal({ message: 'This attendance event is already APPROVED', error: 'Conflict', statusCode: 409 });
    });

    it('validates the body', async () => {
      const id = await seed();
      expect((await review(id, { status: 'OPEN' })).body).to.deep.equal(badRequest('status must be one of the following values: APPROVED, REJECTED'));
      expect((await review(id, { status: 'APPROVED', clockOutAt: at('10:00') })).body).to.deep.equal(badRequest('property clockOutAt should not exist'));
    });

    it("is 404 for another tenant's event, also with that tenant's id of a real event", async () => {
      expect((await review(await foreignEvent(), { status: 'APPROVED' })).body).to.deep.equal(NOT_FOUND);
      const foreignKey = await apiKeyFor(s.h, s.tenantB, ['attendance:write']);
      expect((await review(await seed(), { status: 'APPROVED' }, foreignKey)).body).to.deep.equal(NOT_FOUND);
    });

    it('offers no clock-in or clock-out under /public', async () => {
      for (const path of ['/public/attendance/clock-in', '/public/clock-in', '/public/mobile/clock-out']) {
        const res = await call('POST', path, key, { body: { outletId } });
        expect(res.status, path).to.equal(404);
      }
    });

    itChecksDeveloperCredentials(ctx, 'attendance:write', async (credential, headers) =>
      call('PATCH', `/public/attendance/${await seed()}`, credential, { body: { status: 'APPROVED' }, ...(headers ? { headers } : {}) }),
    );

    it('allows 10 writes per 60 s per address, then 429 with Retry-After and no X-RateLimit headers', async () => {
      const ids = [];
      for (let i = 0; i < 11; i++) ids.push(await seed({ clockInAt: at(`${String(i + 1).padStart(2, '0')}:00`) }));
      for (let i = 0; i < 10; i++) {
        const res = await review(ids[i]!, { status: 'APPROVED' });
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
      }
      const res = await review(ids[10]!, { status: 'APPROVED' });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
    });
  });
});
