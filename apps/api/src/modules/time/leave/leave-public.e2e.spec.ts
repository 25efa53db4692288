import { expect } from 'chai';
import type { Scope } from '@wfm/core/scopes';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor, createApiKey } from '../../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const SWITCHED_OFF = { message: 'The Public Developer API is switched off for this tenant', error: 'Forbidden', statusCode: 403 };
const USER_NOT_FOUND = { message: 'User not found', error: 'Not Found', statusCode: 404 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const RECORD_KEYS = ['id', 'userId', 'type', 'startDate', 'endDate', 'days', 'daysDecimal', 'status', 'reason', 'createdAt', 'updatedAt'];
const WEEK = { type: 'ANNUAL', startDate: '2026-04-06', endDate: '2026-04-10' };

const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const lacks = (scope: string) => ({ message: `This credential lacks the ${scope} scope`, error: 'Forbidden', statusCode: 403 });
const notEntitled = (plan: string) => ({ message: `Your ${plan} plan does not include the developer API. Upgrade at /admin/billing.`, error: 'ModuleNotEntitled', statusCode: 403 });

/** GET and POST /public/leave-requests (spec 01, Developer API; spec 03, Leave events). */
describe('developer API: leave requests (HTTP)', () => {
  const s = publicApiSuite(3, { tenant: { timezone: 'UTC' } });
  let worker: CreatedUser;
  let key: string;

  beforeEach(async () => {
    worker = await createUser(s.h.ds, s.tenantA);
    key = await apiKeyFor(s.h, s.tenantA, ['leave:read', 'leave:write']);
  });

  const call = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
    s.h.request(method, path, { ...(opts.body !== undefined ? { body: opts.body } : {}), headers: { 'x-forwarded-for': s.ip, ...opts.headers } });
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
  const list = (query = '', k = key) => call('GET', `/public/leave-requests${query}`, { headers: bearer(k) });
  const post = (body: unknown, k = key) => call('POST', '/public/leave-requests', { body, headers: bearer(k) });

  async function submitted(body: Record<string, unknown> = {}): Promise<string> {
    const res = await post({ targetUserId: worker.id, ...WEEK, ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }

  async function events(code: string, tenantId = s.tenantA): Promise<Array<Record<string, unknown>>> {
    const rows: Array<{ payload: Record<string, unknown> }> = await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = $2 ORDER BY occurred_at, id`, [tenantId, code]);
    return rows.map((r) => r.payload);
  }

  describe('POST /public/leave-requests', () => {
    it('submits for the named person, answers the developer record and fires leave.requested', async () => {
      const res = await post({ targetUserId: worker.id, type: 'SICK', startDate: '2026-04-07', endDate: '2026-04-07', halfDay: 'AM', reason: 'Dentist' });
      expect(res.status).to.equal(201);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.equal({
        id: res.body.id,
        userId: worker.id,
        type: 'SICK',
        startDate: '2026-04-07T00:00:00.000Z',
        endDate: '2026-04-07T11:59:59.999Z',
        days: 1,
        daysDecimal: 0.5,
        status: 'PENDING',
        reason: 'Dentist',
        createdAt: now,
        updatedAt: now,
      });
      expect(await events('leave.requested')).to.deep.equal([
        {
          tenantId: s.tenantA,
          leaveRequestId: res.body.id,
          userId: worker.id,
          leaveType: 'SICK',
          startDate: '2026-04-07T00:00:00.000Z',
          endDate: '2026-04-07T11:59:59.999Z',
          days: 1,
          daysDecimal: 0.5,
        },
      ]);
      const [row] = await s.h.ds.query(`SELECT created_by_user_id, created_by_credential_id FROM leave_requests WHERE id = $1`, [res.body.id]);
      const [credential] = await s.h.ds.query(`SELECT id FROM api_keys WHERE tenant_id = $1`, [s.tenantA]);
      expect(row).to.deep.equal({ created_by_user_id: null, created_by_credential_id: credential.id });
    });

    it('enters the approval chain like any submission: the person sees it, HR approves it', async () => {
      const id = await submitted();
      const own = await s.h.request('GET', `/leave-requests/${id}`, { token: await s.h.tokenFor(worker) });
      expect(own.body).to.deep.include({ status: 'PENDING', currentStep: 1, createdByUserId: null });
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const approved = await s.h.request('POST', `/leave-requests/${id}/approve`, { body: {}, token: await s.h.tokenFor(hr) });
      expect(approved.body).to.deep.include({ status: 'APPROVED' });
      expect((await list()).body.data[0]).to.deep.include({ id, status: 'APPROVED' });
    });

    it('is 404 for a user of another tenant, a deleted user or an unknown id, and records nothing', async () => {
      const outsider = await createUser(s.h.ds, s.tenantB);
      const gone = await createUser(s.h.ds, s.tenantA);
      await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
      for (const targetUserId of [outsider.id, gone.id, '6f1c1e8e-0d5b-4a53-9d43-2f1a3d1c9b10']) {
        const res = await post({ targetUserId, ...WEEK });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(USER_NOT_FOUND);
      }
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM leave_requests WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(0);
      expect(await events('leave.requested', s.tenantB)).to.deep.equal([]);
    });

    it('is 409 LEAVE_OVERLAP over the person’s pending or approved leave', async () => {
      await submitted();
      const res = await post({ targetUserId: worker.id, type: 'UNPAID', startDate: '2026-04-10', endDate: '2026-04-14' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({ message: 'The dates overlap another pending or approved leave request of this person', error: 'LEAVE_OVERLAP', statusCode: 409 });
      expect(await events('leave.requested')).to.have.length(1);
    });

    it('validates the body, targetUserId included', async () => {
      const cases: Array<[unknown, string[]]> = [
        [WEEK, ['targetUserId is required']],
        [{ ...WEEK, targetUserId: 'someone' }, ['targetUserId must be a UUID']],
        [{ ...WEEK, targetUserId: worker.id, type: 'VACATION' }, ['type must be one of the following values: ANNUAL, SICK, UNPAID, PARENTAL, COMPASSIONATE, STUDY, OTHER']],
        [{ ...WEEK, targetUserId: worker.id, endDate: '2026-04-05' }, ['endDate must not be before startDate']],
        [{ ...WEEK, targetUserId: worker.id, halfDay: 'PM' }, ['halfDay is only allowed when startDate and endDate are the same day']],
        [{ ...WEEK, targetUserId: worker.id, userId: worker.id }, ['property userId should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
    });

    it('needs leave:write, accepts X-API-Key and an OAuth token, refuses a user JWT', async () => {
      const readOnly = await apiKeyFor(s.h, s.tenantA, ['leave:read']);
      const res = await post({ targetUserId: worker.id, ...WEEK }, readOnly);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(lacks('leave:write'));
      const viaHeader = await call('POST', '/public/leave-requests', { body: { targetUserId: worker.id, ...WEEK }, headers: { 'x-api-key': key } });
      expect(viaHeader.status).to.equal(201);
      const oauth = await oauthToken(['leave:write']);
      expect((await post({ targetUserId: worker.id, type: 'SICK', startDate: '2026-05-01', endDate: '2026-05-01' }, oauth)).status).to.equal(201);
      const jwt = await post({ targetUserId: worker.id, ...WEEK }, await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' })));
      expect(jwt.status).to.equal(401);
      expect(jwt.body).to.deep.equal(UNAUTHORIZED);
      expect((await call('POST', '/public/leave-requests', { body: { targetUserId: worker.id, ...WEEK } })).body).to.deep.equal(UNAUTHORIZED);
    });

    it('allows 10 writes per 60 s per caller IP, then 429 with Retry-After and no X-RateLimit headers', async () => {
      const first = await post({ targetUserId: worker.id, ...WEEK });
      expect(first.headers.get('x-ratelimit-limit')).to.equal('10');
      expect(first.headers.get('x-ratelimit-remaining')).to.equal('9');
      for (let i = 2; i <= 10; i++) expect((await post({})).status).to.equal(400);
      const res = await post({ targetUserId: worker.id, ...WEEK, startDate: '2026-06-01', endDate: '2026-06-01' });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
      expect(res.headers.has('x-ratelimit-remaining')).to.equal(false);
      expect(await events('leave.requested')).to.have.length(1);
    });
  });

  describe('GET /public/leave-requests', () => {
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map((r) => r.id);

    it("lists the tenant's requests oldest first in the envelope, with the developer record's fields only", async () => {
      const first = await submitted({ reason: 'Trip' });
      s.h.clock.advance(1000);
      const second = await submitted({ type: 'SICK', startDate: '2026-05-04', endDate: '2026-05-04' });
      const outsider = await createUser(s.h.ds, s.tenantB);
      await post({ targetUserId: outsider.id, ...WEEK }, await apiKeyFor(s.h, s.tenantB, ['leave:write']));
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 2 });
      expect(ids(res.body)).to.deep.equal([first, second]);
      expect(res.body.data[0]).to.have.all.keys(RECORD_KEYS);
      expect(res.body.data[0]).to.deep.include({ userId: worker.id, type: 'ANNUAL', startDate: '2026-04-06T00:00:00.000Z', endDate: '2026-04-10T23:59:59.999Z', days: 5, daysDecimal: 5, status: 'PENDING', reason: 'Trip' });
      expect(res.body.data[1]).to.deep.include({ reason: null });
    });

    it('filters by status, type, userId and the overlap of [from, to]', async () => {
      const april = await submitted();
      s.h.clock.advance(1000);
      const may = await submitted({ type: 'SICK', startDate: '2026-05-04', endDate: '2026-05-05' });
      s.h.clock.advance(1000);
      const colleague = await createUser(s.h.ds, s.tenantA);
      const theirs = (await post({ targetUserId: colleague.id, type: 'STUDY', startDate: '2026-04-20', endDate: '2026-04-20' })).body.id;
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      await s.h.request('POST', `/leave-requests/${may}/reject`, { body: { note: 'No' }, token: await s.h.tokenFor(hr) });
      const q = async (query: string) => ids((await list(query)).body);
      expect(await q('?status=REJECTED')).to.deep.equal([may]);
      expect(await q('?status=PENDING&type=ANNUAL')).to.deep.equal([april]);
      expect(await q('?type=STUDY')).to.deep.equal([theirs]);
      expect(await q(`?userId=${worker.id}`)).to.deep.equal([april, may]);
      expect(await q('?from=2026-04-10T12:00:00Z&to=2026-04-20T00:00:00Z')).to.deep.equal([april, theirs]);
      expect(await q('?from=2026-04-21T00:00:00Z')).to.deep.equal([may]);
      expect(await q('?to=2026-04-05T23:59:59Z')).to.deep.equal([]);
    });

    it('pages with limit and offset, clamped to 1–200', async () => {
      const all: string[] = [];
      for (const day of ['01', '02', '03']) {
        all.push(await submitted({ startDate: `2026-06-${day}`, endDate: `2026-06-${day}` }));
        s.h.clock.advance(1000);
      }
      const page = await list('?limit=2&offset=1');
      expect(ids(page.body)).to.deep.equal(all.slice(1));
      expect(page.body.pagination).to.deep.equal({ limit: 2, offset: 1, count: 2 });
      expect((await list('?limit=500')).body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 3 });
      const zero = await list('?limit=0');
      expect(ids(zero.body)).to.deep.equal(all.slice(0, 1));
      expect(zero.body.pagination).to.deep.equal({ limit: 1, offset: 0, count: 1 });
    });

    it('is 400 for page, a non-numeric limit and malformed filters', async () => {
      const cases: Array<[string, string[]]> = [
        ['?page=2', ['property page should not exist']],
        ['?limit=abc', ['limit must be an integer number']],
        ['?status=pending', ['status must be one of the following values: PENDING, APPROVED, REJECTED, CANCELLED']],
        ['?type=HOLIDAY', ['type must be one of the following values: ANNUAL, SICK, UNPAID, PARENTAL, COMPASSIONATE, STUDY, OTHER']],
        ['?userId=123', ['userId must be a UUID']],
        ['?to=yesterday', ['to must be a valid ISO 8601 date string']],
        ['?from=2026-04-02T00:00:00Z&to=2026-04-01T00:00:00Z', ['to must not be before from']],
      ];
      for (const [query, message] of cases) {
        const res = await list(query);
        expect(res.status, query).to.equal(400);
        expect(res.body, query).to.deep.equal(badRequest(...message));
      }
    });

    it('needs leave:read, takes either header form, refuses no credential and a user JWT', async () => {
      const res = await list('', await apiKeyFor(s.h, s.tenantA, ['leave:write', 'shifts:read']));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(lacks('leave:read'));
      expect((await call('GET', '/public/leave-requests', { headers: { 'x-api-key': key } })).status).to.equal(200);
      expect((await list('', await oauthToken(['leave:read']))).status).to.equal(200);
      const anon = await call('GET', '/public/leave-requests');
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      const jwt = await list('', await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' })));
      expect(jwt.status).to.equal(401);
      expect(jwt.body).to.deep.equal(UNAUTHORIZED);
    });

    it('is 403 off the Enterprise plan or with the switch off, including for a key issued before', async () => {
      const growth = (await createTenant(s.h.ds, { plan: 'GROWTH' })).id;
      const growthKey = await apiKeyFor(s.h, growth, ['leave:read']);
      expect((await list('', growthKey)).body).to.deep.equal(notEntitled('GROWTH'));
      const off = (await createTenant(s.h.ds, { publicApiEnabled: false })).id;
      expect((await list('', await apiKeyFor(s.h, off, ['leave:read']))).body).to.deep.equal(SWITCHED_OFF);

      expect((await list()).status).to.equal(200);
      await s.h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [s.tenantA]);
      const downgraded = await list();
      expect(downgraded.status).to.equal(403);
      expect(downgraded.body).to.deep.equal(notEntitled('BASIC'));
      expect((await post({ targetUserId: worker.id, ...WEEK })).body).to.deep.equal(notEntitled('BASIC'));
      await s.h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE', public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await list()).body).to.deep.equal(SWITCHED_OFF);
      expect((await post({ targetUserId: worker.id, ...WEEK })).body).to.deep.equal(SWITCHED_OFF);
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM leave_requests WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(0);
    });

    it('is 401 for an expired key', async () => {
      const expired = await createApiKey(s.h.ds, s.tenantA, {
        secretPepper: s.h.config.secretPepper ?? s.h.config.jwtSecret,
        scopes: ['leave:read'] satisfies Scope[],
        expiresAt: new Date(s.h.clock.now().getTime() - 1000),
      });
      expect((await list('', expired.key)).body).to.deep.equal(UNAUTHORIZED);
    });

    it('allows 60 reads per 60 s per caller IP, then 429', async () => {
      for (let i = 1; i <= 60; i++) expect((await list()).status).to.equal(200);
      const res = await list();
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(res.headers.has('retry-after')).to.equal(true);
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
    });
  });

  /** A real OAuth client of tenant A and a token exchanged for it. */
  async function oauthToken(allowedScopes: Scope[]): Promise<string> {
    const owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    const client = await s.h.request('POST', '/oauth-clients', { body: { name: 'HRIS sync', allowedScopes }, token: await s.h.tokenFor(owner) });
    expect(client.status, JSON.stringify(client.body)).to.equal(201);
    const token = await s.h.request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: client.body.clientId, client_secret: client.body.clientSecret },
      headers: { 'x-forwarded-for': s.ip },
    });
    expect(token.status, JSON.stringify(token.body)).to.equal(200);
    return token.body.access_token;
  }
});
