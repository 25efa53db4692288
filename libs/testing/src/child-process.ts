import { spawn, type ChildProcess } from 'node:child_process';
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

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
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
