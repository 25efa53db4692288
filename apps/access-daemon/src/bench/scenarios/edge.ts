import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { createDataSource } from '@wfm/db/data-source';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { fmtFixed } from '../bench-format.js';
import { DAEMON_MAIN, decisionsOf, fixedRateApart, spawnPinned, stopped, waitHealthy } from '../bench-processes.js';
import { EDGE_RATE, EDGE_SETTLE_S, PARTITION_S, SECONDS, SERVER_CPU, VERIFY, WAN_ONE_WAY_MS } from '../bench-settings.js';
import type { FixedRateResult } from '../load.js';

export interface EdgeResult {
  /** The first SECONDS after a start (and a 3 s warm-up), while the collector still compacts what loading the cache left. */
  justStarted: FixedRateResult;
  /** The same once the daemon has served EDGE_SETTLE_S more at the same rate: the figure of a daemon that runs for days. */
  wan: FixedRateResult;
  partition: FixedRateResult;
  /** Rows in PostgreSQL for the partition run's decisions once shipped, and whether any id came twice. */
  partitionRows: number;
  partitionDecisions: number;
  duplicates: number;
  /** From the links' return to the last of the partition's rows in PostgreSQL (polled every 100 ms). */
  caughtUpMs: number;
  /** From starting the daemon process, with both links cut, to its first answered tap. */
  restartToFirstAnswerMs: number;
  restartAnswer: string;
  /** The same with both links hanging rather than refusing. */
  hangingRestartToFirstAnswerMs: number;
  hangingRestartAnswer: string;
}

export function printEdge(edgeRun: EdgeResult): void {
  console.log(`the daemon at the edge (start:daemon; PostgreSQL and Redis ${WAN_ONE_WAY_MS * 2} ms round trip away through relays; ${EDGE_RATE} taps/s):
  link up, just started         ${fmtFixed(edgeRun.justStarted)}
  link up, after ${EDGE_SETTLE_S} s more      ${fmtFixed(edgeRun.wan)}
  link cut ${PARTITION_S} s (after 1 s)      ${fmtFixed(edgeRun.partition)}
  after the partition: ${edgeRun.partitionRows} rows in PostgreSQL for ${edgeRun.partitionDecisions} decisions answered, ${edgeRun.duplicates} duplicated, the last ${(edgeRun.caughtUpMs / 1000).toFixed(1)} s after the links returned
  restart (kill -9) with both links cut: first answer ${edgeRun.restartAnswer} ${edgeRun.restartToFirstAnswerMs.toFixed(0)} ms after the process started
  restart (kill -9) with both links hanging: first answer ${edgeRun.hangingRestartAnswer} ${edgeRun.hangingRestartToFirstAnswerMs.toFixed(0)} ms after the process started`);
}

/**
 * The daemon at the edge (split mode, `start:daemon`): its PostgreSQL and Redis behind relays that
 * add WAN_ONE_WAY_MS each way. Taps at EDGE_RATE with the link up, once just after the start and
 * once after EDGE_SETTLE_S more of them; then a PARTITION_S cut with the
 * taps going on, after which every answered decision must reach PostgreSQL once; then a restart
 * (kill -9) while both links are cut, and one while both hang, each timed to its first answer.
 */
export async function edge(dbUrl: string, redisUrl: string, workDir: string, ds: ReturnType<typeof createDataSource>, bodies: string[], headers: Record<string, string>, children: ChildProcess[]): Promise<EdgeResult> {
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
    const proc = spawnPinned(DAEMON_MAIN, env, SERVER_CPU);
    children.push(proc);
    return proc;
  };
  let daemon = start();
  try {
    await waitHealthy(`http://127.0.0.1:${port}/health`, daemon);
    const fixed = (seconds: number) => fixedRateApart({ url, bodies, headers, rate: EDGE_RATE, seconds, connections: 16 });
    // A process just started compiles its hot paths in its first seconds: measured after that, as the other runs are.
    await fixed(3);
    const justStarted = await fixed(SECONDS);
    // A start leaves the garbage of loading the cache (and of its first snapshot) in the old
    // generation; the collections that compact it, the memory reducer's among them, run in the
    // next 10–25 s and hold taps up while they mark (docs/performance.md). Measured once that is
    // over, as a daemon that runs for days is, and printed beside the figure from before.
    await fixed(EDGE_SETTLE_S);
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
    const restored = performance.now();
    const partitionDecisions = (await decisionsOf(metricsPort)) - before;
    const counted = async () => (await ds.query(`SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM access_audit WHERE occurred_at >= $1`, [since]))[0] as { n: number; d: number };
    let rows = await counted();
    for (let i = 0; i < 600 && rows.n < partitionDecisions; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await counted();
    }
    const caughtUpMs = performance.now() - restored;

    // Power comes back before the WAN: the daemon killed and started again with both links cut
    // (refused at once, as by a router that answers), then with both hanging (a link that drops
    // packets: nothing is refused, every attempt waits for its timeout).
    const restart = async (): Promise<{ ms: number; answer: string }> => {
      daemon.kill('SIGKILL');
      await new Promise((r) => daemon.once('exit', r));
      const t0 = performance.now();
      daemon = start();
      let answer = 'none';
      for (let i = 0; i < 1000 && answer === 'none'; i++) {
        const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bodies[i % bodies.length] }).catch(() => null);
        if (res?.status === 200) answer = ((await res.json()) as { decision: string }).decision;
        else await new Promise((r) => setTimeout(r, 10));
      }
      return { ms: performance.now() - t0, answer };
    };
    pgRelay.cut();
    redisRelay.cut();
    const refused = await restart();
    pgRelay.restore();
    redisRelay.restore();
    pgRelay.freeze();
    redisRelay.freeze();
    const hanging = await restart();
    return {
      justStarted,
      wan,
      partition,
      partitionRows: rows.n,
      partitionDecisions,
      duplicates: rows.n - rows.d,
      caughtUpMs,
      restartToFirstAnswerMs: refused.ms,
      restartAnswer: refused.answer,
      hangingRestartToFirstAnswerMs: hanging.ms,
      hangingRestartAnswer: hanging.answer,
    };
  } finally {
    pgRelay.thaw();
    redisRelay.thaw();
    pgRelay.restore();
    redisRelay.restore();
    await stopped(daemon);
    await pgRelay.stop();
    await redisRelay.stop();
  }
}
