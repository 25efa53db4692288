import { execFileSync } from 'node:child_process';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Whether `pid` is a live process; a zombie (exited, not yet reaped) is not. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  return stat === undefined || stat.state !== 'Z';
}

/**
 * The command line of a live process, arguments joined by spaces; undefined when it cannot be
 * told (no /proc and no `ps`) or the process is gone.
 */
export function commandLine(pid: number): string | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter(Boolean).join(' ');
  } catch {
    return fromPs(pid, 'command=');
  }
}

/** When a process started, as an opaque mark: with the pid, it tells a reused pid from the original. */
function startMark(pid: number): string | undefined {
  return procStat(pid)?.startTime ?? fromPs(pid, 'lstart=');
}

function procStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

function fromPs(pid: number, format: string): string | undefined {
  try {
    return execFileSync('ps', ['-o', format, '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export class LockHeldError extends Error {
  constructor(
    readonly path: string,
    readonly pid: number,
  ) {
    super(`${path} is held by process ${pid}`);
  }
}

export interface PidLock {
  release(): void;
}

interface Holder {
  pid: number;
  started?: string;
}

function readRaw(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Unreadable content names no live holder, so such a lock counts as stale. */
function parseHolder(raw: string): Holder {
  try {
    const holder = JSON.parse(raw) as Holder;
    return Number.isInteger(holder.pid) ? holder : { pid: 0 };
  } catch {
    return { pid: 0 };
  }
}

function holderAlive(holder: Holder): boolean {
  // Our own pid in the file is a previous run's (a restarted container often reuses the pid).
  if (holder.pid <= 0 || holder.pid === process.pid || !isRunning(holder.pid)) return false;
  const started = startMark(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}

/**
 * An exclusive lock file holding this process's pid and start mark. A lock whose holder is gone
 * (killed with SIGKILL, machine rebooted) is taken over; a live holder makes this throw
 * LockHeldError. The file is removed on release and when this process exits.
 */
export function acquirePidLock(path: string): PidLock {
  const content = `${JSON.stringify({ pid: process.pid, started: startMark(process.pid) })}\n`;
  // Written aside and linked into place, so the lock never exists without its content.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, content, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const raw = readRaw(path);
        if (raw === null) continue;
        const holder = parseHolder(raw);
        if (holderAlive(holder)) throw new LockHeldError(path, holder.pid);
        // Compared again just before removing: a racing start may have replaced the stale lock with its own.
        if (readRaw(path) === raw) rmSync(path, { force: true });
        continue;
      }
      return ownLock(path, content);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: other starts kept replacing it`);
}

function ownLock(path: string, content: string): PidLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readRaw(path) === content) rmSync(path, { force: true });
  };
  process.on('exit', release);
  return { release };
}
