import { expect } from 'chai';
import type { Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { LocalBus } from '@wfm/memory/bus-local';
import { createRedis, type Redis } from '@wfm/memory/redis';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { describeWithRedis } from '@wfm/testing/redis';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { loadApiConfig } from '../../../config.js';
import { buildApi } from '../../../composition.js';
import { TEST_DATA_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../../test-support/harness.js';

/** The API as split mode runs it (a Redis client for the rate limiter), on the given data source and Redis. */
async function startApi(ds: DataSource, redis: Redis | null) {
  const config = loadApiConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, PASSWORD_HASH_COST: 'test', LOG_LEVEL: 'silent', STATUS_CHECK_TIMEOUT_MS: '300' });
  const { app } = buildApi({
    config: { ...config, jwtSecret: TEST_JWT_SECRET, dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY },
    dataSource: ds,
    bus: new LocalBus(),
    redis,
    logger: createLogger('test', 'silent'),
    clock: systemClock,
    proxyDaemon: false,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    base,
    get: (path: string, token?: string) => fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /status and the routes with Redis unreachable (split mode)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let api: Awaited<ReturnType<typeof startApi>>;

  before(async () => {
    db = await createTestDatabase();
    redis = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    redis.on('error', () => undefined);
    api = await startApi(db.dataSource, redis);
  });
  after(async () => {
    await api.stop();
    redis.disconnect();
    await db.drop();
  });

  it('keeps answering routes, with their X-RateLimit headers (counted in process memory)', async () => {
    const tenant = await createTenant(db.dataSource);
    const user = await createUser(db.dataSource, tenant.id, { role: 'COMPANY_ADMIN' });
    const login = await fetch(`${api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).to.equal(200);
    expect(login.headers.get('x-ratelimit-limit')).to.match(/^\d+$/);
    const token = ((await login.json()) as { accessToken: string }).accessToken;

    const first = await api.get('/tenant', token);
    const second = await api.get('/tenant', token);
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).to.equal(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(second.headers.get('x-ratelimit-reset')).to.match(/^\d+$/);
  });

  it('answers 503 naming Redis down', async () => {
    const res = await api.get('/status');
    expect(res.status).to.equal(503);
    expect(await res.json()).to.deep.equal({ status: 'degraded', checks: { database: 'up', bus: 'up', redis: 'down' }, busKind: 'local' });
  });
});

describeWithRedis('GET /status with Redis reachable (split mode)', (url) => {
  let db: TestDatabase;
  let redis: Redis;
  let api: Awaited<ReturnType<typeof startApi>>;

  before(async () => {
    db = await createTestDatabase();
    redis = createRedis(url);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    api = await startApi(db.dataSource, redis);
  });
  after(async () => {
    await api.stop();
    redis.disconnect();
    await db.drop();
  });

  it('answers 200 with Redis up', async () => {
    const res = await api.get('/status');
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ status: 'ok', checks: { database: 'up', bus: 'up', redis: 'up' }, busKind: 'local' });
  });
});

describe('GET /status with PostgreSQL stalled (connections open, nothing answered)', () => {
  let db: TestDatabase;
  let proxy: FaultProxy;
  let ds: DataSource;
  let api: Awaited<ReturnType<typeof startApi>>;

  before(async () => {
    db = await createTestDatabase();
    const target = new URL(db.url);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    // Driver bounds far beyond the test: only /status's own bound can answer in time.
    ds = createDataSource({ url: target.toString(), poolSize: 2, statementTimeoutMs: 120_000, queryTimeoutMs: 125_000, connectTimeoutMs: 125_000 });
    await ds.initialize();
    api = await startApi(ds, null);
  });
  after(async () => {
    await api.stop();
    await proxy.stop();
    await ds.destroy();
    await db.drop();
  });

  it('answers 503 naming the database down, and keeps answering while it stays stalled', async () => {
    expect((await api.get('/status')).status).to.equal(200);
    proxy.freeze();
    for (let i = 0; i < 3; i++) {
      const res = await api.get('/status');
      expect(res.status).to.equal(503);
      expect(await res.json()).to.deep.equal({ status: 'degraded', checks: { database: 'down', bus: 'up' }, busKind: 'local' });
    }
  });
});
