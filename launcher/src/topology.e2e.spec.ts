import { expect } from 'chai';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import type { Bus } from '@wfm/memory/bus';
import { LocalBus } from '@wfm/memory/bus-local';
import { RedisBus } from '@wfm/memory/bus-redis';
import { createRedis, type Redis } from '@wfm/memory/redis';
import { describeWithRedis } from '@wfm/testing/redis';
import { loadApiConfig } from '@wfm/api/config';
import { buildApi } from '@wfm/api/composition';
import { createApiServer } from '@wfm/api/app';
import { loadDaemonConfig } from '@wfm/access-daemon/config';
import { startAccessDaemon, type AccessDaemon } from '@wfm/access-daemon/daemon';

/**
 * The apps together, as deployed: API instances that forward the door routes to a daemon, and
 * daemons kept current over the bus. Everything is set up through the API, as an admin would.
 */
const JWT_SECRET = 'topology-secret-topology-secret-0123456';
const DATA_KEY = 'ab'.repeat(32);
const silent = createLogger('t', 'silent');

interface Api {
  base: string;
  server: Server;
}

async function startDaemon(db: TestDatabase, bus: Bus): Promise<AccessDaemon> {
  const config = { ...loadDaemonConfig({ LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, metricsHost: '127.0.0.1', metricsPort: 0, spoolPath: join(mkdtempSync(join(tmpdir(), 'topology-')), 'spool.ndjson') };
  return startAccessDaemon({ config, dataSource: db.dataSource, bus, logger: silent, clock: systemClock });
}

async function startApi(db: TestDatabase, bus: Bus, redis: Redis | null, daemonPort: number): Promise<Api> {
  const config = loadApiConfig({ JWT_SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PASSWORD_HASH_COST: 'test', LOG_LEVEL: 'silent', ACCESS_DAEMON_URL: `http://127.0.0.1:${daemonPort}` });
  const { app, door } = buildApi({ config: { ...config, jwtSecret: JWT_SECRET, dataEncryptionKey: DATA_KEY }, dataSource: db.dataSource, bus, redis, logger: silent, clock: systemClock });
  const server: Server = await new Promise((resolve) => {
    const s = createApiServer(app, config.httpServer, door).listen(0, '127.0.0.1', () => resolve(s));
  });
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`, server };
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Polls until `check` holds (bounded): changes reach daemons asynchronously; no timing is asserted. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition never held');
}

/**
 * True once every daemon has applied the tenant's latest access change. Polling this, rather than
 * tapping, keeps a slow start from spending the daemons' per-address budget of failed reader keys.
 */
async function caughtUp(db: TestDatabase, tenantId: string, daemons: readonly AccessDaemon[]): Promise<boolean> {
  const [row]: Array<{ version: string }> = await db.dataSource.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
  return row !== undefined && daemons.every((d) => d.cache.versions.get(tenantId) === Number(row.version));
}

/** A building set up through the API: a zone, a grant for staff, a reader key, a staff credential. */
async function building(db: TestDatabase, api: string) {
  const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
  const admin = await createUser(db.dataSource, tenant.id, { role: 'COMPANY_ADMIN' });
  const staff = await createUser(db.dataSource, tenant.id, { role: 'STAFF', fullName: 'Sam Staff' });
  const login = async (email: string | null) => (await call(api, 'POST', '/auth/login', undefined, { identifier: email, password: DEFAULT_PASSWORD })).body.accessToken as string;
  const adminToken = await login(admin.email);
  const staffToken = await login(staff.email);
  const zone = (await call(api, 'POST', '/access/zones', adminToken, { name: 'Front door', readerIds: ['front-1', 'front-2', 'front-3'] })).body;
  const grant = (await call(api, 'POST', '/access/grants', adminToken, { userId: staff.id, zoneId: zone.id })).body;
  const readerKey = (await call(api, 'POST', '/access/api-keys', adminToken, { name: 'Bridge' })).body.key as string;
  const credentialId = (await call(api, 'POST', '/access/credential', staffToken)).body.credentialId as string;
  return { tenantId: tenant.id, adminToken, staffId: staff.id, zone, grant, readerKey, credentialId };
}

describe('the apps together: one base URL, in-process bus', () => {
  let db: TestDatabase;
  let daemon: AccessDaemon;
  let api: Api;
  const bus = new LocalBus();

  before(async () => {
    db = await createTestDatabase();
    daemon = await startDaemon(db, bus);
    api = await startApi(db, bus, null, daemon.port);
  });
  after(async () => {
    api.server.close();
    await daemon.stop();
    await db.drop();
  });

  it('answers verify and heartbeat through the API base URL as the daemon does directly', async () => {
    const b = await building(db, api.base);
    const direct = `http://127.0.0.1:${daemon.port}/api/v1`;
    await eventually(async () => (await call(api.base, 'POST', '/access/verify', b.readerKey, { credentialId: b.credentialId, readerId: 'front-1' })).body?.decision === 'GRANT');
    const viaDaemon = await call(direct, 'POST', '/access/verify', b.readerKey, { credentialId: b.credentialId, readerId: 'front-2' });
    expect(viaDaemon).to.deep.equal({ status: 200, body: { decision: 'GRANT', userId: b.staffId, userName: 'Sam Staff', zoneId: b.zone.id, zoneName: 'Front door' } });
    const beat = await call(api.base, 'POST', '/access/reader-heartbeat', b.readerKey, { readerId: 'front-1', firmwareVersion: '1.0', ipAddress: '10.1.1.1' });
    expect(beat).to.deep.equal({ status: 200, body: { ok: true } });
    const readers = await call(api.base, 'GET', '/access/readers', b.adminToken);
    expect(readers.body.map((r: { readerId: string; online: boolean }) => [r.readerId, r.online])).to.deep.equal([['front-1', true]]);
    const unauthorized = await call(api.base, 'POST', '/access/verify', 'mk_nope', { credentialId: b.credentialId, readerId: 'front-1' });
    expect(unauthorized).to.deep.equal({ status: 401, body: { message: 'Unauthorized', statusCode: 401 } });
  });

  it('a revoke through the API is a DENY at the daemon on the next tap', async () => {
    const b = await building(db, api.base);
    await eventually(async () => (await call(api.base, 'POST', '/access/verify', b.readerKey, { credentialId: b.credentialId, readerId: 'front-1' })).body?.decision === 'GRANT');
    expect((await call(api.base, 'POST', `/access/grants/${b.grant.id}/revoke`, b.adminToken, { reason: 'Left the company' })).status).to.equal(200);
    await daemon.sync.settled();
    const denied = await call(api.base, 'POST', '/access/verify', b.readerKey, { credentialId: b.credentialId, readerId: 'front-2' });
    expect(denied.body).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
  });
});

