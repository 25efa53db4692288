import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { shutdownTracing } from '@wfm/core/tracing';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';
import { fmt, fmtFixed, pct } from './bench-format.js';
import { child, countersIn, countersOf, cpuSecondsOf, fixedRateApart, histogramQuantiles, pinDatabaseBackends, stopped } from './bench-processes.js';
import { serveBare, serveConventional, serveDaemon } from './bench-servers.js';
import { CONNECTIONS, FIXED_RATE_LABEL, fixedRateFor, LOAD_CPU, ONLY, SECONDS, SERVER_CPU, SPLIT_API_CPU, TRACING, VERIFY } from './bench-settings.js';
import { fixedRate, load, type FixedRateOptions } from './load.js';
import { otlpSink } from './otlp-sink.js';
import { seedBenchTenant, tapBodies } from './seed.js';
import { allInOne, fmtDoor, splitMode, type Runner } from './scenarios/door-paths.js';
import { edge, printEdge } from './scenarios/edge.js';
import { propagation } from './scenarios/propagation.js';

/**
 * `npm run bench:access`. One run: (1) a bare uWebSockets.js handler answering fixed bytes,
 * (2) the daemon's verify with real decisions and every audit row committed, (3) the conventional
 * design (Express, database lookups and a single-row audit insert per request); then revoke-to-deny
 * propagation in split mode (API and daemon as separate processes over Redis). Servers run pinned to
 * core 0, the load generator to core 1. Bounded: fixed durations, fixed counts, loopback only.
 */

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

    if (ONLY === 'door') {
      console.log(`\ndoor routes, all-in-one (npm start, one process on core ${SERVER_CPU}), direct at the daemon port vs through the API base URL:${fmtDoor(await allInOne(dbUrl, workDir, runner, children))}`);
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
    const countedBefore = await countersOf(d.info.metricsPort!);
    const decidedBefore = countedBefore.decisions;
    // The warm-up's rows reach PostgreSQL before the count the run's rows are measured from.
    const auditRows = async () => Number((await ds.query(`SELECT count(*) AS n FROM access_audit`))[0].n);
    let before = await auditRows();
    for (let i = 0; i < 300 && before < decidedBefore; i++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await auditRows();
    }
    const pgCpuBefore = pgPin.cpuSeconds();
    const r2 = await run(d.info.port);
    // wrk stops counting at its deadline while up to CONNECTIONS requests are still in flight: the
    // daemon's own count of answered decisions is the exact figure to compare rows against. Every
    // row is durable in the journal before its answer; the shipper brings them to PostgreSQL after.
    await new Promise((r) => setTimeout(r, 500));
    const metrics = await fetch(`http://127.0.0.1:${d.info.metricsPort}/metrics`).then((r) => r.text());
    const countedAfter = countersIn(metrics);
    const answered = countedAfter.decisions - decidedBefore;
    // Near the connection count, every connection waits on the same write (the disk sets the pace); far below it, the event loop does.
    const rowsPerWrite = (answered / (countedAfter.journalWrites - countedBefore.journalWrites)).toFixed(1);
    const cpuAfter = cpuSecondsOf(d.proc.pid!);
    const cpuPerTap = cpuBefore === null || cpuAfter === null || answered === 0 ? 'n/a' : `${(((cpuAfter - cpuBefore) * 1e6) / answered).toFixed(1)} µs`;
    const written = async () => (await auditRows()) - before;
    let rows = await written();
    for (let i = 0; i < 300 && rows < answered; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await written();
    }
    const pgCpuPerRow = pgPin.pinned() && rows > 0 ? `${(((pgPin.cpuSeconds() - pgCpuBefore) * 1e6) / rows).toFixed(1)} µs` : 'n/a';
    const serverSide = histogramQuantiles(metrics, 'access_decision_seconds', [0.5, 0.99]);
    const fixedFrom = await fetch(`http://127.0.0.1:${d.info.metricsPort}/metrics`).then((r) => r.text());
    const fixed = await fixedRateApart({ url: `http://127.0.0.1:${d.info.port}${VERIFY}`, bodies, headers, rate: fixedRateFor(r2.rps), seconds: SECONDS, connections: CONNECTIONS });
    // The daemon's own share of the fixed rate's tail: its histogram over that run alone.
    const fixedTo = await fetch(`http://127.0.0.1:${d.info.metricsPort}/metrics`).then((r) => r.text());
    const fixedServerSide = histogramQuantiles(fixedTo, 'access_decision_seconds', [0.5, 0.99], fixedFrom);
    // What the disk puts under every answer: each tap waits for the durable write that carries its row.
    const journalWrites = (text: string, since?: string) => {
      const [p50, p99] = histogramQuantiles(text, 'access_audit_journal_write_seconds', [0.5, 0.99], since);
      return `durable journal writes p50 ≤ ${p50} ms, p99 ≤ ${p99} ms`;
    };
    const diskAtSaturation = journalWrites(metrics);
    const diskAtFixed = journalWrites(fixedTo, fixedFrom);
    await stopped(d.proc);
    // The same generator at the same rate against the bare handler: the floor this machine and
    // generator put under any server's tail, to read the daemon's p99 against.
    const bareAgain = await child('serve-bare', []);
    children.push(bareAgain.proc);
    // This machine's speed drifts over minutes (the bare handler alone has moved by a third between
    // runs): a bare run on each side of the daemon's, and the ratio to their mean.
    const r1After = await run(bareAgain.info.port);
    const bareMean = (r1.rps + r1After.rps) / 2;
    const ratio = (digits: number) => `${(r2.rps / bareMean).toFixed(digits)} (to the bare run before ${(r2.rps / r1.rps).toFixed(digits)}, after ${(r2.rps / r1After.rps).toFixed(digits)})`;
    const fixedBare = await fixedRateApart({ url: `http://127.0.0.1:${bareAgain.info.port}${VERIFY}`, bodies, headers, rate: fixed.rate, seconds: SECONDS, connections: CONNECTIONS });
    bareAgain.proc.kill();
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
     the same, after the daemon's run     ${fmt(r1After)}
  2. daemon verify (decision + audit)     ${fmt(r2)}
  ratio 2/1  ${ratio(3)}
  daemon CPU per answered tap at saturation (all threads, shipping included): ${cpuPerTap}; a credential's first tap (the warm-up, ${warm.taps} taps): ${firstSeen}
  PostgreSQL backends of the bench database moved to core ${LOAD_CPU}: ${pgPin.pinned() ? `yes (${pgPin.pinned()})` : 'no (not on this host, or not ours to move)'}; their CPU per stored row: ${pgCpuPerRow}
  daemon-side latency: p50 ≤ ${serverSide[0]} ms, p99 ≤ ${serverSide[1]} ms; ${diskAtSaturation}
  audit rows written ${rows}  vs  decisions answered ${answered}  (${rows === answered ? 'equal' : 'MISMATCH'}); rows per durable journal write ${rowsPerWrite}
  fixed rate (open loop, ${FIXED_RATE_LABEL}): ${fmtFixed(fixed)}
    daemon-side over that run: p50 ≤ ${fixedServerSide[0]} ms, p99 ≤ ${fixedServerSide[1]} ms; ${diskAtFixed}
    the same rate at the bare handler (the generator's and machine's floor): ${fmtFixed(fixedBare)}`);
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
     the same, after the daemon's run     ${fmt(r1After)}
  2. daemon verify (decision + audit)     ${fmt(r2)}
  3. conventional (Express + DB per tap)  ${fmt(r3)}
  ratio 2/1  ${ratio(2)}      ratio 2/3  ${(r2.rps / r3.rps).toFixed(1)}
  daemon CPU per answered tap at saturation (all threads, shipping included): ${cpuPerTap}; a credential's first tap (the warm-up, ${warm.taps} taps): ${firstSeen}
  PostgreSQL backends of the bench database moved to core ${LOAD_CPU}: ${pgPin.pinned() ? `yes (${pgPin.pinned()})` : 'no (not on this host, or not ours to move)'}; their CPU per stored row: ${pgCpuPerRow}
  daemon-side latency (its own histogram, request read to answer written): p50 ≤ ${serverSide[0]} ms, p99 ≤ ${serverSide[1]} ms; ${diskAtSaturation}
  audit rows written ${rows}  vs  decisions answered ${answered}  (${rows === answered ? 'equal' : 'MISMATCH'}; wrk counted ${r2.requests} before its deadline); rows per durable journal write ${rowsPerWrite}
  daemon RSS with 50,000 grants loaded: ${(d.info.rss! / 1024 / 1024).toFixed(0)} MiB
  fixed rate (open loop, ${FIXED_RATE_LABEL}): ${fmtFixed(fixed)}
    daemon-side over that run (its histogram, request read to answer written): p50 ≤ ${fixedServerSide[0]} ms, p99 ≤ ${fixedServerSide[1]} ms; ${diskAtFixed}
    the same rate at the bare handler (the generator's and machine's floor): ${fmtFixed(fixedBare)}
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
