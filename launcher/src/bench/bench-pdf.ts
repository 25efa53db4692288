import { fork, type ChildProcess } from 'node:child_process';
import { createSecretKey, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { systemClock } from '@wfm/core/clock';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { AuthSessionEntity } from '@wfm/db/entities/auth.entity';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';
import { createUser } from '@wfm/testing/factories';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';
import { fixedRate, type FixedRateResult } from '@wfm/access-daemon/bench/load';
import { seedBenchTenant, tapBodies } from '@wfm/access-daemon/bench/seed';
import { TokenService } from '@wfm/api/modules/identity/auth/token.service';
import { manyObjectsPdf } from '@wfm/api/test-support/esign-fixtures';
import { readMailDrop } from '@wfm/api/test-support/mail-drop-reader';
import type { LoopDelay } from './loop-delay.probe.js';

/**
 * `npm run bench:pdf` (issue 26): door taps through the API base URL at a fixed rate, and the API
 * process's event-loop delay, first alone and then while heavy PDFs (the outside probe's shape:
 * 8.7 MiB, 120,000 small objects) are uploaded and signed, all at once. The API is
 * `npm run start:api` with its embedded door routes when REDIS_URL is set, `npm start` otherwise.
 * Bounded: a fixed number of documents, fixed-length tap windows, a cap on how many, loopback only.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-02';
const DOCUMENTS = Number(process.env.BENCH_PDF_DOCUMENTS ?? 3);
const OBJECTS = Number(process.env.BENCH_PDF_OBJECTS ?? 120_000);
const TAP_RATE = Number(process.env.BENCH_TAP_RATE ?? 100);
const BASELINE_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Taps run in windows of this length until every document is signed, at most MAX_WINDOWS of them. */
const WINDOW_S = 5;
const MAX_WINDOWS = 60;
const CONNECTIONS = 8;
/**
 * The PDF client stands for browsers on other machines: on this machine, at the API's priority,
 * sending three 8.7 MiB forms costs it about a second of CPU that the API would then share (0 to
 * measure that too).
 */
const CLIENT_NICE = Number(process.env.BENCH_PDF_CLIENT_NICE ?? 10);
/** Enough for the heavy documents to finish: the bench measures what their processing does to the door path, not the budget. */
const PDF_TASK_TIMEOUT_MS = '120000';
const VERIFY = '/api/v1/access/verify';

const here = fileURLToPath(import.meta.url);

async function waitHealthy(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`${url}: its process exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

function loopDelay(proc: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    proc.once('message', (m: LoopDelay) => resolve(m));
    proc.send('loop-delay');
  });
}

interface ClientReport {
  runs: DocumentRun[];
  clientCpuMs: number;
}

interface DocumentRun {
  uploadMs: number;
  uploadStatus: number;
  signMs: number;
  signStatus: number;
}

/** Upload, ask for a signature, sign through the mailed link: the two heavy steps of one document. */
async function uploadAndSign(base: string, token: string, mailDir: string, file: Buffer, n: number): Promise<DocumentRun> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), `heavy-${n}.pdf`);
  let t = performance.now();
  const uploaded = await fetch(`${base}/esign/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const uploadMs = performance.now() - t;
  const doc = (await uploaded.json()) as { id?: string };
  if (uploaded.status !== 201 || !doc.id) return { uploadMs, uploadStatus: uploaded.status, signMs: 0, signStatus: 0 };
  const email = `signer-${n}-${randomUUID().slice(0, 8)}@bench.test`;
  const asked = await fetch(`${base}/esign/documents/${doc.id}/requests`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Signer ${n}`, email }) });
  if (asked.status !== 201) throw new Error(`signature request: ${asked.status} ${await asked.text()}`);
  const link = /\/esign\/([A-Za-z0-9_-]{43})/.exec((await readMailDrop(mailDir, { to: email }))[0]?.text ?? '')?.[1];
  if (!link) throw new Error(`no signing link mailed to ${email}`);
  t = performance.now();
  // The sign route's per-address limit counts in Redis, across runs: each signer speaks from an address of its own.
  const from = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const signed = await fetch(`${base}/esign/public/${link}/sign`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify({ fullName: `Signer ${n}`, agree: true }) });
  await signed.arrayBuffer();
  return { uploadMs, uploadStatus: uploaded.status, signMs: performance.now() - t, signStatus: signed.status };
}

const fmtTaps = (r: FixedRateResult) =>
  `${r.answered}/${r.sent} answered, non-2xx ${r.non2xx}, errors ${r.errors}; p50 ${r.p50ms.toFixed(2)} ms  p99 ${r.p99ms.toFixed(2)} ms  max ${r.maxms.toFixed(2)} ms`;
const fmtLoop = (l: LoopDelay) => `p50 ${l.p50ms.toFixed(2)} ms  p99 ${l.p99ms.toFixed(2)} ms  max ${l.maxms.toFixed(2)} ms`;

async function main(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: join(process.cwd(), '.data', 'bench-pg'), port: 54333, database: 'postgres' });
  adminUrl ??= embedded!.url;
  const dbName = `wfm_bench_pdf_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-pdf-'));
  const mailDir = join(workDir, 'mail');
  let api: ChildProcess | null = null;
  try {
    const ds = createDataSource({ url: dbUrl, poolSize: 4 });
    await ds.initialize();
    await runMigrations(ds);
    const tenant = await seedBenchTenant(ds, { users: 2_000, zones: 40, readersPerZone: 4, zonesPerUser: 5 });
    const bodies = await tapBodies(ds, tenant, 10_000);
    const hr = await createUser(ds, tenant.tenantId, { role: 'HR_MANAGER' });
    const sessionId = randomUUID();
    await ds.getRepository(AuthSessionEntity).insert({ id: sessionId, tenantId: tenant.tenantId, userId: hr.id, expiresAt: new Date(Date.now() + 86400_000), revokedAt: null, revokedReason: null });
    await ds.destroy();
    const tokens = new TokenService(createSecretKey(Buffer.from(SECRET)), systemClock, { accessSeconds: 3600, refreshSeconds: 7200, accessLabel: '1h', refreshLabel: '2h' });
    const token = tokens.issuePair({ sub: hr.id, tid: tenant.tenantId, sid: sessionId }).pair.accessToken;

    const port = 4300 + (process.pid % 50);
    const mode = redisUrl ? 'npm run start:api (split mode, door routes embedded)' : 'npm start (all-in-one)';
    const env = {
      ...process.env,
      ...NO_FIXED_OPERATOR_PORTS,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      DATA_ENCRYPTION_KEY: 'b'.repeat(64),
      MIGRATE_ON_START: 'false',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent',
      DATA_DIR: join(workDir, 'data'),
      MAIL_DROP_DIR: mailDir,
      FILE_STORAGE_DIR: join(workDir, 'files'),
      ACCESS_DAEMON_PORT: String(port + 50),
      ACCESS_DAEMON_HOST: '127.0.0.1',
      ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'spool.ndjson'),
      PDF_TASK_TIMEOUT_MS,
    };
    api = fork(join(here, redisUrl ? '../../api.js' : '../../main.js'), [], {
      env,
      execArgv: ['--import', new URL('./loop-delay.probe.js', import.meta.url).href, ...(process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [])],
      stdio: ['ignore', process.env.BENCH_CHILD_LOGS ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    await waitHealthy(`${base}/health`, api);
    const taps = (seconds: number) => fixedRate({ url: `http://127.0.0.1:${port}${VERIFY}`, bodies, headers: { Authorization: `Bearer ${tenant.readerKey}` }, rate: TAP_RATE, seconds, connections: CONNECTIONS });
    // Warm-up: the first taps load the daemon's code paths and connections.
    await taps(2);

    // The documents are made, sent and read back by a process of their own, so that moving 9 MiB
    // bodies never delays this process's tap timer. It makes them before the baseline: making them
    // is the outside client's work, which on a real deployment runs on another machine.
    const client = fork(here, ['client', base, token, mailDir], { stdio: 'inherit' });
    setPriority(client.pid!, CLIENT_NICE);
    const exited = new Promise<never>((_, reject) => client.once('exit', (code) => reject(new Error(`the PDF client exited with ${code}`))));
    await Promise.race([new Promise((resolve) => client.once('message', resolve)), exited]);

    await loopDelay(api);
    const baselineTaps = await taps(BASELINE_S);
    const baselineLoop = await loopDelay(api);

    const started = performance.now();
    const documents = Promise.race([new Promise<ClientReport>((resolve) => client.once('message', (report: ClientReport) => resolve(report))), exited]);
    client.send('go');
    let done = false;
    void documents.finally(() => (done = true)).catch(() => undefined);
    const windows: FixedRateResult[] = [];
    while (!done && windows.length < MAX_WINDOWS) windows.push(await taps(WINDOW_S));
    const duringLoop = await loopDelay(api);
    const { runs, clientCpuMs } = await documents;
    const pdfSeconds = (performance.now() - started) / 1000;
    const size = manyObjectsPdf(OBJECTS).length;

    const worst = windows.reduce((a, b) => (b.p99ms > a.p99ms ? b : a));
    console.log(`\nPDF work and door taps through the API base URL: ${mode}`);
    console.log(`  ${DOCUMENTS} documents of ${OBJECTS} objects, ${(size / 1048576).toFixed(2)} MiB each, uploaded and signed at once; taps at ${TAP_RATE}/s on ${CONNECTIONS} connections`);
    runs.forEach((r, i) => console.log(`  document ${i + 1}: upload ${r.uploadStatus} in ${(r.uploadMs / 1000).toFixed(1)} s, sign ${r.signStatus} in ${(r.signMs / 1000).toFixed(1)} s`));
    console.log(`  the client (nice ${CLIENT_NICE}) spent ${clientCpuMs.toFixed(0)} ms of CPU sending them and reading the answers`);
    console.log(`  all documents done in ${pdfSeconds.toFixed(1)} s; ${windows.length} tap windows of ${WINDOW_S} s meanwhile`);
    console.log(`  event-loop delay, baseline (${BASELINE_S} s)   ${fmtLoop(baselineLoop)}`);
    console.log(`  event-loop delay, during PDF work     ${fmtLoop(duringLoop)}`);
    console.log(`  taps, baseline                       ${fmtTaps(baselineTaps)}`);
    console.log(`  taps, during: worst window           ${fmtTaps(worst)}`);
    console.log(`  taps, during: p99 per window (ms)    ${windows.map((w) => w.p99ms.toFixed(1)).join(' ')}`);
    console.log(`  taps, during: max over all windows   ${Math.max(...windows.map((w) => w.maxms)).toFixed(2)} ms; generator timer late p99 up to ${Math.max(...windows.map((w) => w.generatorLateP99ms)).toFixed(1)} ms`);
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
    if (embedded) await embedded.stop();
  }
}

/** The PDF client: makes the documents, then uploads and signs them all at once, and reports each one's times. */
async function client(base: string, token: string, mailDir: string): Promise<void> {
  const files = Array.from({ length: DOCUMENTS }, () => manyObjectsPdf(OBJECTS));
  const go = new Promise((resolve) => process.once('message', resolve));
  process.send?.('ready');
  await go;
  const cpu = process.cpuUsage();
  const runs = await Promise.all(files.map((file, n) => uploadAndSign(base, token, mailDir, file, n + 1)));
  const used = process.cpuUsage(cpu);
  process.send?.({ runs, clientCpuMs: (used.user + used.system) / 1000 });
  process.disconnect();
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'client') await client(args[0]!, args[1]!, args[2]!);
else await main();