describeWithRedis('the apps together: two APIs and two daemons over one Redis and one database', (url) => {
  let db: TestDatabase;
  const buses: RedisBus[] = [];
  const redises: Redis[] = [];
  const daemons: AccessDaemon[] = [];
  const apis: Api[] = [];

  before(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const bus = new RedisBus(url);
      buses.push(bus);
      daemons.push(await startDaemon(db, bus));
    }
    for (let i = 0; i < 2; i++) {
      const bus = new RedisBus(url);
      const redis = createRedis(url);
      buses.push(bus);
      redises.push(redis);
      apis.push(await startApi(db, bus, redis, daemons[i]!.port));
    }
  });
  after(async () => {
    for (const a of apis) a.server.close();
    for (const d of daemons) await d.stop();
    for (const b of buses) await b.close();
    for (const r of redises) r.disconnect();
    await db.drop();
  });

  it('a change made through one API reaches both daemons, each answering through its API', async () => {
    const b = await building(db, apis[0]!.base);
    const tap = (i: number, readerId: string) => call(apis[i]!.base, 'POST', '/access/verify', b.readerKey, { credentialId: b.credentialId, readerId });
    await eventually(() => caughtUp(db, b.tenantId, daemons));
    expect((await tap(0, 'front-1')).body?.decision).to.equal('GRANT');
    expect((await tap(1, 'front-1')).body?.decision).to.equal('GRANT');
    expect((await call(apis[1]!.base, 'POST', `/access/grants/${b.grant.id}/revoke`, b.adminToken, {})).status).to.equal(200);
    await eventually(() => caughtUp(db, b.tenantId, daemons));
    expect((await tap(0, 'front-2')).body?.decision).to.equal('DENY');
    expect((await tap(1, 'front-3')).body?.decision).to.equal('DENY');
  });

  it('both APIs share the rate-limit counts through Redis', async () => {
    const first = await fetch(`${apis[0]!.base}/openapi.json`);
    const second = await fetch(`${apis[1]!.base}/openapi.json`);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).to.equal(Number(first.headers.get('x-ratelimit-remaining')) - 1);
  });
});
