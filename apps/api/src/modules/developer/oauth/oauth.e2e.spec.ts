import { expect } from 'chai';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import type { HttpResult } from '../../../test-support/harness.js';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { SCOPE_LIST } from '../../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const SWITCHED_OFF = { message: 'The Public Developer API is switched off for this tenant', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'OAuth client not found', error: 'Not Found', statusCode: 404 };
const LACKS_SHIFTS_READ = { message: 'This credential lacks the shifts:read scope', error: 'Forbidden', statusCode: 403 };
const INVALID_CLIENT = { error: 'invalid_client', error_description: 'Client authentication failed' };
const CLIENT_ID_FORMAT = /^svc_client_[A-Za-z0-9_-]{22}$/;
const CLIENT_SECRET_FORMAT = /^svc_secret_[A-Za-z0-9_-]{43}$/;
const TOKEN_FORMAT = /^svc_oauth_[A-Za-z0-9_-]{43}$/;
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const invalidRequest = (description: string) => ({ error: 'invalid_request', error_description: description });
const notEntitled = (plan: string) => ({
  message: `Your ${plan} plan does not include the developer API. Upgrade at /admin/billing.`,
  error: 'ModuleNotEntitled',
  statusCode: 403,
});

interface Client {
  id: string;
  clientId: string;
  clientSecret: string;
}

