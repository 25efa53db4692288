import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { uuid } from '@wfm/core/crypto';
import { createDataSource, runMigrations, type DataSource } from '@wfm/db/data-source';
import { recordEvent } from '@wfm/db/domain-events.repository';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';
import { createTenant } from '@wfm/testing/factories';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';
import { createSubscription, TEST_ENCRYPTION_KEY } from '@wfm/webhooks/test-support/fixtures';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';

/**
 * `npm run bench:webhooks`: the webhook worker as deployed (two `main.js` processes) against a
 * real PostgreSQL, delivering to a local HTTPS receiver that answers 200. Events are recorded with
 * the API's own `recordEvent`, one transaction each, at a fixed rate. Three runs:
 *   1. saturation: a backlog recorded while no worker runs, then drained by both workers;
 *   2. first-attempt latency, event commit to receipt, at a fixed rate (500 events/s);
 *   3. the same rate with one of the two workers SIGKILLed halfway, while it has attempts in flight
 *      (the receiver answers after 25 ms in this run): events lost and duplicates;
 *   4. ordering (issue 32): a backlog of one FIFO subscription against the same backlog of one
 *      unordered subscription, the receiver answering after 20 ms: what one attempt in flight per
 *      subscription costs.
 * Bounded: fixed event counts, a deadline on every wait, loopback only.
 */
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 20_000);
const FIFO_EVENTS = Number(process.env.BENCH_FIFO_EVENTS ?? 500);
const FIFO_RECEIVER_MS = 20;
const TENANTS = 8;
const DEADLINE_MS = 120_000;
const main = fileURLToPath(new URL('../main.js', import.meta.url));

interface Receipts {
  /** userId of the event → receipt times. */
  byEvent: Map<string, number[]>;
  total: number;
}

function track(receiver: TestReceiver, delayMs = 0): Receipts {
  const receipts: Receipts = { byEvent: new Map(), total: 0 };
  receiver.setHandler((r) => {
    // Receipts are kept here; the receiver's own list would grow with every request of the run.
    receiver.requests.length = 0;
    const key = (JSON.parse(r.body) as { payload: { userId: string } }).payload.userId;
    const times = receipts.byEvent.get(key);
    if (times) times.push(r.receivedAt);
    else receipts.byEvent.set(key, [r.receivedAt]);
    receipts.total++;
    return { status: 200, delayMs };
  });
  return receipts;
}

