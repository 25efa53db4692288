import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { createDataSource } from '@wfm/db/data-source';
import { LOAD_CPU, SERVER_CPU } from './bench-settings.js';
import type { FixedRateOptions, FixedRateResult } from './load.js';

/** The bench's own entry: its server children and the fixed-rate generator are this script in another mode. */
const BENCH_ENTRY = fileURLToPath(new URL('./bench-access.js', import.meta.url));
export const DAEMON_MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
export const API_MAIN = fileURLToPath(new URL('../../../api/dist/main.js', import.meta.url));
export const LAUNCHER_MAIN = fileURLToPath(new URL('../../../../launcher/dist/main.js', import.meta.url));
export const LAUNCHER_API = fileURLToPath(new URL('../../../../launcher/dist/api.js', import.meta.url));

/** Runs a command to its end; whether it succeeded. */
function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => spawn(command, args, { stdio: 'ignore' }).once('exit', (code) => resolve(code === 0)).once('error', () => resolve(false)));
}

/**
 * The bench database's PostgreSQL backends, moved to the load core as they appear: the daemon at
 * the edge has its database on another machine, so the work of storing the shipped rows is not
 * the door core's. Only for a PostgreSQL on this host whose processes this user may move; the
 * result says whether it could.
 */
export function pinDatabaseBackends(ds: ReturnType<typeof createDataSource>): { stop(): void; pinned(): number; cpuSeconds(): number } {
  const pinned = new Set<number>();
  /** Each backend's CPU when last read: one that has exited keeps what it used. */
  const used = new Map<number, number>();
  const pin = async () => {
    const rows: Array<{ pid: number }> = await ds.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).catch(() => []);
    for (const { pid } of rows) {
      if (pinned.has(pid)) continue;
      const ok = await succeeds('taskset', ['-cp', String(LOAD_CPU), String(pid)]);
      if (ok) pinned.add(pid);
    }
  };
  void pin();
  const timer = setInterval(() => void pin(), 500);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    pinned: () => pinned.size,
    // The CPU the bench database's backends have used, all of them: what storing the rows costs PostgreSQL.
    cpuSeconds: () => {
      for (const pid of pinned) {
        const seconds = cpuSecondsOf(pid);
        if (seconds !== null) used.set(pid, seconds);
      }
      return [...used.values()].reduce((a, b) => a + b, 0);
    },
  };
}

/** BENCH_CPU_PROFILE_DIR: every server the bench starts writes a V8 CPU profile there when it stops. */
function profiled(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** BENCH_TRACE_GC: the collections of a server, one line each on its stdout. */
const TRACE_GC = process.env.BENCH_TRACE_GC ? ['--trace-gc'] : [];

export function child(mode: string, args: string[], env: Record<string, string> = {}): Promise<{ proc: ChildProcess; info: { port: number; metricsPort?: number; rss?: number } }> {
  const execArgv = profiled();
  if (process.env.BENCH_ALLOC_PROFILE_DIR && mode === 'serve-daemon') execArgv.push('--import', fileURLToPath(new URL('./alloc-profile.js', import.meta.url)));
  // The daemon's collections, one line each on its stdout: how much a scavenge promotes is what its pauses follow.
  if (mode === 'serve-daemon') execArgv.push(...TRACE_GC);
  // Node or V8 options for the daemon child alone (garbage-collector settings, say), to try them against the same run.
  if (process.env.BENCH_DAEMON_NODE_OPTIONS && mode === 'serve-daemon') execArgv.push(...process.env.BENCH_DAEMON_NODE_OPTIONS.split(' ').filter(Boolean));
  const proc = fork(BENCH_ENTRY, [mode, ...args], { stdio: 'inherit', env: { ...process.env, ...env }, execArgv });
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
export function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The fixed-rate generator in a process of its own on the load core: in the bench's process its
 * timer and its reading of answers shared the event loop with the edge scenario's relays, which
 * carry the shipped rows and the change feed, so the relays' work showed as the daemon's tail.
 * It runs at a raised priority (nice -10) where this user may set one: the PostgreSQL backends
 * storing the shipped rows share its core, and each time they ran first, its timer and its
 * timestamps of answers were late by their slice, which it then reported as the daemon's tail. Not
 * a real-time one: SCHED_FIFO starved the kernel's network threads on that core, and the
 * generator then spun on answers that never came.
 */
export function fixedRateApart(opts: FixedRateOptions): Promise<FixedRateResult> {
  const proc = fork(BENCH_ENTRY, ['fixed-rate'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    let raised = false;
    proc.once('message', (result: FixedRateResult) => {
      resolve({ ...result, raised });
      proc.kill();
    });
    proc.once('exit', (code) => reject(new Error(`the fixed-rate generator exited with ${code}`)));
    const pid = String(proc.pid);
    void succeeds('taskset', ['-cp', String(LOAD_CPU), pid])
      .then(() => succeeds('renice', ['-n', '-10', '-p', pid]))
      .then((ok) => {
        raised = ok;
        proc.send(opts);
      });
  });
}

export function spawnPinned(script: string, env: Record<string, string | undefined>, cpu: number | null): ChildProcess {
  const proc = spawn(process.execPath, [...profiled(), ...TRACE_GC, script], { stdio: ['ignore', process.env.BENCH_CHILD_LOGS || TRACE_GC.length ? 'inherit' : 'ignore', 'inherit'], env });
  if (cpu !== null && proc.pid) spawn('taskset', ['-cp', String(cpu), String(proc.pid)], { stdio: 'ignore' });
  return proc;
}

/** SIGTERM, then up to 10 s for the graceful shutdown, so the next configuration starts on a quiet core. */
export async function stopped(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
}

export async function waitHealthy(url: string, proc?: ChildProcess): Promise<void> {
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

/** The daemon's counters a run is measured by, from its metrics text: decisions answered, and durable journal writes (how many rows share one). */
export function countersIn(text: string): { decisions: number; journalWrites: number } {
  return {
    decisions: [...text.matchAll(/^access_decisions_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0),
    journalWrites: Number(/^access_audit_journal_write_seconds_count (\d+)$/m.exec(text)?.[1] ?? NaN),
  };
}

export async function countersOf(metricsPort: number): Promise<{ decisions: number; journalWrites: number }> {
  return countersIn(await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()));
}

export async function decisionsOf(metricsPort: number): Promise<number> {
  return (await countersOf(metricsPort)).decisions;
}

function bucketsIn(text: string, name: string): Array<{ le: string; n: number }> {
  return [...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\d+)$`, 'gm'))].map((m) => ({ le: m[1]!, n: Number(m[2]) }));
}

/**
 * Upper bounds (ms) of the histogram buckets holding the given quantiles, from Prometheus text;
 * with `since` (the same metrics read earlier), of what was observed between the two reads.
 */
export function histogramQuantiles(text: string, name: string, qs: number[], since?: string): string[] {
  const earlier = new Map(since ? bucketsIn(since, name).map((b) => [b.le, b.n]) : []);
  const buckets = bucketsIn(text, name).map((b) => ({ le: b.le, n: b.n - (earlier.get(b.le) ?? 0) }));
  const total = buckets.at(-1)?.n ?? 0;
  return qs.map((q) => {
    const b = buckets.find((x) => x.n >= q * total);
    return !b || b.le === '+Inf' ? '∞' : String(Number(b.le) * 1000);
  });
}