/** OAuth clients and the client-credentials exchange (spec 01, OAuth client, OAuth access token, Authentication 6). */
describe('OAuth clients and POST /oauth/token (HTTP)', () => {
  const s = publicApiSuite(3);
  let owner: CreatedUser;
  let token: string;

  beforeEach(async () => {
    owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    token = await s.h.tokenFor(owner);
  });

  const register = (body: unknown, as = token) => s.h.request('POST', '/oauth-clients', { body, token: as });
  const list = (as = token) => s.h.request('GET', '/oauth-clients', { token: as });
  const revoke = (id: string, as = token) => s.h.request('POST', `/oauth-clients/${id}/revoke`, { token: as });
  const exchange = (body: unknown, headers: Record<string, string> = {}) => s.h.request('POST', '/oauth/token', { body, headers: { 'x-forwarded-for': s.ip, ...headers } });
  const exchangeForm = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    s.h.request('POST', '/oauth/token', {
      rawBody: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': s.ip, ...headers },
    });
  const outlets = (headers: Record<string, string>) => s.h.request('GET', '/public/outlets', { headers: { 'x-forwarded-for': s.ip, ...headers } });

  async function newClient(body: Record<string, unknown> = {}): Promise<Client> {
    const res = await register({ name: 'Integration', ...body });
    expect(res.status).to.equal(201);
    return res.body;
  }

  async function accessToken(c: Client): Promise<string> {
    const res = await exchange({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret });
    expect(res.status).to.equal(200);
    return res.body.access_token;
  }

  describe('POST /oauth-clients', () => {
    it('answers 201 with the client id and the secret, and a client without allowedScopes has none', async () => {
      const res = await register({ name: ' Rota sync ' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'name', 'clientId', 'clientSecret', 'allowedScopes', 'createdAt');
      expect(res.body.clientId).to.match(CLIENT_ID_FORMAT);
      expect(res.body.clientSecret).to.match(CLIENT_SECRET_FORMAT);
      expect(res.body).to.deep.include({ name: 'Rota sync', allowedScopes: [], createdAt: s.h.clock.now().toISOString() });
    });

    it('keeps the allowed scopes and stores only a hash of the secret', async () => {
      const res = await register({ name: 'Scoped', allowedScopes: ['shifts:read', 'leave:write'] });
      expect(res.body.allowedScopes).to.deep.equal(['shifts:read', 'leave:write']);
      const rows: Array<{ line: string }> = await s.h.ds.query(`SELECT row_to_json(c)::text AS line FROM oauth_clients c WHERE c.tenant_id = ANY($1)`, [s.tenants]);
      expect(rows).to.have.length(1);
      expect(rows[0]!.line).to.not.include(res.body.clientSecret.slice('svc_secret_'.length));
      expect(rows[0]!.line).to.include(res.body.clientId);
    });

    it('rejects each invalid field with a message naming it', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{}, ['name is required']],
        [{ name: '' }, ['name must be at least 1 characters']],
        [{ name: 'n'.repeat(121) }, ['name must be at most 120 characters']],
        [{ name: 'C', allowedScopes: 'shifts:read' }, ['allowedScopes must be an array']],
        [{ name: 'C', allowedScopes: ['admin'] }, [`allowedScopes.0 must be one of the following values: ${SCOPE_LIST}`]],
        [{ name: 'C', allowedScopes: ['leave:read', 'leave:read'] }, ['allowedScopes must not contain duplicate values']],
        [{ name: 'C', redirectUri: 'https://x.test' }, ['property redirectUri should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await register(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM oauth_clients WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(0);
    });

    it('is 401 without a token and 403 for roles other than tenant owner, company admin or group owner', async () => {
      expect((await s.h.request('POST', '/oauth-clients', { body: { name: 'C' } })).body).to.deep.equal(UNAUTHORIZED);
      for (const role of ['HR_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        expect((await register({ name: 'C' }, await s.tokenAs(role))).body, role).to.deep.equal(FORBIDDEN);
      }
      for (const role of ['COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as const) {
        expect((await register({ name: 'C' }, await s.tokenAs(role))).status, role).to.equal(201);
      }
    });

    it('is 403 below the Enterprise plan and with the switch off', async () => {
      const growth = (await createTenant(s.h.ds, { plan: 'GROWTH' })).id;
      expect((await register({ name: 'C' }, await s.tokenAs('TENANT_OWNER', growth))).body).to.deep.equal(notEntitled('GROWTH'));
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await register({ name: 'C' })).body).to.deep.equal(SWITCHED_OFF);
    });

    it('allows 10 per 60 s per signed-in user, then 429', async () => {
      for (let i = 1; i <= 10; i++) {
        const res = await register({ name: `C${i}` });
        expect(res.status).to.equal(201);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
      }
      const res = await register({ name: 'C11' });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(res.headers.has('retry-after')).to.equal(true);
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
    });
  });

  describe('GET /oauth-clients', () => {
    it("lists the tenant's clients oldest first, without secrets", async () => {
      const a = await newClient({ name: 'A', allowedScopes: ['shifts:read'] });
      s.h.clock.advance(1000);
      const b = await newClient({ name: 'B' });
      s.h.clock.advance(1000);
      await newClient();
      const theirs = await register({ name: 'Theirs' }, await s.tokenAs('TENANT_OWNER', s.tenantB));
      expect(theirs.status).to.equal(201);
      await revoke((await list()).body[2].id);
      const res = await list();
      expect(res.status).to.equal(200);
      const madeBy = { userId: owner.id, fullName: owner.fullName, role: 'TENANT_OWNER', active: true };
      expect(res.body.slice(0, 2)).to.deep.equal([
        { id: a.id, name: 'A', clientId: a.clientId, allowedScopes: ['shifts:read'], createdAt: (a as unknown as { createdAt: string }).createdAt, revokedAt: null, madeBy },
        { id: b.id, name: 'B', clientId: b.clientId, allowedScopes: [], createdAt: (b as unknown as { createdAt: string }).createdAt, revokedAt: null, madeBy },
      ]);
      expect(res.body).to.have.length(3);
      expect(res.body[2].revokedAt).to.equal(s.h.clock.now().toISOString());
      expect(JSON.stringify(res.body)).to.not.include('svc_secret_');
    });

    it('is 401 without a token and 403 for other roles', async () => {
      expect((await s.h.request('GET', '/oauth-clients')).body).to.deep.equal(UNAUTHORIZED);
      expect((await list(await s.tokenAs('AREA_MANAGER'))).body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('POST /oauth-clients/:id/revoke', () => {
    it('revokes the client: its outstanding token fails on the next use and a new exchange is invalid_client', async () => {
      const c = await newClient();
      const live = await accessToken(c);
      expect((await outlets({ authorization: `Bearer ${live}` })).status).to.equal(200);
      const res = await revoke(c.id);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ id: c.id, revoked: true });
      const after = await outlets({ authorization: `Bearer ${live}` });
      expect(after.status).to.equal(401);
      expect(after.body).to.deep.equal(UNAUTHORIZED);
      const again = await exchange({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret });
      expect(again.status).to.equal(401);
      expect(again.body).to.deep.equal(INVALID_CLIENT);
      expect((await revoke(c.id)).status).to.equal(200);
    });

    it("is 404 for another tenant's client, which keeps working", async () => {
      const theirs = (await register({ name: 'Theirs' }, await s.tokenAs('TENANT_OWNER', s.tenantB))).body as Client;
      const res = await revoke(theirs.id);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
      expect((await revoke('1d1c1b1a-0000-4000-8000-000000000000')).body).to.deep.equal(NOT_FOUND);
      expect((await outlets({ authorization: `Bearer ${await accessToken(theirs)}` })).status).to.equal(200);
    });

    it('is 400 for a malformed id, 401 without a token and 403 for other roles', async () => {
      const c = await newClient();
      expect((await revoke('123')).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('POST', `/oauth-clients/${c.id}/revoke`)).body).to.deep.equal(UNAUTHORIZED);
      expect((await revoke(c.id, await s.tokenAs('STAFF'))).body).to.deep.equal(FORBIDDEN);
      expect((await list()).body[0].revokedAt).to.equal(null);
    });
  });

  describe('POST /oauth/token', () => {
    it('exchanges JSON client credentials for a one-hour Bearer token, not cached', async () => {
      const c = await newClient();
      const res = await exchange({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('access_token', 'token_type', 'expires_in');
      expect(res.body.access_token).to.match(TOKEN_FORMAT);
      expect(res.body).to.include({ token_type: 'Bearer', expires_in: 3600 });
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.headers.get('x-ratelimit-limit')).to.equal('30');
      const rows: Array<{ line: string }> = await s.h.ds.query(`SELECT row_to_json(t)::text AS line FROM oauth_access_tokens t WHERE t.tenant_id = ANY($1)`, [s.tenants]);
      expect(rows).to.have.length(1);
      expect(rows[0]!.line).to.not.include(res.body.access_token.slice('svc_oauth_'.length));
    });

    it('accepts application/x-www-form-urlencoded, and ignores parameters it does not know', async () => {
      const c = await newClient();
      const res = await exchangeForm({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret, scope: 'webhooks:write' });
      expect(res.status).to.equal(200);
      expect(res.body.access_token).to.match(TOKEN_FORMAT);
      expect((await outlets({ authorization: `Bearer ${res.body.access_token}` })).status).to.equal(200);
    });

    it('accepts HTTP Basic client authentication (RFC 6749 2.3.1)', async () => {
      const c = await newClient();
      const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
      const res = await exchangeForm({ grant_type: 'client_credentials' }, basic(c.clientId, c.clientSecret));
      expect(res.status).to.equal(200);
      expect(res.body.access_token).to.match(TOKEN_FORMAT);
      const wrong = await exchangeForm({ grant_type: 'client_credentials' }, basic(c.clientId, 'svc_secret_nope'));
      expect(wrong.status).to.equal(401);
      expect(wrong.body).to.deep.equal(INVALID_CLIENT);
      expect(wrong.headers.get('www-authenticate')).to.equal('Basic realm="oauth"');
      const both = await exchangeForm({ grant_type: 'client_credentials', client_id: c.clientId }, basic(c.clientId, c.clientSecret));
      expect(both.status).to.equal(400);
      expect(both.body).to.deep.equal(invalidRequest('Send the client credentials either in the body or with HTTP Basic, not both'));
    });

    it('answers a wrong client id, a wrong secret and a revoked client with the same 401 invalid_client', async () => {
      const c = await newClient();
      const revoked = await newClient({ name: 'Revoked' });
      await revoke(revoked.id);
      const attempts = [
        { grant_type: 'client_credentials', client_id: 'svc_client_doesnotexist000000', client_secret: c.clientSecret },
        { grant_type: 'client_credentials', client_id: c.clientId, client_secret: revoked.clientSecret },
        { grant_type: 'client_credentials', client_id: c.clientId, client_secret: `${c.clientSecret}x` },
        { grant_type: 'client_credentials', client_id: revoked.clientId, client_secret: revoked.clientSecret },
      ];
      const results: HttpResult[] = [];
      for (const body of attempts) results.push(await exchange(body));
      for (const res of results) {
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(INVALID_CLIENT);
        expect(res.headers.has('www-authenticate')).to.equal(false);
      }
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM oauth_access_tokens WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(0);
    });

    it('is 400 invalid_request for missing or malformed parameters and unsupported_grant_type for another grant', async () => {
      const c = await newClient();
      const cases: Array<[unknown, object]> = [
        [{ client_id: c.clientId, client_secret: c.clientSecret }, invalidRequest('grant_type is required')],
        [{ grant_type: 'client_credentials', client_secret: c.clientSecret }, invalidRequest('client_id is required')],
        [{ grant_type: 'client_credentials' }, invalidRequest('client_id is required; client_secret is required')],
        [{ grant_type: 'client_credentials', client_id: c.clientId, client_secret: 42 }, invalidRequest('client_secret must be a string')],
        [{ grant_type: 7, client_id: c.clientId, client_secret: c.clientSecret }, invalidRequest('grant_type must be one of the following values: client_credentials')],
        [[], invalidRequest('body must be a JSON object')],
        [{ grant_type: 'password', client_id: c.clientId, client_secret: c.clientSecret }, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' }],
        [{ grant_type: 'authorization_code', code: 'x' }, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' }],
      ];
      for (const [body, expected] of cases) {
        const res = await exchange(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
      }
      const repeated = await s.h.request('POST', '/oauth/token', {
        rawBody: `grant_type=client_credentials&client_id=${c.clientId}&client_id=${c.clientId}&client_secret=${c.clientSecret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': s.ip },
      });
      expect(repeated.body).to.deep.equal(invalidRequest('client_id must be a string'));
    });

    it("gives the token exactly its client's scopes: 403 on a route needing another scope, 200 with it", async () => {
      const none = await accessToken(await newClient({ name: 'No scopes' }));
      const leave = await accessToken(await newClient({ name: 'Leave', allowedScopes: ['leave:read', 'shifts:write'] }));
      const shifts = await accessToken(await newClient({ name: 'Shifts', allowedScopes: ['shifts:read'] }));
      for (const t of [none, leave]) {
        const res = await s.h.request('GET', '/public/shifts', { headers: { authorization: `Bearer ${t}`, 'x-forwarded-for': s.ip } });
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal(LACKS_SHIFTS_READ);
      }
      const res = await s.h.request('GET', '/public/shifts', { headers: { authorization: `Bearer ${shifts}`, 'x-forwarded-for': s.ip } });
      expect(res.status).to.equal(200);
    });

    it("stores the client's scopes on the token, and a token without scopes still reads scope-free routes", async () => {
      const none = await newClient({ name: 'No scopes' });
      const scoped = await newClient({ name: 'Scoped', allowedScopes: ['leave:read', 'shifts:write'] });
      const noneToken = await accessToken(none);
      expect((await outlets({ authorization: `Bearer ${noneToken}` })).status).to.equal(200);
      await accessToken(scoped);
      const rows: Array<{ oauth_client_id: string; scopes: string[]; tenant_id: string }> = await s.h.ds.query(
        `SELECT oauth_client_id, scopes, tenant_id FROM oauth_access_tokens WHERE tenant_id = ANY($1) ORDER BY scopes`,
        [s.tenants],
      );
      expect(rows).to.deep.equal([
        { oauth_client_id: none.id, scopes: [], tenant_id: s.tenantA },
        { oauth_client_id: scoped.id, scopes: ['leave:read', 'shifts:write'], tenant_id: s.tenantA },
      ]);
    });

    it('expires the token after 3600 s: a bare 401 from then on', async () => {
      const t = await accessToken(await newClient());
      s.h.clock.advance(3600_000 - 1);
      expect((await outlets({ authorization: `Bearer ${t}` })).status).to.equal(200);
      s.h.clock.advance(1);
      const res = await outlets({ authorization: `Bearer ${t}` });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('is accepted only in Authorization: in X-API-Key it is a bare 401', async () => {
      const t = await accessToken(await newClient());
      const res = await outlets({ 'x-api-key': t });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('is a bare 401 on JWT routes', async () => {
      const t = await accessToken(await newClient());
      const res = await s.h.request('GET', '/users', { token: t });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('issues tokens without checking the plan, but every use re-checks the plan and the switch', async () => {
      const c = await newClient();
      const t = await accessToken(c);
      await s.h.ds.query(`UPDATE tenants SET plan = 'GROWTH' WHERE id = $1`, [s.tenantA]);
      expect((await outlets({ authorization: `Bearer ${t}` })).body).to.deep.equal(notEntitled('GROWTH'));
      const later = await accessToken(c);
      expect((await outlets({ authorization: `Bearer ${later}` })).body).to.deep.equal(notEntitled('GROWTH'));
      await s.h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE', public_api_enabled = false WHERE id = $1`, [s.tenantA]);
      expect((await outlets({ authorization: `Bearer ${t}` })).body).to.deep.equal(SWITCHED_OFF);
      await s.h.ds.query(`UPDATE tenants SET public_api_enabled = true WHERE id = $1`, [s.tenantA]);
      expect((await outlets({ authorization: `Bearer ${t}` })).status).to.equal(200);
    });

    it("drops a client's expired tokens when it gets a new one", async () => {
      const c = await newClient();
      await accessToken(c);
      s.h.clock.advance(3600_000);
      await accessToken(c);
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM oauth_access_tokens WHERE tenant_id = ANY($1)`, [s.tenants]);
      expect(n).to.equal(1);
    });

    it('allows 30 exchanges per 60 s per caller IP, then 429 with Retry-After and no X-RateLimit headers', async () => {
      const c = await newClient();
      const body = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret };
      for (let i = 1; i <= 30; i++) {
        const res = await exchange(body);
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(30 - i));
      }
      const res = await exchange(body);
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
      s.ip = '10.250.0.1';
      expect((await exchange(body)).status).to.equal(200);
    });
  });
});
