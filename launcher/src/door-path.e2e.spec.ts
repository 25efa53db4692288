import { expect } from 'chai';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { newReaderKey } from '@wfm/access/reader-key';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { LocalBus } from '@wfm/memory/bus-local';
import { loadApiConfig } from '@wfm/api/config';
import { buildApi, type BuiltApi } from '@wfm/api/composition';
import { createApiServer } from '@wfm/api/app';
import { httpDoorUpstream, type DoorUpstream } from '@wfm/api/http/daemon-proxy';
import { loadDaemonConfig } from '@wfm/access-daemon/config';
import { startAccessDaemon, type AccessDaemon } from '@wfm/access-daemon/daemon';
import { inProcessDoor } from './in-process-door.js';

/**
 * The door routes through the API base URL, in both ways the API can reach the daemon: in this
 * process (the all-in-one start) and over HTTP (split mode without a gateway). Whatever the way,
 * a reader bridge gets exactly the daemon's answer, and the API's own refusals come first.
 */
const JWT_SECRET = 'door-path-secret-door-path-secret-012345';
const DATA_KEY = 'cd'.repeat(32);
const silent = createLogger('t', 'silent');

interface Answer {
  status: number;
  contentType: string | null;
  requestId: string | null;
  retryAfter: string | null;
  connection: string | null;
  body: unknown;
}

async function post(base: string, path: string, opts: { key?: string; requestId?: string; body: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
  if (opts.requestId) headers['x-request-id'] = opts.requestId;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: opts.body });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    requestId: res.headers.get('x-request-id'),
    retryAfter: res.headers.get('retry-after'),
    connection: res.headers.get('connection'),
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Counts what reaches the daemon through the API. */
function counting(upstream: DoorUpstream): DoorUpstream & { calls: number } {
  const spy = {
    calls: 0,
    send: (call: Parameters<DoorUpstream['send']>[0]) => {
      spy.calls++;
      return upstream.send(call);
    },
    close: () => upstream.close(),
  };
  return spy;
}

