import { expect } from 'chai';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor, createApiKey, SCOPE_LIST } from '../../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const SWITCHED_OFF = { message: 'The Public Developer API is switched off for this tenant', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'API key not found', error: 'Not Found', statusCode: 404 };
const KEY_FORMAT = /^svc_live_[A-Za-z0-9_-]{43}$/;
const LIST_KEYS = ['id', 'name', 'prefix', 'scopes', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt', 'madeBy'];
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const notEntitled = (plan: string) => ({
  message: `Your ${plan} plan does not include the developer API. Upgrade at /admin/billing.`,
  error: 'ModuleNotEntitled',
  statusCode: 403,
});

/** POST/GET/DELETE /api-keys and how the keys authenticate on /public (spec 01, Credential management, Authentication). */
describe('developer API keys (HTTP)', () => {
  const s = publicApiSuite(2);
  let admin: CreatedUser;
  let token: string;

  // A fresh admin per test also gives each test its own POST /api-keys counter; a fresh IP its own /public counter.
  beforeEach(async () => {
    admin = await createUser(s.h.ds, s.tenantA, { role: 'COMPANY_ADMIN' });
    token = await s.h.tokenFor(admin);
  });

  const post = (body: unknown, as = token) => s.h.request('POST', '/api-keys', { body, token: as });
  const list = (as = token) => s.h.request('GET', '/api-keys', { token: as });
  const revoke = (id: string, as = token) => s.h.request('DELETE', `/api-keys/${id}`, { token: as });
  const outlets = (headers: Record<string, string>) => s.h.request('GET', '/public/outlets', { headers: { 'x-forwarded-for': s.ip, ...headers } });
  const bearer = (key: string) => outlets({ authorization: `Bearer ${key}` });

  describe('POST /api-keys', () => {
    it('answers 201 with exactly id, name, prefix, key, createdAt and expiresAt, and the default scopes', async () => {
      const res = await post({ name: ' Payroll sync ' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'name', 'prefix', 'key', 'createdAt', 'expiresAt');
      expect(res.body.key).to.match(KEY_FORMAT);
      expect(res.body.prefix).to.equal(res.body.key.slice(0, 13));
      expect(res.body).to.include({ name: 'Payroll sync', createdAt: s.h.clock.now().toISOString(), expiresAt: null });
      const [row] = await s.h.ds.query(`SELECT tenant_id, scopes FROM api_keys WHERE id = $1`, [res.body.id]);
      expect(row).to.deep.equal({ tenant_id: s.tenantA, scopes: ['outlets:read', 'employees:read'] });
    });

    it('stores only a hash: the key appears nowhere in the table', async () => {
      const res = await post({ name: 'Secret' });
      const rows: Array<{ line: string }> = await s.h.ds.query(`SELECT row_to_json(k)::text AS line FROM api_keys k WHERE k.tenant_id = ANY($1)`, [s.tenants]);
      expect(rows).to.have.length(1);
      expect(rows[0]!.line).to.not.include(res.body.key);
      expect(rows[0]!.line).to.not.include(res.body.key.slice(9));
      expect(rows[0]!.line).to.include(res.body.prefix);
    });

    it('keeps the requested scopes, SCIM ones included, and echoes the expiry in UTC', async () => {
      const expires = new Date(s.h.clock.now().getTime() + 86400_000);
      const local = expires.toISOString().replace('Z', '+00:00');
      const res = await post({ name: 'Scoped', scopes: ['shifts:read', 'scim:write'], expiresAt: local });
      expect(res.status).to.equal(201);
      expect(res.body.expiresAt).to.equal(expires.toISOString());
      const [row] = await s.h.ds.query(`SELECT scopes FROM api_keys WHERE id = $1`, [res.body.id]);
      expect(row.scopes).to.deep.equal(['shifts:read', 'scim:write']);
    });

    it('makes a different key every time', async () => {
      const a = await post({ name: 'A' });
      const b = await post({ name: 'A' });
      expect(a.body.key).to.not.equal(b.body.key);
      expect(a.body.id).to.not.equal(b.body.id);
    });

    it('rejects each invalid field with a message naming it, and creates nothing', async () => {
      const past = new Date(s.h.clock.now().getTime() - 1000).toISOString();
      const cases: Array<[unknown, string[]]> = [
        [{}, ['name is required']],
        [{ name: '  ' }, ['name must be at least 1 characters']],
        [{ name: 'n'.repeat(121) }, ['name must be at most 120 characters']],
        [{ name: 7 }, ['name must be a string']],
        [{ name: 'K', scopes: 'outlets:read' }, ['scopes must be an array']],
        [{ name: 'K', scopes: ['outlets:write'] }, [`scopes.0 must be one of the following values: ${SCOPE_LIST}`]],
        [{ name: 'K', scopes: ['shifts:read', 'shifts:read'] }, ['scopes must not contain duplicate values']],
        [{ name: 'K', scopes: [] }, ['scopes must contain at least 1 element']],
        [{ name: 'K', expiresAt: 'next week' }, ['expiresAt must be a valid ISO 8601 date string']],
        [{ name: 'K', expiresAt: '2030-01-01T00:00:00' }, ['expiresAt must be a valid ISO 8601 date string']],
        [{ name: 'K', expiresAt: past }, ['expiresAt must be in the future']],
        [{ name: 'K', tenantId: s.tenantB }, ['property tenantId should not exist']],
      ];
      for (const [body, message] of cases) {
        // An admin per case: rejected requests count towards the 10-per-minute limit too.
        const res = await post(body, await s.tokenAs('COMPANY_ADMIN'));
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM api_keys WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(0);
    });

    it('is 401 without a token, and 403 for roles other than tenant owner, company admin or group owner', async () => {
      expect((await s.h.request('POST', '/api-keys', { body: { name: 'K' } })).body).to.deep.equal(UNAUTHORIZED);
      for (const role of ['HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        const res = await post({ name: 'K' }, await s.tokenAs(role));
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as const) {
        expect((await post({ name: 'K' }, await s.tokenAs(role))).status, role).to.equal(201);
      }
    });

    it('is 403 below the Enterprise plan (ModuleNotEntitled) and with the switch off', async () => {
      for (const plan of ['FREE', 'BASIC', 'GROWTH'] as const) {
        const tenant = (await createTenant(s.h.ds, { plan })).id;
        const res = await post({ name: 'K' }, await s.tokenAs('TENANT_OWNER', tenant));
        expect(res.body, plan).to.deep.equal(notEntitled(plan));
      }
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await post({ name: 'K' })).body).to.deep.equal(SWITCHED_OFF);
    });

    it('allows 10 per 60 s per signed-in user, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 10; i++) {
        const res = await post({ name: `K${i}` });
        expect(res.status).to.equal(201);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(10 - i));
      }
      const res = await post({ name: 'K11' });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM api_keys WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(10);
      expect((await post({ name: 'Other admin' }, await s.tokenAs('TENANT_OWNER'))).status).to.equal(201);
    });
  });

  describe('GET /api-keys', () => {
    it("lists the tenant's keys oldest first, without the key or its hash", async () => {
      const first = await post({ name: 'First', scopes: ['leave:read'] });
      s.h.clock.advance(1000);
      const second = await post({ name: 'Second' });
      await createApiKey(s.h.ds, s.tenantB, { secretPepper: 'irrelevant-pepper-0123456789', name: 'Theirs' });
      const res = await list();
      expect(res.status).to.equal(200);
      const madeBy = { userId: admin.id, fullName: admin.fullName, role: 'COMPANY_ADMIN', active: true };
      expect(res.body).to.deep.equal([
        { id: first.body.id, name: 'First', prefix: first.body.prefix, scopes: ['leave:read'], createdAt: first.body.createdAt, expiresAt: null, lastUsedAt: null, revokedAt: null, madeBy },
        { id: second.body.id, name: 'Second', prefix: second.body.prefix, scopes: ['outlets:read', 'employees:read'], createdAt: second.body.createdAt, expiresAt: null, lastUsedAt: null, revokedAt: null, madeBy },
      ]);
      expect(JSON.stringify(res.body)).to.not.include(first.body.key.slice(13));
      expect(res.body[0]).to.have.all.keys(LIST_KEYS);
    });

    it('shows a maker who is no longer active, whose keys change nobody (the rank rule), and none once the maker is erased', async () => {
      const { id } = (await post({ name: 'Provisioning' })).body;
      const owner = await s.tokenAs('TENANT_OWNER');
      expect((await s.h.request('PATCH', `/users/${admin.id}/status`, { token: owner, body: { status: 'INACTIVE' } })).status).to.equal(200);
      const listed = async () => (await list(owner)).body.find((k: { id: string }) => k.id === id).madeBy;
      expect(await listed()).to.deep.equal({ userId: admin.id, fullName: admin.fullName, role: 'COMPANY_ADMIN', active: false });
      await s.h.ds.query(`DELETE FROM users WHERE id = $1`, [admin.id]);
      expect(await listed()).to.equal(null);
    });

    it('records lastUsedAt on use, at most once a minute', async () => {
      const { id, key } = (await post({ name: 'Used' })).body;
      const usedAt = s.h.clock.now().toISOString();
      expect((await bearer(key)).status).to.equal(200);
      const lastUsed = async () => (await list()).body.find((k: { id: string }) => k.id === id).lastUsedAt;
      expect(await lastUsed()).to.equal(usedAt);
      s.h.clock.advance(59_000);
      await bearer(key);
      expect(await lastUsed()).to.equal(usedAt);
      s.h.clock.advance(2_000);
      await bearer(key);
      expect(await lastUsed()).to.equal(s.h.clock.now().toISOString());
    });

    it('still works for an admin after the plan or the switch is gone, so keys can be reviewed', async () => {
      await post({ name: 'K' });
      await s.h.ds.query(`UPDATE tenants SET plan = 'GROWTH', public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.body).to.have.length(1);
    });

    it('is 401 without a token and 403 for other roles', async () => {
      expect((await s.h.request('GET', '/api-keys')).body).to.deep.equal(UNAUTHORIZED);
      expect((await list(await s.tokenAs('HR_MANAGER'))).body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('DELETE /api-keys/:id', () => {
    it('revokes the key: 200, the next call with it is 401, and the list shows when', async () => {
      const { id, key } = (await post({ name: 'Doomed' })).body;
      expect((await bearer(key)).status).to.equal(200);
      s.h.clock.advance(5000);
      const res = await revoke(id);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ id, revoked: true });
      const after = await bearer(key);
      expect(after.status).to.equal(401);
      expect(after.body).to.deep.equal(UNAUTHORIZED);
      expect((await outlets({ 'x-api-key': key })).status).to.equal(401);
      const revokedAt = s.h.clock.now().toISOString();
      expect((await list()).body[0].revokedAt).to.equal(revokedAt);
      s.h.clock.advance(5000);
      expect((await revoke(id)).body).to.deep.equal({ id, revoked: true });
      expect((await list()).body[0].revokedAt).to.equal(revokedAt);
    });

    it("is 404 for another tenant's key, which keeps working", async () => {
      const theirs = await createApiKey(s.h.ds, s.tenantB, { secretPepper: s.h.config.secretPepper ?? s.h.config.jwtSecret });
      const res = await revoke(theirs.id);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
      expect((await revoke('6c4b7f7e-8a52-4c1e-9f1e-2b8f7d1c0a11')).body).to.deep.equal(NOT_FOUND);
      expect((await bearer(theirs.key)).status).to.equal(200);
    });

    it('works after the switch is off, so a leaked key can be revoked before switching back on', async () => {
      const { id, key } = (await post({ name: 'Leaked' })).body;
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await revoke(id)).status).to.equal(200);
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = true WHERE id = $1`, [s.tenantA]);
      expect((await bearer(key)).status).to.equal(401);
    });

    it('is 400 for a malformed id, 401 without a token and 403 for other roles', async () => {
      const { id } = (await post({ name: 'K' })).body;
      expect((await revoke('not-a-uuid')).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('DELETE', `/api-keys/${id}`)).body).to.deep.equal(UNAUTHORIZED);
      expect((await revoke(id, await s.tokenAs('OUTLET_MANAGER'))).body).to.deep.equal(FORBIDDEN);
      expect((await list()).body[0].revokedAt).to.equal(null);
    });
  });

  describe('authenticating with a key', () => {
    it('accepts the key as Authorization: Bearer and as X-API-Key', async () => {
      const { key } = (await post({ name: 'K' })).body;
      expect((await bearer(key)).status).to.equal(200);
      expect((await outlets({ 'x-api-key': key })).status).to.equal(200);
    });

    it('is a bare 401 on a JWT route such as GET /users, in either header', async () => {
      const { key } = (await post({ name: 'K' })).body;
      const attempts: Array<Record<string, string>> = [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }];
      for (const headers of attempts) {
        const res = await s.h.request('GET', '/users', { headers });
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
    });

    it('is a bare 401 once the key is past expiresAt', async () => {
      const expiresAt = new Date(s.h.clock.now().getTime() + 3600_000).toISOString();
      const { key } = (await post({ name: 'Short-lived', expiresAt })).body;
      s.h.clock.advance(3600_000 - 1);
      expect((await bearer(key)).status).to.equal(200);
      s.h.clock.advance(1);
      const res = await bearer(key);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('is a bare 401 for a near miss of a real key', async () => {
      const { key } = (await post({ name: 'K' })).body;
      const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
      expect((await bearer(flipped)).body).to.deep.equal(UNAUTHORIZED);
      expect((await bearer(`${key}x`)).status).to.equal(401);
      expect((await outlets({ authorization: key })).status).to.equal(401);
    });

    it('carries its scopes: the default key is 403 on a route needing shifts:read, a key with it passes', async () => {
      const { key } = (await post({ name: 'Default scopes' })).body;
      const shifts = (k: string) => s.h.request('GET', '/public/shifts', { headers: { 'x-api-key': k, 'x-forwarded-for': s.ip } });
      const res = await shifts(key);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({ message: 'This credential lacks the shifts:read scope', error: 'Forbidden', statusCode: 403 });
      const scoped = (await post({ name: 'Shifts', scopes: ['shifts:read'] })).body.key;
      expect((await shifts(scoped)).status).to.equal(200);
    });

    it('gives each key only its own tenant', async () => {
      const key = await apiKeyFor(s.h, s.tenantB);
      const res = await bearer(key);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.equal([]);
    });
  });
});