function spawnWorker(dbUrl: string, caFile: string): ChildProcess {
  return fork(main, [], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      WEBHOOK_CA_FILE: caFile,
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      // Shrunk so a killed worker's leases run out within the run (lease = 6 s).
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      LOG_LEVEL: 'error',
      ...NO_FIXED_OPERATOR_PORTS,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Records `count` events at `rate` per second, each in its own transaction; returns commit times by key. */
async function recordAtRate(ds: DataSource, tenantIds: string[], count: number, rate: number, onHalfway?: () => void): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (i === Math.floor(count / 2)) onHalfway?.();
    const tenantId = tenantIds[i % tenantIds.length]!;
    const userId = uuid();
    const p = ds
      .transaction((tx) => recordEvent(tx, tenantId, 'user.created', { tenantId, userId, email: `u${i}@bench.test`, fullName: `User ${i}` }))
      .then(() => {
        committed.set(userId, Date.now());
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= 32) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return committed;
}

/**
 * SIGKILLs the worker at a moment it holds leases (attempts in flight), read from the database; the
 * worker id carries its pid. Gives up waiting for one after 2 s and kills it anyway.
 */
async function killMidDelivery(ds: DataSource, worker: ChildProcess): Promise<number> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE lease_owner LIKE $1`, [`%:${worker.pid}:%`])) as Array<{ n: number }>;
    if (n > 0 || Date.now() > deadline) {
      worker.kill('SIGKILL');
      return n;
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(dbUrl: string): Promise<void> {
  const ds = createDataSource({ url: dbUrl, poolSize: 32 });
  await ds.initialize();
  await runMigrations(ds);
  const receiver = await startTestReceiver();
  const dir = mkdtempSync(join(tmpdir(), 'wfm-bench-webhooks-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, receiver.ca);
  const workers: ChildProcess[] = [];
  try {
    const tenantIds: string[] = [];
    for (let i = 0; i < TENANTS; i++) {
      const t = await createTenant(ds, { plan: i % 2 ? 'GROWTH' : 'ENTERPRISE' });
      await createSubscription(ds, { tenantId: t.id, url: receiver.url(`/t${i}`) });
      tenantIds.push(t.id);
    }

    // 1. Saturation: drain a backlog.
    let receipts = track(receiver);
    for (let b = 0; b < BACKLOG; b += 500) {
      await ds.transaction(async (tx) => {
        for (let i = b; i < Math.min(BACKLOG, b + 500); i++) {
          const tenantId = tenantIds[i % TENANTS]!;
          const userId = uuid();
          await recordEvent(tx, tenantId, 'user.created', { tenantId, userId, email: `s${i}@bench.test`, fullName: `S ${i}` });
        }
      });
    }
    const drainStart = Date.now();
    workers.push(spawnWorker(dbUrl, caFile), spawnWorker(dbUrl, caFile));
    await until(() => receipts.byEvent.size === BACKLOG, 'the backlog to drain');
    const firsts = [...receipts.byEvent.values()].map((t) => t[0]!).sort((a, b) => a - b);
    const t10 = percentile(firsts, 10);
    const t90 = percentile(firsts, 90);
    const sustained = (0.8 * BACKLOG) / ((t90 - t10) / 1000);
    const overall = BACKLOG / ((firsts[firsts.length - 1]! - drainStart) / 1000);

    // 2. First-attempt latency at a fixed rate.
    receipts = track(receiver);
    const latencyEvents = RATE * DURATION_S;
    const committed = await recordAtRate(ds, tenantIds, latencyEvents, RATE);
    await until(() => receipts.byEvent.size === latencyEvents, 'the latency run to be delivered');
    const latencies = [...committed].map(([key, at]) => receipts.byEvent.get(key)![0]! - at).sort((a, b) => a - b);

    // 3. One of two workers SIGKILLed halfway. The receiver takes 25 ms to answer here, so the
    //    killed worker has attempts in flight whose requests arrived but whose answers it never read.
    receipts = track(receiver, 25);
    const killEvents = RATE * DURATION_S;
    let killedAt = 0;
    let leasesAtKill = 0;
    let killing: Promise<void> = Promise.resolve();
    const killCommitted = await recordAtRate(ds, tenantIds, killEvents, RATE, () => {
      killing = killMidDelivery(ds, workers[0]!).then((leases) => {
        killedAt = Date.now();
        leasesAtKill = leases;
      });
    });
    await killing;
    // Received is not enough: the interrupted attempts are made again once their leases run out.
    let settled = false;
    const watch = setInterval(() => {
      void ds
        .query(
          `SELECT (SELECT count(*) FROM domain_events WHERE dispatched_at IS NULL)
                + (SELECT count(*) FROM webhook_deliveries WHERE status <> 'DELIVERED') AS n`,
        )
        .then((rows: Array<{ n: string }>) => {
          settled = Number(rows[0]!.n) === 0;
        });
    }, 100);
    let lostWaitTimedOut = false;
    await until(() => settled && [...killCommitted.keys()].every((k) => receipts.byEvent.has(k)), 'every event of the kill run').catch(() => {
      lostWaitTimedOut = true;
    });
    clearInterval(watch);
    const lost = [...killCommitted.keys()].filter((k) => !receipts.byEvent.has(k)).length;
    const duplicates = receipts.total - receipts.byEvent.size;
    const recoveredAfterMs = Math.max(...[...receipts.byEvent.values()].flat()) - killedAt;

    // 4. Ordering: the backlog of one subscription, FIFO then unordered, drained by the surviving worker.
    const ordered: Record<string, number> = {};
    for (const ordering of ['fifo', 'unordered'] as const) {
      const t = await createTenant(ds, { plan: 'GROWTH' });
      await createSubscription(ds, { tenantId: t.id, url: receiver.url(`/${ordering}`), ordering });
      receipts = track(receiver, FIFO_RECEIVER_MS);
      const recorded = Date.now();
      await ds.transaction(async (tx) => {
        for (let i = 0; i < FIFO_EVENTS; i++) await recordEvent(tx, t.id, 'user.created', { tenantId: t.id, userId: uuid(), email: `o${i}@bench.test`, fullName: `O ${i}` });
      });
      await until(() => receipts.byEvent.size === FIFO_EVENTS, `the ${ordering} backlog to drain`);
      ordered[ordering] = FIFO_EVENTS / ((Date.now() - recorded) / 1000);
    }

    console.log(`\nWebhook delivery: 2 worker processes, ${TENANTS} tenants, HTTPS receiver answering 200, loopback`);
    console.log(`  saturation, backlog of ${BACKLOG}    ${sustained.toFixed(0)} deliveries/s sustained (10th–90th percentile), ${overall.toFixed(0)}/s overall incl. start-up`);
    console.log(
      `  first attempt at ${RATE} events/s       p50 ${percentile(latencies, 50)} ms  p99 ${percentile(latencies, 99)} ms  max ${latencies[latencies.length - 1]} ms  (commit → receiver, ${latencyEvents} events)`,
    );
    console.log(
      `  SIGKILL of 1 of 2 workers halfway  lost ${lost}${lostWaitTimedOut ? ' (gave up waiting)' : ''}  duplicates ${duplicates}  (${killEvents} events; killed holding ${leasesAtKill} lease(s); last receipt ${recoveredAfterMs} ms after the kill)`,
    );
    console.log(
      `  one subscription's backlog of ${FIFO_EVENTS}, receiver ${FIFO_RECEIVER_MS} ms   FIFO ${ordered.fifo!.toFixed(0)} deliveries/s  unordered ${ordered.unordered!.toFixed(0)} deliveries/s`,
    );
  } finally {
    for (const w of workers) await stopWorker(w);
    await receiver.close();
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchMain(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: join(process.cwd(), '.data', 'bench-pg'), port: 54331, database: 'postgres' });
  adminUrl ??= embedded!.url;
  const dbName = `wfm_bench_webhooks_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    await run(Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
  }
}

await benchMain();