for (const mode of ['all-in-one (in-process)', 'split mode (HTTP to the daemon)'] as const) {
  describe(`door routes through the API base URL: ${mode}`, () => {
    let db: TestDatabase;
    let daemon: AccessDaemon;
    let api: BuiltApi;
    let server: Server;
    let upstream: ReturnType<typeof counting>;
    let viaApi = '';
    let direct = '';
    let b: { readerKey: string; credentialId: string; staffId: string; zoneId: string };

    before(async function () {
      this.timeout(30_000);
      db = await createTestDatabase();
      const bus = new LocalBus();
      const daemonConfig = { ...loadDaemonConfig({ LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, metricsHost: '127.0.0.1', metricsPort: 0, spoolPath: join(mkdtempSync(join(tmpdir(), 'door-path-')), 'spool.ndjson') };
      daemon = await startAccessDaemon({ config: daemonConfig, dataSource: db.dataSource, bus, logger: silent, clock: systemClock });
      const config = loadApiConfig({ JWT_SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PASSWORD_HASH_COST: 'test', LOG_LEVEL: 'silent', ACCESS_DAEMON_URL: `http://127.0.0.1:${daemon.port}` });
      upstream = counting(mode.startsWith('all-in-one') ? inProcessDoor(daemon.door) : httpDoorUpstream(config.accessDaemonUrl, config.accessProxy.upstreamTimeoutMs));
      api = buildApi({ config: { ...config, jwtSecret: JWT_SECRET, dataEncryptionKey: DATA_KEY }, dataSource: db.dataSource, bus, redis: null, logger: silent, clock: systemClock, doorUpstream: upstream });
      server = await new Promise((resolve) => {
        const s = createApiServer(api.app, config.httpServer, api.door).listen(0, '127.0.0.1', () => resolve(s));
      });
      viaApi = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
      direct = `http://127.0.0.1:${daemon.port}/api/v1`;

      const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
      const admin = await createUser(db.dataSource, tenant.id, { role: 'COMPANY_ADMIN' });
      const staff = await createUser(db.dataSource, tenant.id, { role: 'STAFF', fullName: 'Dana Døør' });
      const call = async (method: string, path: string, token: string | undefined, body?: unknown) =>
        (await fetch(`${viaApi}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }).then((r) => r.json())) as Record<string, any>;
      const login = async (email: string | null) => (await call('POST', '/auth/login', undefined, { identifier: email, password: DEFAULT_PASSWORD })).accessToken as string;
      const adminToken = await login(admin.email);
      const staffToken = await login(staff.email);
      const zone = await call('POST', '/access/zones', adminToken, { name: 'Side door', readerIds: ['side-1', 'side-2', 'side-3', 'side-4', 'side-5', 'side-6'] });
      await call('POST', '/access/grants', adminToken, { userId: staff.id, zoneId: zone.id });
      const readerKey = (await call('POST', '/access/api-keys', adminToken, { name: 'Bridge' })).key as string;
      const credentialId = (await call('POST', '/access/credential', staffToken)).credentialId as string;
      b = { readerKey, credentialId, staffId: staff.id, zoneId: zone.id as string };
      // Changes reach the daemon asynchronously: wait (bounded) until it knows the key and the grant.
      for (let i = 0; i < 400; i++) {
        const tap = await post(direct, '/access/verify', { key: readerKey, body: JSON.stringify({ credentialId, readerId: 'side-6' }) });
        if ((tap.body as { decision?: string }).decision === 'GRANT') break;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    beforeEach(() => {
      upstream.calls = 0;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      await daemon.stop();
      await db.drop();
    });

    // Each pair taps two readers of one zone, so that the daemon's replay window never tells them apart.
    const cases: Array<[string, string, (reader: string) => { key?: string; body: string }]> = [
      ['a granted tap', '/access/verify', (r) => ({ key: b.readerKey, body: JSON.stringify({ credentialId: b.credentialId, readerId: r }) })],
      ['a tap at an unknown reader', '/access/verify', (r) => ({ key: b.readerKey, body: JSON.stringify({ credentialId: b.credentialId, readerId: `nowhere-${r}` }) })],
      ['a tap with a forged credential', '/access/verify', (r) => ({ key: b.readerKey, body: JSON.stringify({ credentialId: `${b.credentialId.slice(0, -4)}AAAA`, readerId: r }) })],
      ['an invalid body', '/access/verify', () => ({ key: b.readerKey, body: JSON.stringify({ credentialId: 'x', readerId: 'side-1', extra: 1 }) })],
      ['malformed JSON', '/access/verify', () => ({ key: b.readerKey, body: '{"credentialId":' })],
      ['a well-formed reader key the daemon does not know', '/access/verify', (r) => ({ key: newReaderKey(), body: JSON.stringify({ credentialId: b.credentialId, readerId: r }) })],
      ['a heartbeat', '/access/reader-heartbeat', (r) => ({ key: b.readerKey, body: JSON.stringify({ readerId: r, firmwareVersion: '2.1', ipAddress: '10.0.0.7' }) })],
      ['an invalid heartbeat', '/access/reader-heartbeat', (r) => ({ key: b.readerKey, body: JSON.stringify({ readerId: r, firmwareVersion: '2.1', ipAddress: 'not-an-ip' }) })],
    ];
    for (const [what, path, request] of cases) {
      it(`answers ${what} exactly as the daemon does, with the caller's X-Request-Id`, async () => {
        const fromDaemon = await post(direct, path, { ...request('side-1'), requestId: 'tap-direct' });
        const fromApi = await post(viaApi, path, { ...request('side-2'), requestId: 'tap-via-api' });
        expect({ ...fromApi, requestId: fromApi.requestId === 'tap-via-api', connection: null }).to.deep.equal({ ...fromDaemon, requestId: fromDaemon.requestId === 'tap-direct', connection: null });
        expect(fromApi.requestId).to.equal('tap-via-api');
        expect(upstream.calls).to.equal(1);
      });
    }

    // A name beyond ASCII: the answer's Content-Length counts its bytes, not its characters.
    it('grants through the API base URL with the daemon decision', async () => {
      const tap = await post(viaApi, '/access/verify', { key: b.readerKey, body: JSON.stringify({ credentialId: b.credentialId, readerId: 'side-3' }) });
      expect(tap.body).to.deep.equal({ decision: 'GRANT', userId: b.staffId, userName: 'Dana Døør', zoneId: b.zoneId, zoneName: 'Side door' });
    });

    it('refuses a request without a reader key itself (bare 401, connection closed, X-Request-Id echoed): nothing reaches the daemon', async () => {
      for (const path of ['/access/verify', '/access/reader-heartbeat']) {
        for (const key of [undefined, 'mk_nope', `${b.readerKey}x`]) {
          const res = await post(viaApi, path, { key, requestId: 'no-key', body: '{}' });
          expect(res.status, `${path} ${key}`).to.equal(401);
          expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
          expect(res.requestId).to.equal('no-key');
          expect(res.connection).to.equal('close');
        }
      }
      expect(upstream.calls).to.equal(0);
    });

    it('refuses a body over 16 KiB with 413 without reaching the daemon', async () => {
      const res = await post(viaApi, '/access/verify', { key: b.readerKey, body: JSON.stringify({ credentialId: 'x'.repeat(17 * 1024), readerId: 'side-4' }) });
      expect(res.status).to.equal(413);
      expect(res.requestId).to.match(/^[0-9a-f-]{36}$/);
      expect(upstream.calls).to.equal(0);
    });

    it('routes the door paths as Express would (any case, trailing slash, query string) and leaves every other method and path to Express', async () => {
      for (const path of ['/ACCESS/Verify', '/access/verify/', '/access/verify?x=1']) {
        const res = await post(viaApi, path, { key: b.readerKey, body: JSON.stringify({ credentialId: b.credentialId, readerId: 'side-5' }) });
        expect(res.status, path).to.equal(200);
      }
      expect(upstream.calls).to.equal(3);
      const other = await fetch(`${viaApi}/access/verify`, { headers: { 'x-request-id': 'get-verify' } });
      expect(other.status).to.equal(404);
      expect(other.headers.get('x-request-id')).to.equal('get-verify');
      // Express's stack still answers: helmet's headers are there.
      expect(other.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(upstream.calls).to.equal(3);
    });
  });
}
