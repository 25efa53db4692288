import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRunning } from '@wfm/core/pid-lock';
import type { NodeProcess } from '@wfm/testing/child-process';
import { PORT_OFFSETS } from '../config.js';

/** The compiled `npm start`, run by the launcher's tests in processes of their own. */
export const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
export const START_MS = 90_000;
export const STOP_MS = 20_000;

/** The postmasters (the only postgres processes whose command line names the directory) running on `pgDir`. */
export function postmastersOf(pgDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith('/postgres')) && cmd.includes(pgDir) && isRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

export function recordedPostmaster(pgDir: string): number {
  return Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export async function healthy(p: NodeProcess, base: string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`launcher exited during start:\n${p.output()}`);
    const res = await fetch(`${base}/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`launcher not healthy within ${START_MS} ms:\n${p.output()}`);
}


function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A PORT whose every derived port is free now, low enough that the highest stays a port. */
export async function freeBase(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const base = 10_000 + Math.floor(Math.random() * 4_000);
    if (!(await isFree(base))) continue;
    const derived = Object.values(PORT_OFFSETS).map((o) => base + o);
    if (derived.every((p) => p <= 65_535) && (await Promise.all(derived.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('no PORT with every derived port free');
}
