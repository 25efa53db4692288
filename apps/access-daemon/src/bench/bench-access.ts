import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicKey, randomUUID } from 'node:crypto';
import express from 'express';
import pg from 'pg';
import { App, us_socket_local_port } from 'uWebSockets.js';
import { decide, eventTypeFor } from '@wfm/access/decision';
import { verifyCredential } from '@wfm/access/credential';
import { evaluateHours } from '@wfm/access/hours';
import { hashReaderKey } from '@wfm/access/reader-key';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { shutdownTracing, startTracing } from '@wfm/core/tracing';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';
import { LocalBus } from '@wfm/memory/bus-local';
import { createUser } from '@wfm/testing/factories';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { loadDaemonConfig } from '../config.js';
import { startAccessDaemon } from '../daemon.js';
import { fixedRate, load, type FixedRateOptions, type FixedRateResult, type LoadResult } from './load.js';
import { mintCredential, seedBenchTenant, tapBodies } from './seed.js';
import { otlpSink } from './otlp-sink.js';

/**
 * `npm run bench:access`. One run: (1) a bare uWebSockets.js handler answering fixed bytes,
 * (2) the daemon's verify with real decisions and every audit row committed, (3) the conventional
 * design (Express, database lookups and a single-row audit insert per request); then revoke-to-deny
 * propagation in split mode (API and daemon as separate processes over Redis). Servers run pinned to
 * core 0, the load generator to core 1. Bounded: fixed durations, fixed counts, loopback only.
 */
const SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const REVOCATIONS = Number(process.env.BENCH_REVOCATIONS ?? 200);
/** The fixed-rate run's arrival rate, as a fraction of the daemon's measured saturation throughput. */
const FIXED_RATE_FRACTION = Number(process.env.BENCH_FIXED_RATE_FRACTION ?? 0.5);
const SERVER_CPU = 0;
const LOAD_CPU = 1;
/** Split mode's API process: on the server core with the daemon unless told otherwise ("none" lets it float). */
const SPLIT_API_CPU = process.env.BENCH_SPLIT_API_CPU === 'none' ? null : Number(process.env.BENCH_SPLIT_API_CPU ?? SERVER_CPU);
const VERIFY = '/api/v1/access/verify';
/** The edge scenario: a daemon whose PostgreSQL and Redis are this far away (each way), tapped at a fixed rate. */
const WAN_ONE_WAY_MS = Number(process.env.BENCH_WAN_ONE_WAY_MS ?? 20);
const EDGE_RATE = Number(process.env.BENCH_EDGE_RATE ?? 200);
const PARTITION_S = Number(process.env.BENCH_PARTITION_S ?? 30);
/** `daemon`: only the bare handler and the daemon (saturation, its rows, the fixed rate); `edge`: only the edge scenario. For profiling and quick comparisons. */
const ONLY = process.env.BENCH_ACCESS_ONLY;
/**
 * `on`: the daemon traces taps (every one unless OTEL_TRACES_SAMPLER/_ARG name another sampler; the
 * batch processor, OTLP/HTTP export) to a sink on the load core that reads each export and discards
 * it, so the figures carry the whole cost of tracing in the daemon and none of a collector's.
 * Compare with a run without it.
 */
const TRACING = process.env.BENCH_TRACING === 'on';

const here = fileURLToPath(import.meta.url);

/** A reader no zone has: a warm-up tap is decided (and audited) as `Unknown reader`, after its credential's check. */
const WARM_UP_READER = 'bench-warm-up';

/**
 * One tap per distinct credential before a daemon is measured, so that the saturation run sees the
 * steady state of a building whose people have tapped before: each credential's Ed25519 check done
 * once and remembered. The first-seen cost is the warm-up's own figure, printed beside.
 */
