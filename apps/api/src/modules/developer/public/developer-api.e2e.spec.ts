import { expect } from 'chai';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { PUBLIC_API_DESCRIPTION } from '../../../http/public-api-description.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const SWITCHED_OFF = { message: 'The Public Developer API is switched off for this tenant', error: 'Forbidden', statusCode: 403 };
const notEntitled = (plan: string) => ({
  message: `Your ${plan} plan does not include the developer API. Upgrade at /admin/billing.`,
  error: 'ModuleNotEntitled',
  statusCode: 403,
});
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

/** GET /public/outlets, GET /public/employees and GET /public/openapi.json (spec 01, Developer API). */
describe('developer API: outlets, employees and the OpenAPI document (HTTP)', () => {
  const s = publicApiSuite(1);
  let key: string;

  beforeEach(async () => {
    key = await apiKeyFor(s.h, s.tenantA);
  });

  const get = (path: string, headers: Record<string, string> = {}) => s.h.request('GET', path, { headers: { 'x-forwarded-for': s.ip, ...headers } });
  const withKey = (path: string, k = key) => get(path, { authorization: `Bearer ${k}` });

  async function setCreatedAt(table: 'users' | 'outlets', id: string, at: string): Promise<void> {
    await s.h.ds.query(`UPDATE ${table} SET created_at = $2 WHERE id = $1`, [id, at]);
  }

  describe('GET /public/outlets', () => {
    it("lists the tenant's outlets by name in the envelope, with the spec's fields only", async () => {
      const b = await createOutlet(s.h.ds, s.tenantA, { name: 'Bravo', code: 'B-1', city: 'Leeds' });
      const a = await createOutlet(s.h.ds, s.tenantA, { name: 'Alpha', code: 'A-1', city: 'York', status: 'INACTIVE' });
      await createOutlet(s.h.ds, s.tenantB, { name: 'Aardvark' });
      const res = await withKey('/public/outlets');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: [
          { id: a.id, name: 'Alpha', code: 'A-1', city: 'York', status: 'INACTIVE', createdAt: a.createdAt.toISOString() },
          { id: b.id, name: 'Bravo', code: 'B-1', city: 'Leeds', status: 'ACTIVE', createdAt: b.createdAt.toISOString() },
        ],
        pagination: { limit: 50, offset: 0, count: 2 },
      });
    });

    it('pages with limit and offset; count is the rows of this page', async () => {
      for (const name of ['E', 'D', 'C', 'B', 'A']) await createOutlet(s.h.ds, s.tenantA, { name });
      const first = await withKey('/public/outlets?limit=2');
      expect(first.body.data.map((o: { name: string }) => o.name)).to.deep.equal(['A', 'B']);
      expect(first.body.pagination).to.deep.equal({ limit: 2, offset: 0, count: 2 });
      const last = await withKey('/public/outlets?limit=2&offset=4');
      expect(last.body.data.map((o: { name: string }) => o.name)).to.deep.equal(['E']);
      expect(last.body.pagination).to.deep.equal({ limit: 2, offset: 4, count: 1 });
    });

    it('clamps limit to 1–200 and offset to ≥ 0', async () => {
      await createOutlet(s.h.ds, s.tenantA);
      await createOutlet(s.h.ds, s.tenantA);
      expect((await withKey('/public/outlets?limit=500')).body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 2 });
      const zero = await withKey('/public/outlets?limit=0');
      expect(zero.body.pagination).to.deep.equal({ limit: 1, offset: 0, count: 1 });
      expect((await withKey('/public/outlets?offset=-3')).body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 2 });
    });

    it('is 400 for a non-numeric limit or offset and for any undeclared parameter, page included', async () => {
      const cases: Array<[string, string[]]> = [
        ['limit=abc', ['limit must be an integer number']],
        ['offset=1.5', ['offset must be an integer number']],
        ['page=2', ['property page should not exist']],
        ['status=ACTIVE', ['property status should not exist']],
      ];
      for (const [query, message] of cases) {
        const res = await withKey(`/public/outlets?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.body, query).to.deep.equal(badRequest(...message));
      }
    });

    it('accepts the key in X-API-Key as well as in Authorization', async () => {
      const res = await get('/public/outlets', { 'x-api-key': key });
      expect(res.status).to.equal(200);
    });

    it('is a bare 401 without a credential, with a user JWT, and with a junk key', async () => {
      const user = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${await s.h.tokenFor(user)}` },
        { authorization: `Bearer svc_live_${'x'.repeat(43)}` },
        { 'x-api-key': 'nope' },
      ];
      for (const headers of attempts) {
        const res = await get('/public/outlets', headers);
        expect(res.status, JSON.stringify(headers)).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
    });

    it('is 403 for a tenant below Enterprise or with the switch off', async () => {
      const growth = (await createTenant(s.h.ds, { plan: 'GROWTH' })).id;
      const res = await withKey('/public/outlets', await apiKeyFor(s.h, growth));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(notEntitled('GROWTH'));
      const off = (await createTenant(s.h.ds, { publicApiEnabled: false })).id;
      const offRes = await withKey('/public/outlets', await apiKeyFor(s.h, off));
      expect(offRes.body).to.deep.equal(SWITCHED_OFF);
    });

    it('stops accepting an issued key on the next call once the plan or the switch stops holding', async () => {
      expect((await withKey('/public/outlets')).status).to.equal(200);
      await s.h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [s.tenantA]);
      expect((await withKey('/public/outlets')).body).to.deep.equal(notEntitled('BASIC'));
      await s.h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE', public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await withKey('/public/outlets')).body).to.deep.equal(SWITCHED_OFF);
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = true WHERE id = $1`, [s.tenantA]);
      expect((await withKey('/public/outlets')).status).to.equal(200);
    });

    it('needs no particular scope', async () => {
      const res = await withKey('/public/outlets', await apiKeyFor(s.h, s.tenantA, ['leave:read']));
      expect(res.status).to.equal(200);
    });

    it('allows 60 calls per 60 s per caller IP, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 60; i++) {
        const res = await withKey('/public/outlets');
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('60');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(60 - i));
        expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.within(1, 60);
      }
      const res = await withKey('/public/outlets');
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
      // Another key from the same address shares the counter: keys are counted by IP, not by key.
      expect((await withKey('/public/outlets', await apiKeyFor(s.h, s.tenantB))).status).to.equal(429);
      s.ip = '10.200.0.1';
      expect((await withKey('/public/outlets')).status).to.equal(200);
    });
  });

  describe('GET /public/employees', () => {
    it('lists live employees of the tenant, oldest first, as {id, fullName, email, status}', async () => {
      const old = await createUser(s.h.ds, s.tenantA, { fullName: 'Old Timer', email: 'old@example.test', status: 'INACTIVE' });
      const mid = await createUser(s.h.ds, s.tenantA, { fullName: 'Mobile Only', email: null, mobile: '+447700900123' });
      const gone = await createUser(s.h.ds, s.tenantA, { fullName: 'Removed' });
      const fresh = await createUser(s.h.ds, s.tenantA, { fullName: 'New Hire', email: 'new@example.test' });
      await createUser(s.h.ds, s.tenantB, { fullName: 'Elsewhere' });
      await setCreatedAt('users', old.id, '2024-01-01T00:00:00Z');
      await setCreatedAt('users', mid.id, '2024-02-01T00:00:00Z');
      await setCreatedAt('users', gone.id, '2024-03-01T00:00:00Z');
      await setCreatedAt('users', fresh.id, '2024-04-01T00:00:00Z');
      await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
      const res = await withKey('/public/employees');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: [
          { id: old.id, fullName: 'Old Timer', email: 'old@example.test', status: 'INACTIVE' },
          { id: mid.id, fullName: 'Mobile Only', email: null, status: 'ACTIVE' },
          { id: fresh.id, fullName: 'New Hire', email: 'new@example.test', status: 'ACTIVE' },
        ],
        pagination: { limit: 50, offset: 0, count: 3 },
      });
    });

    it('lists the newest first with order=newest, and pages in that order', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const u = await createUser(s.h.ds, s.tenantA);
        await setCreatedAt('users', u.id, `2024-0${i + 1}-01T00:00:00Z`);
        ids.push(u.id);
      }
      const newest = await withKey('/public/employees?order=newest');
      expect(newest.body.data.map((u: { id: string }) => u.id)).to.deep.equal([...ids].reverse());
      const page = await withKey('/public/employees?order=newest&limit=2&offset=1');
      expect(page.body.data.map((u: { id: string }) => u.id)).to.deep.equal([ids[2], ids[1]]);
      expect(page.body.pagination).to.deep.equal({ limit: 2, offset: 1, count: 2 });
      const oldest = await withKey('/public/employees?limit=2');
      expect(oldest.body.data.map((u: { id: string }) => u.id)).to.deep.equal(ids.slice(0, 2));
    });

    it('is 400 for another order, for a non-numeric limit, for page and for other parameters', async () => {
      const cases: Array<[string, string[]]> = [
        ['order=oldest', ['order must be one of the following values: newest']],
        ['limit=abc', ['limit must be an integer number']],
        ['page=1', ['property page should not exist']],
        ['role=STAFF', ['property role should not exist']],
      ];
      for (const [query, message] of cases) {
        const res = await withKey(`/public/employees?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.body, query).to.deep.equal(badRequest(...message));
      }
      await createUser(s.h.ds, s.tenantA);
      expect((await withKey('/public/employees?limit=999')).body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 1 });
      expect((await withKey('/public/employees?limit=0')).body.pagination.limit).to.equal(1);
    });

    it('is 401 without a credential, 403 without the plan or the switch, 200 for any scope', async () => {
      expect((await get('/public/employees')).body).to.deep.equal(UNAUTHORIZED);
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await withKey('/public/employees')).body).to.deep.equal(SWITCHED_OFF);
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = true, plan = 'FREE' WHERE id = $1`, [s.tenantA]);
      expect((await withKey('/public/employees')).body).to.deep.equal(notEntitled('FREE'));
      await s.h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE' WHERE id = $1`, [s.tenantA]);
      const res = await get('/public/employees', { 'x-api-key': await apiKeyFor(s.h, s.tenantA, ['shifts:write']) });
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('60');
    });
  });

  describe('GET /public/openapi.json', () => {
    it('serves an OpenAPI 3.1 document of the developer routes without a credential', async () => {
      const res = await get('/public/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.headers.has('x-ratelimit-limit')).to.equal(true);
      expect(res.body.openapi).to.equal('3.1.0');
      expect(res.body.info.description).to.equal(PUBLIC_API_DESCRIPTION);
      expect(res.body.servers).to.deep.equal([{ url: 'http://localhost:3000/api/v1' }]);
      const paths: Record<string, Record<string, { security?: unknown; parameters?: Array<{ name: string; in: string }> }>> = res.body.paths;
      const params = (path: string) => paths[path]!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name).sort();
      expect(params('/public/outlets')).to.deep.equal(['cursor', 'limit', 'offset']);
      expect(params('/public/employees')).to.deep.equal(['cursor', 'limit', 'offset', 'order']);
      expect(paths['/public/outlets']!.get!.security).to.deep.equal([{ developerBearer: [] }, { developerApiKey: [] }, { developerOAuth: [] }]);
    });

    it('lists developer routes only: no JWT route, no credential management, not itself', async () => {
      const res = await get('/public/openapi.json');
      const paths = Object.keys(res.body.paths);
      for (const path of paths) expect(path, path).to.match(/^\/public\//);
      for (const jwtOnly of ['/users', '/outlets', '/api-keys', '/oauth-clients', '/auth/login', '/public/openapi.json']) expect(paths).to.not.include(jwtOnly);
      for (const methods of Object.values(res.body.paths) as Array<Record<string, { security: Array<Record<string, unknown>> }>>) {
        for (const op of Object.values(methods)) expect(op.security.some((s) => 'developerBearer' in s)).to.equal(true);
      }
    });
  });
});
