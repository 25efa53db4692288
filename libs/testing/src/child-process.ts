import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The operator listeners (metrics) take any free port: their fixed defaults would collide between
 * test files that start processes at the same time.
 */
export const NO_FIXED_OPERATOR_PORTS = { API_METRICS_PORT: '0', WEBHOOK_METRICS_PORT: '0', ACCESS_METRICS_PORT: '0' } as const;

export interface NodeProcess {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** Resolves when the process has exited (bounded: rejects after `timeoutMs`). */
  exit(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a compiled entry point in its own Node process with exactly `env` (nothing inherited but PATH). */
export function spawnNode(script: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => output,
    exit: (timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`process did not exit within ${timeoutMs} ms; output:\n${output}`)), timeoutMs);
        void exited.then((result) => {
          clearTimeout(timer);
          resolve(result);
        });
      }),
  };
}

/**
 * A port that was free a moment ago on 127.0.0.1, for a child process to listen on. It is taken below
 * the kernel's ephemeral range: a port from `listen(0)` comes from that range, where any outgoing
 * connection (the child's own, to PostgreSQL or Redis, before it listens) may take it as its local
 * port in the meantime, and the child then fails to start with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FIRST_CHOSEN_PORT + Math.floor(Math.random() * (below - FIRST_CHOSEN_PORT));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port found on 127.0.0.1 between ${FIRST_CHOSEN_PORT} and ${below - 1}`);
}

const FIRST_CHOSEN_PORT = 10000;
/** Ports this process has handed out: two calls never return the same one, even before either is listened on. */
const handedOut = new Set<number>();

function ephemeralRangeStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > FIRST_CHOSEN_PORT + 1000) return first;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152, and Linux's default at 32768; below both.
  }
  return 32768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Runs an entry point expected to refuse to start: resolves with its output once it has exited
 * with code 1; a process still running after `timeoutMs` is killed and the call rejects.
 */
export async function failedStart(script: string, env: Record<string, string>, timeoutMs: number): Promise<string> {
  const p = spawnNode(script, env);
  try {
    const { code } = await p.exit(timeoutMs);
    if (code !== 1) throw new Error(`expected exit code 1, got ${code}; output:\n${p.output()}`);
  } finally {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  }
  return p.output();
}