async function warmCredentials(port: number, bodies: string[], headers: Record<string, string>): Promise<{ taps: number; seconds: number }> {
  const credentials = [...new Set(bodies.map((b) => (JSON.parse(b) as { credentialId: string }).credentialId))];
  const url = `http://127.0.0.1:${port}${VERIFY}`;
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < credentials.length) {
      const body = JSON.stringify({ credentialId: credentials[next++], readerId: WARM_UP_READER });
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      if (res.status !== 200) throw new Error(`warm-up tap answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { taps: credentials.length, seconds: (performance.now() - t0) / 1000 };
}

/**
 * The bench database's PostgreSQL backends, moved to the load core as they appear: the daemon at
 * the edge has its database on another machine, so the work of storing the shipped rows is not
 * the door core's. Only for a PostgreSQL on this host whose processes this user may move; the
 * result says whether it could.
 */
function pinDatabaseBackends(ds: ReturnType<typeof createDataSource>): { stop(): void; pinned(): number } {
  const pinned = new Set<number>();
  const pin = async () => {
    const rows: Array<{ pid: number }> = await ds.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).catch(() => []);
    for (const { pid } of rows) {
      if (pinned.has(pid)) continue;
      const ok = await new Promise<boolean>((resolve) => spawn('taskset', ['-cp', String(LOAD_CPU), String(pid)], { stdio: 'ignore' }).once('exit', (code) => resolve(code === 0)).once('error', () => resolve(false)));
      if (ok) pinned.add(pid);
    }
  };
  void pin();
  const timer = setInterval(() => void pin(), 500);
  timer.unref();
  return { stop: () => clearInterval(timer), pinned: () => pinned.size };
}

function child(mode: string, args: string[], env: Record<string, string> = {}): Promise<{ proc: ChildProcess; info: { port: number; metricsPort?: number; rss?: number } }> {
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  const execArgv = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  if (process.env.BENCH_ALLOC_PROFILE_DIR && mode === 'serve-daemon') execArgv.push('--import', fileURLToPath(new URL('./alloc-profile.js', import.meta.url)));
  // The daemon's collections, one line each on its stdout: how much a scavenge promotes is what its pauses follow.
  if (process.env.BENCH_TRACE_GC && mode === 'serve-daemon') execArgv.push('--trace-gc');
  // Node or V8 options for the daemon child alone (garbage-collector settings, say), to try them against the same run.
  if (process.env.BENCH_DAEMON_NODE_OPTIONS && mode === 'serve-daemon') execArgv.push(...process.env.BENCH_DAEMON_NODE_OPTIONS.split(' ').filter(Boolean));
  const proc = fork(here, [mode, ...args], { stdio: 'inherit', env: { ...process.env, ...env }, execArgv });
  // Pin the server to its own core so the load generator never competes with it.
  if (proc.pid) spawn('taskset', ['-cp', String(SERVER_CPU), String(proc.pid)], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    proc.once('message', (info: { port: number; metricsPort?: number; rss?: number }) => resolve({ proc, info }));
    proc.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
  });
}

/**
 * CPU seconds a process has used, all its threads (the thread pool's durable writes and Ed25519
 * checks included), from /proc: the figure that does not move with how fast the machine is that
 * day the way a throughput ratio does. Null where /proc is not there.
 */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Ends a server child and waits (at most 10 s) for it to exit, so that its CPU profile is written before the next run starts. */
/**
 * The fixed-rate generator in a process of its own on the load core: in the bench's process its
 * timer and its reading of answers shared the event loop with the edge scenario's relays, which
 * carry the shipped rows and the change feed, so the relays' work showed as the daemon's tail.
 */
function fixedRateApart(opts: FixedRateOptions): Promise<FixedRateResult> {
  const proc = fork(here, ['fixed-rate'], { stdio: 'inherit' });
  if (proc.pid) spawn('taskset', ['-cp', String(LOAD_CPU), String(proc.pid)], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    proc.once('message', (result: FixedRateResult) => {
      resolve(result);
      proc.kill();
    });
    proc.once('exit', (code) => reject(new Error(`the fixed-rate generator exited with ${code}`)));
    proc.send(opts);
  });
}

async function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
}

async function serveBare(): Promise<void> {
  const bytes = JSON.stringify({ decision: 'GRANT', userId: randomUUID(), userName: 'User 1', zoneId: randomUUID(), zoneName: 'Zone 1' });
  App()
    .post(VERIFY, (res) => {
      res.onAborted(() => {});
      res.onData((_chunk, last) => {
        if (last) res.cork(() => res.writeHeader('Content-Type', 'application/json').end(bytes));
      });
    })
    .listen('127.0.0.1', 0, (socket) => {
      if (socket) process.send?.({ port: us_socket_local_port(socket) });
    });
}

async function serveDaemon(dbUrl: string, spoolDir: string): Promise<void> {
  const ds = createDataSource({ url: dbUrl, poolSize: 8 });
  await ds.initialize();
  const config = { ...loadDaemonConfig({ ...process.env, LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, metricsHost: '127.0.0.1', metricsPort: 0, spoolPath: join(spoolDir, 'spool.ndjson') };
  startTracing(config.tracing, 'wfm-access-daemon');
  const daemon = await startAccessDaemon({ config, dataSource: ds, bus: new LocalBus(), logger: createLogger('bench', 'silent'), clock: systemClock });
  global.gc?.();
  process.send?.({ port: daemon.port, metricsPort: daemon.metricsPort, rss: process.memoryUsage().rss });
}

/** The conventional design, for comparison: every tap reads the database and inserts one audit row. */
async function serveConventional(dbUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 16 });
  // An idle connection dropped by the server must not end the process; the pool replaces it.
  pool.on('error', () => {});
  const app = express();
  app.use(express.json());
  app.post(VERIFY, async (req, res) => {
    try {
      const key = (req.get('authorization') ?? '').slice(7);
      const k = (await pool.query(`SELECT k.tenant_id, t.timezone FROM access_reader_keys k JOIN tenants t ON t.id = k.tenant_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`, [hashReaderKey(key)])).rows[0];
      if (!k) return res.status(401).json({ message: 'Unauthorized', statusCode: 401 });
      const { credentialId = '', readerId = '' } = req.body as { credentialId?: string; readerId?: string };
      const zone = (await pool.query(`SELECT z.id, z.name, z.active, z.hours_json FROM access_zone_readers r JOIN access_zones z ON z.id = r.zone_id WHERE r.tenant_id = $1 AND r.reader_id = $2 AND z.deleted_at IS NULL`, [k.tenant_id, readerId])).rows[0];
      const keys = (await pool.query(`SELECT id, public_key FROM access_signing_keys WHERE tenant_id = $1`, [k.tenant_id])).rows as Array<{ id: string; public_key: string }>;
      const now = new Date();
      const claims = verifyCredential(credentialId, (kid) => {
        const row = keys.find((r) => r.id === kid);
        return row ? createPublicKey(row.public_key) : undefined;
      }, now, k.tenant_id);
      const grant = zone && claims ? (await pool.query(`SELECT id, expires_at FROM access_grants WHERE tenant_id = $1 AND user_id = $2 AND zone_id = $3 AND status = 'ACTIVE'`, [k.tenant_id, claims.sub, zone.id])).rows[0] : undefined;
      const user = grant ? (await pool.query(`SELECT full_name FROM users WHERE id = $1`, [claims!.sub])).rows[0] : undefined;
      const decision = decide({
        zone: zone ? { id: zone.id, active: zone.active } : null,
        credentialValid: claims !== null,
        grant: grant ? 'active' : 'none',
        hours: zone ? evaluateHours(zone.hours_json, now, k.timezone) : 'OPEN',
      });
      await pool.query(
        `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, credential_id, reader_id, event_type, reason, occurred_at, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'BRIDGE_HTTP')`,
        [randomUUID(), k.tenant_id, claims?.sub ?? null, zone?.id ?? null, claims?.jti ?? 'unknown', readerId, decision.decision === 'GRANT' ? 'GRANTED' : eventTypeFor(decision.reason), decision.decision === 'GRANT' ? null : decision.reason, now],
      );
      if (decision.decision === 'DENY') return res.json({ decision: 'DENY', reason: decision.reason });
      res.json({ decision: 'GRANT', userId: claims!.sub, userName: user.full_name, zoneId: zone.id, zoneName: zone.name });
    } catch {
      res.status(500).json({ statusCode: 500, message: 'Internal server error' });
    }
  });
  const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}

/** Upper bounds (ms) of the histogram buckets holding the given quantiles, from Prometheus text. */
function histogramQuantiles(text: string, name: string, qs: number[]): string[] {
  const buckets = [...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\d+)$`, 'gm'))].map((m) => ({ le: m[1]!, n: Number(m[2]) }));
  const total = buckets.at(-1)?.n ?? 0;
  return qs.map((q) => {
    const b = buckets.find((x) => x.n >= q * total);
    return !b || b.le === '+Inf' ? '∞' : String(Number(b.le) * 1000);
  });
}

