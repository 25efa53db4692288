import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { failedStart, freePort, NO_FIXED_OPERATOR_PORTS, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { newReaderKey } from '@wfm/access/reader-key';
import { RedisBus } from '@wfm/memory/bus-redis';
import { describeWithRedis } from '@wfm/testing/redis';

/**
 * `npm run start:api` (launcher/dist/api.js) as a real process: split mode without a gateway, where
 * readers use the API base URL. By default the API answers the door routes from an access daemon
 * embedded in its own process, which takes part in read-your-writes like any daemon.
 */
const API_ENTRY = fileURLToPath(new URL('./api.js', import.meta.url));
const BARE_API_ENTRY = fileURLToPath(new URL('../../apps/api/dist/main.js', import.meta.url));
const JWT_SECRET = 'api-entry-secret-api-entry-secret-012345';
const DATA_KEY = 'ef'.repeat(32);

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, propagation: res.headers.get('x-access-propagation'), body: text ? JSON.parse(text) : undefined };
}

/** Bounded wait for the API's health route. */
async function healthy(base: string, p: NodeProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (p.child.exitCode !== null) throw new Error(`the API exited: ${p.output()}`);
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the API never became healthy: ${p.output()}`);
}

function env(db: TestDatabase, redisUrl: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    JWT_SECRET,
    DATA_ENCRYPTION_KEY: DATA_KEY,
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...NO_FIXED_OPERATOR_PORTS,
    // What is asserted is that the change waits for the embedded daemon, not how fast a loaded test machine acknowledges.
    ACCESS_PROPAGATION_TIMEOUT_MS: '10000',
    ACCESS_AUDIT_SPOOL_PATH: join(mkdtempSync(join(tmpdir(), 'api-entry-')), 'spool.ndjson'),
    ...extra,
  };
}

describeWithRedis('npm run start:api (launcher/dist/api.js)', (redisUrl) => {
  let db: TestDatabase;
  before(async function () {
    this.timeout(30_000);
    db = await createTestDatabase();
  });
  after(async () => db.drop());

  describe('ACCESS_DOOR_ROUTES unset: the door routes answered by a daemon embedded in the API', function () {
    this.timeout(60_000);
    let api: NodeProcess;
    let base = '';
    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}/api/v1`;
      api = spawnNode(API_ENTRY, env(db, redisUrl, port));
      await healthy(base, api);
    });
    after(async () => {
      api.child.kill('SIGTERM');
      await api.exit(15_000);
    });

    it('is registered as a live daemon, grants through the base URL with no daemon process anywhere, and a revoke is a DENY on the next tap', async () => {
      const watcher = new RedisBus(redisUrl);
      try {
        await watcher.daemons.watch();
        expect(watcher.daemons.live().some((id) => id.includes(`:${api.child.pid}:`))).to.equal(true);
      } finally {
        await watcher.close();
      }
      const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
      const admin = await createUser(db.dataSource, tenant.id, { role: 'COMPANY_ADMIN' });
      const staff = await createUser(db.dataSource, tenant.id, { role: 'STAFF', fullName: 'Emma Embedded' });
      const login = async (email: string | null) => (await call(base, 'POST', '/auth/login', undefined, { identifier: email, password: DEFAULT_PASSWORD })).body.accessToken as string;
      const adminToken = await login(admin.email);
      const zone = (await call(base, 'POST', '/access/zones', adminToken, { name: 'Side door', readerIds: ['side-1', 'side-2'] })).body;
      const grant = await call(base, 'POST', '/access/grants', adminToken, { userId: staff.id, zoneId: zone.id });
      expect(grant.propagation).to.equal('complete');
      const readerKey = (await call(base, 'POST', '/access/api-keys', adminToken, { name: 'Bridge' })).body.key as string;
      const credentialId = (await call(base, 'POST', '/access/credential', await login(staff.email))).body.credentialId as string;

      const tap = async (readerId: string) => (await call(base, 'POST', '/access/verify', readerKey, { credentialId, readerId })).body;
      expect(await tap('side-1')).to.deep.equal({ decision: 'GRANT', userId: staff.id, userName: 'Emma Embedded', zoneId: zone.id, zoneName: 'Side door' });
      const revoked = await call(base, 'POST', `/access/grants/${grant.body.id}/revoke`, adminToken, {});
      expect([revoked.status, revoked.propagation]).to.deep.equal([200, 'complete']);
      expect(await tap('side-2')).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
      // Both rows were durable in the daemon's journal before each answer; the shipper brings them to PostgreSQL after.
      const shipped = async () => (await db.dataSource.query(`SELECT count(*)::int AS n FROM access_audit WHERE tenant_id = $1 AND event_type IN ('GRANTED', 'DENIED_NO_GRANT')`, [tenant.id]))[0].n as number;
      for (let i = 0; i < 200 && (await shipped()) < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await shipped()).to.equal(2);
    });

    it("gives the embedded daemon a database pool of its own, apart from the API's", async () => {
      const pools: Array<{ app: string }> = await db.dataSource.query(
        `SELECT DISTINCT application_name AS app FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('wfm-api', 'wfm-access-daemon') ORDER BY 1`,
      );
      expect(pools.map((p) => p.app)).to.deep.equal(['wfm-access-daemon', 'wfm-api']);
    });
  });

  it('ACCESS_DOOR_ROUTES=forward: the door routes go to ACCESS_DAEMON_URL (503 when nothing answers there)', async function () {
    this.timeout(60_000);
    const [port, nobody] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}/api/v1`;
    const api = spawnNode(API_ENTRY, env(db, redisUrl, port, { ACCESS_DOOR_ROUTES: 'forward', ACCESS_DAEMON_URL: `http://127.0.0.1:${nobody}` }));
    try {
      await healthy(base, api);
      const res = await call(base, 'POST', '/access/verify', newReaderKey(), { credentialId: 'x', readerId: 'y' });
      expect([res.status, res.body.message]).to.deep.equal([503, 'Access daemon unavailable']);
    } finally {
      api.child.kill('SIGTERM');
      await api.exit(15_000);
    }
  });

  it('the bare API entry refuses ACCESS_DOOR_ROUTES=embedded in one line, saying what to run instead', async function () {
    this.timeout(30_000);
    const output = await failedStart(BARE_API_ENTRY, env(db, redisUrl, await freePort(), { ACCESS_DOOR_ROUTES: 'embedded' }), 20_000);
    expect(output).to.contain('api: cannot start: ACCESS_DOOR_ROUTES=embedded needs the launcher');
  });
});
