import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createTenant, createUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import { createApiKey } from '../../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const ENTRY_KEYS = ['id', 'method', 'path', 'route', 'status', 'durationMs', 'requestId', 'errorCode', 'occurredAt'];

interface Entry {
  method: string;
  path: string;
  route: string | null;
  status: number;
  durationMs: number;
  requestId: string;
  errorCode: string | null;
  occurredAt: string;
}

/** Issue 32: each developer credential's request log, as its tenant's admins read it. */
describe('developer request logs (HTTP)', () => {
  const s = publicApiSuite(232);
  let owner: string;
  let key: { id: string; key: string };

  beforeEach(async () => {
    owner = await s.tokenAs('TENANT_OWNER');
    key = await newKey(s.tenantA);
  });

  const newKey = (tenantId: string) => createApiKey(s.h.ds, tenantId, { secretPepper: s.h.config.secretPepper ?? s.h.config.jwtSecret, createdAt: s.h.clock.now() });
  /** A developer call from this test's address, a millisecond after the last, with a request id of the test's choosing. */
  const call = (method: string, path: string, credential: string, requestId: string) => {
    s.h.clock.advance(1);
    return s.h.request(method, path, { headers: { 'x-forwarded-for': s.ip, authorization: `Bearer ${credential}`, 'x-request-id': requestId } });
  };
  const logOf = async (path: string, as = owner): Promise<HttpResult> => {
    await s.h.flushRequestLog();
    return s.h.request('GET', path, { token: as });
  };
  const entries = async (path: string): Promise<Entry[]> => {
    const res = await logOf(path);
    expect(res.status).to.equal(200);
    return res.body.data;
  };
  /** Requests are recorded as their answers end, which the client may see first: read until the log holds `n`. */
  async function logged(path: string, n: number): Promise<Entry[]> {
    for (let i = 0; i < 100; i++) {
      const got = await entries(path);
      if (got.length >= n) return got;
    }
    throw new Error(`${path} never held ${n} entries`);
  }

  describe('what is recorded', () => {
    it("records an API key's calls, newest first, with the answer's request id and no query string", async () => {
      const started = s.h.clock.now().getTime();
      const ok = await call('GET', '/public/outlets?limit=5&offset=0', key.key, 'rl-ok');
      expect(ok.status).to.equal(200);
      const invalid = await call('GET', '/public/outlets?limit=x&token=s3cr3t', key.key, 'rl-invalid');
      expect(invalid.status).to.equal(400);
      const scope = await call('GET', '/public/shifts', key.key, 'rl-scope');
      expect(scope.status).to.equal(403);
      const got = await logged(`/api-keys/${key.id}/requests`, 3);
      expect(got[0]).to.have.all.keys(...ENTRY_KEYS);
      expect(got.map(({ method, path, route, status, requestId, errorCode }) => ({ method, path, route, status, requestId, errorCode }))).to.deep.equal([
        { method: 'GET', path: '/api/v1/public/shifts', route: '/public/shifts', status: 403, requestId: 'rl-scope', errorCode: 'Forbidden' },
        { method: 'GET', path: '/api/v1/public/outlets', route: '/public/outlets', status: 400, requestId: 'rl-invalid', errorCode: 'Bad Request' },
        { method: 'GET', path: '/api/v1/public/outlets', route: '/public/outlets', status: 200, requestId: 'rl-ok', errorCode: null },
      ]);
      expect([scope, invalid, ok].map((r) => r.headers.get('x-request-id'))).to.deep.equal(got.map((e) => e.requestId));
      expect(got.map((e) => e.occurredAt)).to.deep.equal([3, 2, 1].map((ms) => new Date(started + ms).toISOString()));
      for (const e of got) expect(e.durationMs).to.be.a('number').and.at.least(0);
      expect(JSON.stringify(got)).not.to.include('s3cr3t').and.not.to.include(key.key);
    });

    it("records an OAuth token's calls under its client, and neither credential sees the other's", async () => {
      const client = await s.h.request('POST', '/oauth-clients', { token: owner, body: { name: 'Sync', allowedScopes: ['outlets:read'] } });
      const exchanged = await s.h.request('POST', '/oauth/token', {
        headers: { 'x-forwarded-for': s.ip },
        body: { grant_type: 'client_credentials', client_id: client.body.clientId, client_secret: client.body.clientSecret },
      });
      await call('GET', '/public/outlets', exchanged.body.access_token, 'rl-oauth');
      await call('GET', '/public/employees', key.key, 'rl-key');
      const viaClient = await logged(`/oauth-clients/${client.body.id}/requests`, 1);
      expect(viaClient.map((e) => [e.path, e.requestId])).to.deep.equal([['/api/v1/public/outlets', 'rl-oauth']]);
      expect((await logged(`/api-keys/${key.id}/requests`, 1)).map((e) => e.requestId)).to.deep.equal(['rl-key']);
      const other = await newKey(s.tenantA);
      expect(await entries(`/api-keys/${other.id}/requests`)).to.deep.equal([]);
    });

    it('records nothing for a call no credential authenticated', async () => {
      await call('GET', '/public/outlets', `svc_live_${'x'.repeat(43)}`, 'rl-unknown');
      await call('GET', '/public/outlets', key.key, 'rl-known');
      expect((await logged(`/api-keys/${key.id}/requests`, 1)).map((e) => e.requestId)).to.deep.equal(['rl-known']);
    });
  });

  describe('GET /api-keys/:id/requests and /oauth-clients/:id/requests', () => {
    beforeEach(async () => {
      await call('GET', '/public/outlets', key.key, 'f-ok');
      await call('GET', '/public/employees?limit=x', key.key, 'f-400');
      await call('GET', '/public/shifts', key.key, 'f-403');
      await logged(`/api-keys/${key.id}/requests`, 3);
    });
    const ids = async (query: string) => (await entries(`/api-keys/${key.id}/requests?${query}`)).map((e) => e.requestId);

    it('filters by status class, failures, path, method, request id and time', async () => {
      expect(await ids('status=2xx')).to.deep.equal(['f-ok']);
      expect(await ids('status=4xx')).to.deep.equal(['f-403', 'f-400']);
      expect(await ids('status=failed')).to.deep.equal(['f-403', 'f-400']);
      expect(await ids('status=5xx')).to.deep.equal([]);
      expect(await ids('path=EMPLOY')).to.deep.equal(['f-400']);
      expect(await ids('path=%25')).to.deep.equal([]);
      expect(await ids('method=GET&status=failed&path=public')).to.deep.equal(['f-403', 'f-400']);
      expect(await ids('method=POST')).to.deep.equal([]);
      expect(await ids('requestId=f-400')).to.deep.equal(['f-400']);
      const last = s.h.clock.now().getTime();
      expect(await ids(`from=${new Date(last).toISOString()}`)).to.deep.equal(['f-403']);
      expect(await ids(`to=${new Date(last).toISOString()}`)).to.deep.equal(['f-400', 'f-ok']);
      expect(await ids(`from=${new Date(last + 1).toISOString()}`)).to.deep.equal([]);
    });

    it('pages with limit and offset', async () => {
      const page = await logOf(`/api-keys/${key.id}/requests?limit=2&offset=1`);
      expect(page.body.data.map((e: Entry) => e.requestId)).to.deep.equal(['f-400', 'f-ok']);
      expect(page.body.pagination).to.deep.equal({ limit: 2, offset: 1, count: 2 });
    });

    it('answers 400 for a bad filter, a bad id and an unknown parameter', async () => {
      expect((await logOf(`/api-keys/${key.id}/requests?status=6xx`)).body).to.deep.equal(badRequest('status must be one of the following values: 2xx, 3xx, 4xx, 5xx, failed'));
      expect((await logOf(`/api-keys/${key.id}/requests?method=TRACE`)).body).to.deep.equal(badRequest('method must be one of the following values: GET, POST, PUT, PATCH, DELETE'));
      expect((await logOf(`/api-keys/${key.id}/requests?from=yesterday`)).status).to.equal(400);
      expect((await logOf(`/api-keys/${key.id}/requests?limit=many`)).status).to.equal(400);
      expect((await logOf(`/api-keys/${key.id}/requests?path=${'a'.repeat(201)}`)).status).to.equal(400);
      expect((await logOf(`/api-keys/${key.id}/requests?requestId=${'a'.repeat(81)}`)).status).to.equal(400);
      expect((await logOf(`/api-keys/${key.id}/requests?page=2`)).status).to.equal(400);
      expect((await logOf('/api-keys/not-a-uuid/requests')).status).to.equal(400);
      expect((await logOf('/oauth-clients/not-a-uuid/requests')).status).to.equal(400);
    });

    it('answers 401 without a signed-in user, a developer key included', async () => {
      expect((await s.h.request('GET', `/api-keys/${key.id}/requests`)).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('GET', `/api-keys/${key.id}/requests`, { token: key.key })).body).to.deep.equal(UNAUTHORIZED);
    });

    it('answers 403 to roles below a company admin, and a company admin reads it', async () => {
      for (const role of ['HR_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        expect((await logOf(`/api-keys/${key.id}/requests`, await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
        expect((await logOf(`/oauth-clients/${uuid()}/requests`, await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
      }
      expect((await logOf(`/api-keys/${key.id}/requests`, await s.tokenAs('COMPANY_ADMIN'))).body.data).to.have.length(3);
    });

    it("answers 404 for another tenant's credential and for an unknown one", async () => {
      const theirs = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await logOf(`/api-keys/${key.id}/requests`, theirs)).body).to.deep.equal({ message: 'API key not found', error: 'Not Found', statusCode: 404 });
      expect((await logOf(`/api-keys/${uuid()}/requests`)).status).to.equal(404);
      expect((await logOf(`/oauth-clients/${key.id}/requests`)).body).to.deep.equal({ message: 'OAuth client not found', error: 'Not Found', statusCode: 404 });
    });

    it('allows 120 reads per 60 s per signed-in user, then 429', async () => {
      const path = `/api-keys/${key.id}/requests?limit=1`;
      const admin = await s.tokenAs('COMPANY_ADMIN');
      for (let i = 0; i < 120; i++) expect((await s.h.request('GET', path, { token: admin })).status).to.equal(200);
      const res = await s.h.request('GET', path, { token: admin });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    });
  });
});

/** The cap and the retention, with the clock moved after start-up. */
describe('developer request logs: the cap and the retention (job)', () => {
  const LIMIT = 3;
  let h: ApiHarness;
  let tenantId: string;
  let owner: string;

  before(async () => {
    // Written only when a test flushes: the refused row below must be written after its tenant is gone.
    h = await ApiHarness.start({ DEVELOPER_REQUEST_LOG_LIMIT: String(LIMIT), DEVELOPER_REQUEST_LOG_RETENTION_DAYS: '14', DEVELOPER_REQUEST_LOG_FLUSH_MS: '60000' });
  });
  after(async () => h.stop());
  beforeEach(async () => {
    tenantId = (await createTenant(h.ds)).id;
    owner = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'TENANT_OWNER' }));
  });

  const newKey = () => createApiKey(h.ds, tenantId, { secretPepper: h.config.secretPepper ?? h.config.jwtSecret, createdAt: h.clock.now() });
  const stored = async (credentialId: string): Promise<string[]> =>
    (await h.ds.query(`SELECT request_id FROM developer_request_logs WHERE credential_id = $1 ORDER BY occurred_at, request_id`, [credentialId])).map((r: { request_id: string }) => r.request_id);
  async function insertRows(credentialId: string, requestIds: string[], at: Date): Promise<void> {
    for (const [i, requestId] of requestIds.entries()) {
      await h.ds.query(
        `INSERT INTO developer_request_logs (id, tenant_id, credential_kind, credential_id, method, path, route, status, duration_ms, request_id, error_code, occurred_at)
         VALUES ($1, $2, 'API_KEY', $3, 'GET', '/api/v1/public/outlets', '/public/outlets', 200, 1, $4, NULL, $5)`,
        [uuid(), tenantId, credentialId, requestId, new Date(at.getTime() + i * 1000)],
      );
    }
  }

  it('keeps only the newest rows of each credential as they are written', async () => {
    const key = await newKey();
    for (let i = 1; i <= 5; i++) {
      h.clock.advance(1000);
      await h.request('GET', '/public/outlets', { headers: { authorization: `Bearer ${key.key}`, 'x-request-id': `cap-${i}` } });
    }
    for (let i = 0; i < 100 && !(await stored(key.id)).includes('cap-5'); i++) await h.flushRequestLog();
    expect(await stored(key.id)).to.deep.equal(['cap-3', 'cap-4', 'cap-5']);
    const listed = await h.request('GET', `/api-keys/${key.id}/requests`, { token: owner });
    expect(listed.body.data.map((e: Entry) => e.requestId)).to.deep.equal(['cap-5', 'cap-4', 'cap-3']);
  });

  it('counts a row the database refused in the metrics: a request of a tenant deleted before its row was written', async () => {
    const gone = (await createTenant(h.ds)).id;
    const key = await createApiKey(h.ds, gone, { secretPepper: h.config.secretPepper ?? h.config.jwtSecret, createdAt: h.clock.now(), createdByUserId: null });
    expect((await h.request('GET', '/public/outlets', { headers: { authorization: `Bearer ${key.key}` } })).status).to.equal(200);
    await h.ds.query(`DELETE FROM tenants WHERE id = $1`, [gone]);
    const refused = 'developer_request_log_dropped_total{reason="write_failed"} 1';
    for (let i = 0; i < 100 && !(await h.metrics.registry.metrics()).includes(refused); i++) await h.flushRequestLog();
    const text = await h.metrics.registry.metrics();
    expect(text).to.include(refused);
    expect(text).to.include('developer_request_log_dropped_total{reason="buffer_full"} 0');
  });

  it('trims every credential to the cap and deletes rows past the retention', async () => {
    const [a, b] = [await newKey(), await newKey()];
    await insertRows(a.id, ['a1', 'a2', 'a3', 'a4', 'a5'], h.clock.now());
    h.clock.advance(10 * 86_400_000);
    await insertRows(b.id, ['b1', 'b2'], h.clock.now());
    await h.job('developer-request-logs').run();
    expect(await stored(a.id)).to.deep.equal(['a3', 'a4', 'a5']);
    expect(await stored(b.id)).to.deep.equal(['b1', 'b2']);
    h.clock.advance(5 * 86_400_000);
    await h.job('developer-request-logs').run();
    expect(await stored(a.id)).to.deep.equal([]);
    expect(await stored(b.id)).to.deep.equal(['b1', 'b2']);
  });
});