const fmt = (r: LoadResult) => `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50ms.toFixed(2)} ms   p99 ${r.p99ms.toFixed(2)} ms   non-2xx ${r.non2xx}`;
const fmtFixed = (f: FixedRateResult) =>
  `${f.rate} taps/s, ${f.answered} of ${f.sent} answered: p50 ${f.p50ms.toFixed(2)} ms   p99 ${f.p99ms.toFixed(2)} ms   max ${f.maxms.toFixed(2)} ms   non-2xx ${f.non2xx}   errors ${f.errors}   (generator timer late p99 ${f.generatorLateP99ms.toFixed(2)} ms)`;
const fmtDoor = (c: DoorComparison) =>
  `\n    saturation  direct  ${fmt(c.direct)}\n                via API ${fmt(c.viaApi)}\n    fixed rate  direct  ${fmtFixed(c.fixedDirect)}\n                via API ${fmtFixed(c.fixedViaApi)}` +
  `\n    throughput ${((c.viaApi.rps / c.direct.rps) * 100).toFixed(0)} % of direct; p99 over direct: ${(c.viaApi.p99ms - c.direct.p99ms).toFixed(2)} ms at saturation, ${(c.fixedViaApi.p99ms - c.fixedDirect.p99ms).toFixed(2)} ms at the fixed rate`;
