import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSecretKey } from 'node:crypto';
import express from 'express';
import autocannon from 'autocannon';
import { createLogger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { createDataSource } from '@wfm/db/data-source';
import { AuthSessionEntity } from '@wfm/db/entities/auth.entity';
import { LocalBus } from '@wfm/memory/bus-local';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import { createTenant, createUser } from '@wfm/testing/factories';
import { loadApiConfig } from '../config.js';
import { buildApi } from '../composition.js';
import { createApiServer } from '../app.js';
import { TokenService } from '../modules/identity/auth/token.service.js';
import { withBenchDatabase } from './bench-database.js';

/**
 * `npm run bench:api`: authenticated GET /users?limit=50 through the whole app (rate limit, JWT,
 * principal query, list query, serialisation) against a bare Express handler that returns the same
 * bytes. Each server runs in its own child process; autocannon loads it from this one. Bounded:
 * a fixed duration per run, loopback only.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-01';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PATH = '/api/v1/users?limit=50';

/** The app as the entry points serve it (createApiServer), with or without counting every request in the metrics. */
async function serveApp(dbUrl: string, withMetrics: boolean): Promise<void> {
  const ds = createDataSource({ url: dbUrl, poolSize: 10 });
  await ds.initialize();
  const config = loadApiConfig({ JWT_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const limiter = new FlexibleRateLimiter(null);
  const api = buildApi({
    config: { ...config, jwtSecret: SECRET, dataEncryptionKey: 'ab'.repeat(32) },
    dataSource: ds,
    bus: new LocalBus(),
    redis: null,
    logger: createLogger('bench', 'silent'),
    clock: systemClock,
    proxyDaemon: false,
    // One caller at bench rates would hit 120/min at once: lift the limit, keep the counting cost.
    rateLimiter: {
      consume: (name, rule, key) => limiter.consume(name, { points: Number.MAX_SAFE_INTEGER, durationSeconds: rule.durationSeconds }, key),
    },
  });
  const server = createApiServer(api.app, config.httpServer, null, withMetrics ? api.metrics.withProcessMetrics() : null).listen(0, '127.0.0.1', () =>
    process.send?.({ port: (server.address() as { port: number }).port }),
  );
}

async function serveBare(body: string): Promise<void> {
  const app = express();
  app.get('/api/v1/users', (_req, res) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(body);
  });
  const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}

function spawnServer(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(import.meta.url), args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function load(port: number, token?: string) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function main(): Promise<void> {
  await withBenchDatabase('api', async (dbUrl) => {
    const children: ChildProcess[] = [];
    try {
      const ds = createDataSource({ url: dbUrl, poolSize: 2 });
      await ds.initialize();
      const tenant = await createTenant(ds);
      const admin1 = await createUser(ds, tenant.id, { role: 'COMPANY_ADMIN' });
      for (let i = 0; i < 60; i++) await createUser(ds, tenant.id);
      const sessionId = uuid();
      await ds.getRepository(AuthSessionEntity).insert({ id: sessionId, tenantId: tenant.id, userId: admin1.id, expiresAt: new Date(Date.now() + 86400_000), revokedAt: null, revokedReason: null });
      const tokens = new TokenService(createSecretKey(Buffer.from(SECRET)), systemClock, { accessSeconds: 3600, refreshSeconds: 7200, accessLabel: '1h', refreshLabel: '2h' });
      const token = tokens.issuePair({ sub: admin1.id, tid: tenant.id, sid: sessionId }).pair.accessToken;
      await ds.destroy();

      const appServer = await spawnServer(['serve-app', dbUrl, 'metrics']);
      children.push(appServer.child);
      const probe = await fetch(`http://127.0.0.1:${appServer.port}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await probe.text();
      if (probe.status !== 200 || (JSON.parse(body) as unknown[]).length !== 50) throw new Error(`unexpected probe: ${probe.status}`);
      const app = await load(appServer.port, token);
      appServer.child.kill();

      const unmeasured = await spawnServer(['serve-app', dbUrl, 'no-metrics']);
      children.push(unmeasured.child);
      const noMetrics = await load(unmeasured.port, token);
      unmeasured.child.kill();

      const bareServer = await spawnServer(['serve-bare', body]);
      children.push(bareServer.child);
      const bare = await load(bareServer.port);

      const ratio = app.rps / bare.rps;
      console.log(`\nGET /users?limit=50, ${CONNECTIONS} connections, ${DURATION_S} s each, ${body.length} bytes per response`);
      console.log(`  full app (JWT + principal + query)  ${app.rps.toFixed(0)} req/s  p50 ${app.p50} ms  p99 ${app.p99} ms  non-2xx ${app.non2xx}  errors ${app.errors}`);
      console.log(`  full app without metrics           ${noMetrics.rps.toFixed(0)} req/s  p50 ${noMetrics.p50} ms  p99 ${noMetrics.p99} ms  non-2xx ${noMetrics.non2xx}`);
      console.log(`  bare Express, same bytes           ${bare.rps.toFixed(0)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms`);
      console.log(`  ratio with/without metrics         ${((app.rps / noMetrics.rps) * 100).toFixed(1)} %`);
      console.log(`  ratio full/bare                    ${(ratio * 100).toFixed(1)} %`);
    } finally {
      for (const c of children) c.kill();
    }
  });
}

const [mode, arg, variant] = process.argv.slice(2);
if (mode === 'serve-app') await serveApp(arg!, variant === 'metrics');
else if (mode === 'serve-bare') await serveBare(arg!);
else await main();