const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function waitHealthy(url: string, proc?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc && proc.exitCode !== null) throw new Error(`${url}: its process exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

/**
 * Each round: a GRANT, the revoke through the API, then taps at other readers of the zone until a
 * DENY. The first tap after the 2xx must already be a DENY (read-your-writes); revoke-to-deny runs
 * from sending the revoke to that DENY, so it includes the API's wait for the daemons' acknowledgements.
 */
interface PropagationResult {
  times: number[];
  /** Rounds whose very next tap after the revoke's 2xx still said GRANT. */
  stillGranted: number;
  /** Revokes answered `X-Access-Propagation: partial`. */
  partial: number;
}

async function propagation(dbUrl: string, redisUrl: string, workDir: string, ds: ReturnType<typeof createDataSource>): Promise<PropagationResult> {
  const tenant = await seedBenchTenant(ds, { users: REVOCATIONS, zones: 1, readersPerZone: 1, zonesPerUser: 1 });
  const [zone] = await ds.query(`SELECT id FROM access_zones WHERE tenant_id = $1`, [tenant.tenantId]);
  const polls = REVOCATIONS * 20;
  await ds.query(`INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) SELECT $1, $2, 'p-' || g FROM generate_series(1, $3::int) g`, [tenant.tenantId, zone.id, polls]);
  // The API counts 120 calls per minute per user on each endpoint: spread the revocations over admins.
  const admins = await Promise.all(Array.from({ length: Math.ceil(REVOCATIONS / 100) }, () => createUser(ds, tenant.tenantId, { role: 'COMPANY_ADMIN', password: 'Bench-Password-1' })));
  const grants: Array<{ id: string; user_id: string }> = await ds.query(`SELECT id, user_id FROM access_grants WHERE tenant_id = $1 AND user_id IS NOT NULL`, [tenant.tenantId]);
  const apiPort = 3900 + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const common = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'silent', ...NO_FIXED_OPERATOR_PORTS };
  const api = spawn(process.execPath, [join(here, '../../../../api/dist/main.js')], {
    stdio: 'inherit',
    env: { ...process.env, ...common, PORT: String(apiPort), HOST: '127.0.0.1', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00', DATA_ENCRYPTION_KEY: 'a'.repeat(64), MIGRATE_ON_START: 'false', ACCESS_DAEMON_URL: `http://127.0.0.1:${daemonPort}` },
  });
  const daemon = spawn(process.execPath, [join(here, '../../main.js')], {
    stdio: 'inherit',
    env: { ...process.env, ...common, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0', ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'split-spool.ndjson') },
  });
  try {
    await waitHealthy(`http://127.0.0.1:${apiPort}/api/v1/health`);
    await waitHealthy(`http://127.0.0.1:${daemonPort}/health`);
    const tokens = await Promise.all(
      admins.map((a) =>
        fetch(`http://127.0.0.1:${apiPort}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: a.email, password: 'Bench-Password-1' }),
        })
          .then((r) => r.json() as Promise<{ accessToken: string }>)
          .then((b) => b.accessToken),
      ),
    );
    let reader = 0;
    const tapAt = async (cred: string) =>
      (await fetch(`http://127.0.0.1:${daemonPort}${VERIFY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.readerKey}` },
        body: JSON.stringify({ credentialId: cred, readerId: `p-${(reader++ % polls) + 1}` }),
      }).then((r) => r.json())) as { decision: string };
    const result: PropagationResult = { times: [], stillGranted: 0, partial: 0 };
    for (const [n, g] of grants.entries()) {
      const cred = mintCredential(tenant, g.user_id);
      if ((await tapAt(cred)).decision !== 'GRANT') throw new Error('propagation setup: expected a GRANT before the revoke');
      const t0 = performance.now();
      const revoked = await fetch(`http://127.0.0.1:${apiPort}/api/v1/access/grants/${g.id}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: '{}',
      });
      if (!revoked.ok) throw new Error(`revoke answered ${revoked.status}`);
      if (revoked.headers.get('x-access-propagation') !== 'complete') result.partial++;
      let denied = (await tapAt(cred)).decision === 'DENY';
      if (!denied) result.stillGranted++;
      for (let i = 0; i < 1000 && !denied; i++) denied = (await tapAt(cred)).decision === 'DENY';
      if (!denied) throw new Error('a revoked grant was still granted after 1,000 taps');
      result.times.push(performance.now() - t0);
    }
    return result;
  } finally {
    api.kill();
    daemon.kill();
  }
}

function spawnPinned(script: string, env: Record<string, string | undefined>, cpu: number | null): ChildProcess {
  const proc = spawn(process.execPath, [script], { stdio: ['ignore', process.env.BENCH_CHILD_LOGS ? 'inherit' : 'ignore', 'inherit'], env });
  if (cpu !== null && proc.pid) spawn('taskset', ['-cp', String(cpu), String(proc.pid)], { stdio: 'ignore' });
  return proc;
}

/** The load comes from one address: lift the API's per-address cap on door forwards above the connection count. */
const PROXY_CAP = { ACCESS_PROXY_MAX_PER_CLIENT: String(CONNECTIONS * 2) };

/** SIGTERM, then up to 10 s for the graceful shutdown, so the next configuration starts on a quiet core. */
async function stopped(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
}

interface DoorComparison {
  direct: LoadResult;
  viaApi: LoadResult;
  /** Open loop at FIXED_RATE_FRACTION of the direct saturation figure: latency without the closed loop's queueing. */
  fixedDirect: FixedRateResult;
  fixedViaApi: FixedRateResult;
}

type Runner = { saturation: (port: number) => Promise<LoadResult>; fixed: (port: number, rate: number) => Promise<FixedRateResult>; warm: (port: number) => Promise<unknown> };

/** The same taps straight at the daemon's port and through the API base URL, back to back. */
async function compareDoorPath(run: Runner, apiPort: number, daemonPort: number, procs: { api: ChildProcess; daemon: ChildProcess }): Promise<DoorComparison> {
  await waitHealthy(`http://127.0.0.1:${daemonPort}/health`, procs.daemon);
  await waitHealthy(`http://127.0.0.1:${apiPort}/api/v1/health`, procs.api);
  await run.warm(daemonPort);
  const direct = await run.saturation(daemonPort);
  const viaApi = await run.saturation(apiPort);
  const rate = Math.round(direct.rps * FIXED_RATE_FRACTION);
  const fixedDirect = await run.fixed(daemonPort, rate);
  const fixedViaApi = await run.fixed(apiPort, rate);
  return { direct, viaApi, fixedDirect, fixedViaApi };
}

/** `npm start` (API and daemon in one process, the door routes called in-process), pinned to the server core. */
async function allInOne(dbUrl: string, workDir: string, run: Runner, children: ChildProcess[]): Promise<DoorComparison> {
  const apiPort = 4000 + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const env = { ...process.env, ...PROXY_CAP, REDIS_URL: undefined, DATABASE_URL: dbUrl, DATA_DIR: join(workDir, 'all-in-one'), LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent', PORT: String(apiPort), HOST: '127.0.0.1' };
  const proc = spawnPinned(join(here, '../../../../../launcher/dist/main.js'), { ...env, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0' }, SERVER_CPU);
  children.push(proc);
  try {
    return await compareDoorPath(run, apiPort, daemonPort, { api: proc, daemon: proc });
  } finally {
    await stopped(proc);
  }
}

/**
 * `npm run start:api` and `start:daemon` as two processes, no gateway. `embedded` (the default of
 * start:api): the API answers the door routes from its own embedded daemon; `forward`: over
 * keep-alive HTTP to the daemon process.
 */
async function splitMode(doorRoutes: 'embedded' | 'forward', dbUrl: string, redisUrl: string, workDir: string, run: Runner, children: ChildProcess[]): Promise<DoorComparison> {
  const apiPort = (doorRoutes === 'embedded' ? 4100 : 4200) + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const common = { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent', ...NO_FIXED_OPERATOR_PORTS };
  const daemon = spawnPinned(join(here, '../../main.js'), { ...common, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0', ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'split-door-spool.ndjson') }, SERVER_CPU);
  const api = spawnPinned(
    join(here, '../../../../../launcher/dist/api.js'),
    {
      ...common,
      ...PROXY_CAP,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      MIGRATE_ON_START: 'false',
      ACCESS_DOOR_ROUTES: doorRoutes,
      ACCESS_DAEMON_URL: `http://127.0.0.1:${daemonPort}`,
      ACCESS_METRICS_PORT: '0',
      ACCESS_AUDIT_SPOOL_PATH: join(workDir, `split-api-${doorRoutes}-spool.ndjson`),
    },
    SPLIT_API_CPU,
  );
  children.push(daemon, api);
  try {
    return await compareDoorPath(run, apiPort, daemonPort, { api, daemon });
  } finally {
    await Promise.all([stopped(api), stopped(daemon)]);
  }
}

interface EdgeResult {
  wan: FixedRateResult;
  partition: FixedRateResult;
  /** Rows in PostgreSQL for the partition run's decisions once shipped, and whether any id came twice. */
  partitionRows: number;
  partitionDecisions: number;
  duplicates: number;
  /** From starting the daemon process, with both links cut, to its first answered tap. */
  restartToFirstAnswerMs: number;
  restartAnswer: string;
}

async function decisionsOf(metricsPort: number): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
  return [...text.matchAll(/^access_decisions_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

/**
 * The daemon at the edge (split mode, `start:daemon`): its PostgreSQL and Redis behind relays that
 * add WAN_ONE_WAY_MS each way. Taps at EDGE_RATE with the link up; then a PARTITION_S cut with the
 * taps going on, after which every answered decision must reach PostgreSQL once; then a restart
 * (kill -9) while both links are cut, timed to its first answer.
 */
function printEdge(edgeRun: EdgeResult): void {
  console.log(`the daemon at the edge (start:daemon; PostgreSQL and Redis ${WAN_ONE_WAY_MS * 2} ms round trip away through relays; ${EDGE_RATE} taps/s):
  link up                       ${fmtFixed(edgeRun.wan)}
  link cut ${PARTITION_S} s (after 1 s)      ${fmtFixed(edgeRun.partition)}
  after the partition: ${edgeRun.partitionRows} rows in PostgreSQL for ${edgeRun.partitionDecisions} decisions answered, ${edgeRun.duplicates} duplicated
  restart (kill -9) with both links cut: first answer ${edgeRun.restartAnswer} ${edgeRun.restartToFirstAnswerMs.toFixed(0)} ms after the process started`);
}

async function edge(dbUrl: string, redisUrl: string, workDir: string, ds: ReturnType<typeof createDataSource>, bodies: string[], headers: Record<string, string>, children: ChildProcess[]): Promise<EdgeResult> {
  const db = new URL(dbUrl);
  const redis = new URL(redisUrl);
  const pgRelay = await FaultProxy.start({ host: db.hostname, port: Number(db.port || 5432) });
  const redisRelay = await FaultProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
  pgRelay.delay(WAN_ONE_WAY_MS);
  redisRelay.delay(WAN_ONE_WAY_MS);
  const port = 4300 + (process.pid % 50);
  const metricsPort = port + 50;
  const url = `http://127.0.0.1:${port}${VERIFY}`;
  const env = {
    ...process.env,
    DATABASE_URL: pgRelay.url(dbUrl),
    REDIS_URL: redisRelay.url(redisUrl),
    LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent',
    ACCESS_DAEMON_PORT: String(port),
    ACCESS_DAEMON_HOST: '127.0.0.1',
    ACCESS_METRICS_HOST: '127.0.0.1',
    ACCESS_METRICS_PORT: String(metricsPort),
    ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'edge', 'access-audit-spool.ndjson'),
  };
  const start = () => {
    const proc = spawnPinned(join(here, '../../main.js'), env, SERVER_CPU);
    children.push(proc);
    return proc;
  };
  let daemon = start();
  try {
    await waitHealthy(`http://127.0.0.1:${port}/health`, daemon);
    const fixed = (seconds: number) => fixedRateApart({ url, bodies, headers, rate: EDGE_RATE, seconds, connections: 16 });
    // A process just started compiles its hot paths in its first seconds: measured after that, as the other runs are.
    await fixed(3);
    const wan = await fixed(SECONDS);

    const before = await decisionsOf(metricsPort);
    const since = new Date();
    setTimeout(() => {
      pgRelay.cut();
      redisRelay.cut();
    }, 1000).unref();
    const partition = await fixed(PARTITION_S);
    pgRelay.restore();
    redisRelay.restore();
    const partitionDecisions = (await decisionsOf(metricsPort)) - before;
    const counted = async () => (await ds.query(`SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM access_audit WHERE occurred_at >= $1`, [since]))[0] as { n: number; d: number };
    let rows = await counted();
    for (let i = 0; i < 600 && rows.n < partitionDecisions; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await counted();
    }

    // Power comes back before the WAN: both links cut, the daemon killed and started again.
    pgRelay.cut();
    redisRelay.cut();
    daemon.kill('SIGKILL');
    await new Promise((r) => daemon.once('exit', r));
    const t0 = performance.now();
    daemon = start();
    let restartAnswer = 'none';
    for (let i = 0; i < 1000 && restartAnswer === 'none'; i++) {
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bodies[i % bodies.length] }).catch(() => null);
      if (res?.status === 200) restartAnswer = ((await res.json()) as { decision: string }).decision;
      else await new Promise((r) => setTimeout(r, 10));
    }
    const restartToFirstAnswerMs = performance.now() - t0;
    return { wan, partition, partitionRows: rows.n, partitionDecisions, duplicates: rows.n - rows.d, restartToFirstAnswerMs, restartAnswer };
  } finally {
    pgRelay.restore();
    redisRelay.restore();
    await stopped(daemon);
    await pgRelay.stop();
    await redisRelay.stop();
  }
}

async function main(): Promise<void> {
  // The in-process load generators (autocannon without wrk, the fixed-rate run) stay off the server core.
  spawn('taskset', ['-cp', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: join(process.cwd(), '.data', 'bench-pg'), port: 54332, database: 'postgres' });
  adminUrl ??= embedded!.url;
  const dbName = `wfm_bench_access_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-access-'));
  const children: ChildProcess[] = [];
  let pgPin: ReturnType<typeof pinDatabaseBackends> | null = null;
  try {
    const ds = createDataSource({ url: dbUrl, poolSize: 4 });
    await ds.initialize();
    await runMigrations(ds);
    const tenant = await seedBenchTenant(ds);
    const bodies = await tapBodies(ds, tenant, 200_000);
    const headers = { Authorization: `Bearer ${tenant.readerKey}` };
    const run = (port: number) => load({ url: `http://127.0.0.1:${port}${VERIFY}`, bodies, headers, connections: CONNECTIONS, seconds: SECONDS, cpu: LOAD_CPU, workDir });
    const runner: Runner = {
      saturation: run,
      fixed: (port, rate) => fixedRateApart({ url: `http://127.0.0.1:${port}${VERIFY}`, bodies, headers, rate, seconds: SECONDS, connections: CONNECTIONS }),
      warm: (port) => warmCredentials(port, bodies, headers),
    };
    pgPin = pinDatabaseBackends(ds);

    const redisUrl = process.env.REDIS_URL;
    if (ONLY === 'edge') {
      if (!redisUrl) throw new Error('BENCH_ACCESS_ONLY=edge needs REDIS_URL');
      printEdge(await edge(dbUrl, redisUrl, workDir, ds, bodies, headers, children));
      await ds.destroy();
      return;
    }

    const bare = await child('serve-bare', []);
    children.push(bare.proc);
    const r1 = await run(bare.info.port);
    bare.proc.kill();

    const sink = TRACING ? await otlpSink(children, LOAD_CPU) : null;
    const d = await child('serve-daemon', [dbUrl, workDir], sink?.env ?? { OTEL_TRACES_EXPORTER: 'none' });
    children.push(d.proc);
    const cpuCold = cpuSecondsOf(d.proc.pid!);
    const warm = await warmCredentials(d.info.port, bodies, headers);
    const cpuBefore = cpuSecondsOf(d.proc.pid!);
    const firstSeen = cpuCold === null || cpuBefore === null ? 'n/a' : `${(((cpuBefore - cpuCold) * 1e6) / warm.taps).toFixed(1)} µs`;
    const decidedBefore = await decisionsOf(d.info.metricsPort!);
    // The warm-up's rows reach PostgreSQL before the count the run's rows are measured from.
    const auditRows = async () => Number((await ds.query(`SELECT count(*) AS n FROM access_audit`))[0].n);
    let before = await auditRows();
    for (let i = 0; i < 300 && before < decidedBefore; i++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await auditRows();
    }
    const r2 = await run(d.info.port);
    // wrk stops counting at its deadline while up to CONNECTIONS requests are still in flight: the
    // daemon's own count of answered decisions is the exact figure to compare rows against. Every
    // row is durable in the journal before its answer; the shipper brings them to PostgreSQL after.
    await new Promise((r) => setTimeout(r, 500));
    const metrics = await fetch(`http://127.0.0.1:${d.info.metricsPort}/metrics`).then((r) => r.text());
    const answered = [...metrics.matchAll(/^access_decisions_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0) - decidedBefore;
    const cpuAfter = cpuSecondsOf(d.proc.pid!);
    const cpuPerTap = cpuBefore === null || cpuAfter === null || answered === 0 ? 'n/a' : `${(((cpuAfter - cpuBefore) * 1e6) / answered).toFixed(1)} µs`;
    const written = async () => (await auditRows()) - before;
    let rows = await written();
    for (let i = 0; i < 300 && rows < answered; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await written();
    }
    const serverSide = histogramQuantiles(metrics, 'access_decision_seconds', [0.5, 0.99]);
    const fixed = await fixedRateApart({ url: `http://127.0.0.1:${d.info.port}${VERIFY}`, bodies, headers, rate: Math.round(r2.rps * FIXED_RATE_FRACTION), seconds: SECONDS, connections: CONNECTIONS });
    await stopChild(d.proc);
    // After the daemon stopped: its shutdown exported what its batch processor still held.
    const traced = sink ? await sink.counts() : null;
    const tracingLine = traced
      ? `tracing on (${process.env.OTEL_TRACES_SAMPLER ?? 'always_on'}${process.env.OTEL_TRACES_SAMPLER_ARG ? ` ${process.env.OTEL_TRACES_SAMPLER_ARG}` : ''}, batch processor, OTLP/HTTP to a discarding sink on core ${LOAD_CPU}): ${traced.spans} spans in ${traced.exports} exports`
      : 'tracing off (OTEL_TRACES_EXPORTER=none)';
    if (ONLY === 'daemon') {
      console.log(`
verify, ${CONNECTIONS} connections, ${SECONDS} s each, load by ${r2.tool} on core ${LOAD_CPU}, server on core ${SERVER_CPU}
  ${tracingLine}
  1. bare uWebSockets.js, fixed bytes    ${fmt(r1)}
  2. daemon verify (decision + audit)     ${fmt(r2)}
  ratio 2/1  ${(r2.rps / r1.rps).toFixed(3)}
  daemon CPU per answered tap at saturation (all threads, shipping included): ${cpuPerTap}; a credential's first tap (the warm-up, ${warm.taps} taps): ${firstSeen}
  PostgreSQL backends of the bench database moved to core ${LOAD_CPU}: ${pgPin.pinned() ? `yes (${pgPin.pinned()})` : 'no (not on this host, or not ours to move)'}
  daemon-side latency: p50 ≤ ${serverSide[0]} ms, p99 ≤ ${serverSide[1]} ms
  audit rows written ${rows}  vs  decisions answered ${answered}  (${rows === answered ? 'equal' : 'MISMATCH'})
  fixed rate (open loop, ${(FIXED_RATE_FRACTION * 100).toFixed(0)} % of run 2): ${fmtFixed(fixed)}`);
      return;
    }

    const c = await child('serve-conventional', [dbUrl]);
    children.push(c.proc);
    const r3 = await run(c.info.port);
    c.proc.kill();

    const aio = await allInOne(dbUrl, workDir, runner, children);
    const split = redisUrl ? await splitMode('embedded', dbUrl, redisUrl, workDir, runner, children) : null;
    const forward = redisUrl ? await splitMode('forward', dbUrl, redisUrl, workDir, runner, children) : null;
    const edgeRun = redisUrl ? await edge(dbUrl, redisUrl, workDir, ds, bodies, headers, children) : null;

    // Printed before the propagation run, so that a failure there does not lose these figures.
    console.log(`
verify, ${CONNECTIONS} connections, ${SECONDS} s each, load by ${r2.tool} on core ${LOAD_CPU}, server on core ${SERVER_CPU}
tenant: 10,000 users, 200 zones x 4 readers, 50,000 grants; ${bodies.length} distinct (credential, reader) taps
  ${tracingLine} (the daemon runs 2 and the fixed rate only)
  1. bare uWebSockets.js, fixed bytes    ${fmt(r1)}
  2. daemon verify (decision + audit)     ${fmt(r2)}
  3. conventional (Express + DB per tap)  ${fmt(r3)}
  ratio 2/1  ${(r2.rps / r1.rps).toFixed(2)}      ratio 2/3  ${(r2.rps / r3.rps).toFixed(1)}
  daemon CPU per answered tap at saturation (all threads, shipping included): ${cpuPerTap}; a credential's first tap (the warm-up, ${warm.taps} taps): ${firstSeen}
  PostgreSQL backends of the bench database moved to core ${LOAD_CPU}: ${pgPin.pinned() ? `yes (${pgPin.pinned()})` : 'no (not on this host, or not ours to move)'}
  daemon-side latency (its own histogram, request read to answer written): p50 ≤ ${serverSide[0]} ms, p99 ≤ ${serverSide[1]} ms
  audit rows written ${rows}  vs  decisions answered ${answered}  (${rows === answered ? 'equal' : 'MISMATCH'}; wrk counted ${r2.requests} before its deadline)
  daemon RSS with 50,000 grants loaded: ${(d.info.rss! / 1024 / 1024).toFixed(0)} MiB
  fixed rate (open loop, ${(FIXED_RATE_FRACTION * 100).toFixed(0)} % of run 2): ${fmtFixed(fixed)}
door routes, direct at the daemon port vs through the API base URL (same taps, back to back):
  all-in-one (npm start, one process on core ${SERVER_CPU})   ${fmtDoor(aio)}`);
    const apiCore = SPLIT_API_CPU === null ? 'any core' : `core ${SPLIT_API_CPU}`;
    if (split && forward) {
      console.log(`  split, no gateway, npm run start:api (door routes embedded; API on ${apiCore}, daemon on core ${SERVER_CPU})   ${fmtDoor(split)}`);
      console.log(`  split, no gateway, ACCESS_DOOR_ROUTES=forward (API on ${apiCore}, daemon on core ${SERVER_CPU})   ${fmtDoor(forward)}`);
    } else console.log('  split mode: skipped (REDIS_URL is not set)');
    if (edgeRun) printEdge(edgeRun);
    else console.log('  the daemon at the edge: skipped (REDIS_URL is not set)');
    const prop = redisUrl ? await propagation(dbUrl, redisUrl, workDir, ds) : null;
    await ds.destroy();
    if (prop) {
      console.log(`  next-tap-after-revoke still GRANT = ${prop.stillGranted} of ${prop.times.length} (split mode over Redis; ${prop.partial} revokes answered X-Access-Propagation: partial)`);
      console.log(`  revoke-to-deny p99 ${pct(prop.times, 99).toFixed(2)} ms  (p50 ${pct(prop.times, 50).toFixed(2)} ms, max ${Math.max(...prop.times).toFixed(2)} ms; from sending the revoke to the first DENY)`);
    } else console.log('  revoke-to-deny propagation: skipped (REDIS_URL is not set)');
  } finally {
    pgPin?.stop();
    for (const proc of children) proc.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
  }
}

const [mode, ...args] = process.argv.slice(2);
// A server child ends on SIGTERM through exit, so that --cpu-prof (BENCH_CPU_PROFILE_DIR) writes its profile.
// The daemon's tracer (BENCH_TRACING=on) exports what it still holds first, as handleShutdown has it do.
if (mode?.startsWith('serve-')) process.once('SIGTERM', () => void shutdownTracing().finally(() => process.exit(0)));
if (mode === 'serve-bare') await serveBare();
else if (mode === 'serve-daemon') await serveDaemon(args[0]!, args[1]!);
else if (mode === 'serve-conventional') await serveConventional(args[0]!);
else if (mode === 'fixed-rate') process.once('message', async (opts: FixedRateOptions) => process.send?.(await fixedRate(opts)));
else await main();
