import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';
import { fmt, fmtFixed } from '../bench-format.js';
import { LAUNCHER_API, LAUNCHER_MAIN, DAEMON_MAIN, spawnPinned, stopped, waitHealthy } from '../bench-processes.js';
import { CONNECTIONS, fixedRateFor, SERVER_CPU, SPLIT_API_CPU } from '../bench-settings.js';
import type { FixedRateResult, LoadResult } from '../load.js';

/** The load comes from one address: lift the API's per-address cap on door forwards above the connection count. */
export const PROXY_CAP = { ACCESS_PROXY_MAX_PER_CLIENT: String(CONNECTIONS * 2) };

export interface DoorComparison {
  direct: LoadResult;
  viaApi: LoadResult;
  /** Straight at the daemon again after the run through the API: the machine's speed drifts over minutes, so the API is read against both. */
  directAfter: LoadResult;
  /** Open loop at FIXED_RATE_FRACTION of the direct saturation figure (or BENCH_FIXED_RATE): latency without the closed loop's queueing. */
  fixedDirect: FixedRateResult;
  fixedViaApi: FixedRateResult;
}

export type Runner = { saturation: (port: number) => Promise<LoadResult>; fixed: (port: number, rate: number) => Promise<FixedRateResult>; warm: (port: number) => Promise<unknown> };

/** The same taps straight at the daemon's port, through the API base URL, and straight again, back to back. */
export async function compareDoorPath(run: Runner, apiPort: number, daemonPort: number, procs: { api: ChildProcess; daemon: ChildProcess }): Promise<DoorComparison> {
  await waitHealthy(`http://127.0.0.1:${daemonPort}/health`, procs.daemon);
  await waitHealthy(`http://127.0.0.1:${apiPort}/api/v1/health`, procs.api);
  await run.warm(daemonPort);
  const direct = await run.saturation(daemonPort);
  const viaApi = await run.saturation(apiPort);
  const directAfter = await run.saturation(daemonPort);
  const rate = fixedRateFor(direct.rps);
  const fixedDirect = await run.fixed(daemonPort, rate);
  const fixedViaApi = await run.fixed(apiPort, rate);
  return { direct, viaApi, directAfter, fixedDirect, fixedViaApi };
}

/** `npm start` (API and daemon in one process, the door routes called in-process), pinned to the server core. */
export async function allInOne(dbUrl: string, workDir: string, run: Runner, children: ChildProcess[]): Promise<DoorComparison> {
  const apiPort = 4000 + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const env = { ...process.env, ...PROXY_CAP, REDIS_URL: undefined, DATABASE_URL: dbUrl, DATA_DIR: join(workDir, 'all-in-one'), LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent', PORT: String(apiPort), HOST: '127.0.0.1' };
  const proc = spawnPinned(LAUNCHER_MAIN, { ...env, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0' }, SERVER_CPU);
  children.push(proc);
  try {
    return await compareDoorPath(run, apiPort, daemonPort, { api: proc, daemon: proc });
  } finally {
    await stopped(proc);
  }
}

/**
 * `npm run start:api` and `start:daemon` as two processes, no gateway. `embedded` (the default of
 * start:api): the API answers the door routes from its own embedded daemon; `forward`: over
 * keep-alive HTTP to the daemon process.
 */
export async function splitMode(doorRoutes: 'embedded' | 'forward', dbUrl: string, redisUrl: string, workDir: string, run: Runner, children: ChildProcess[]): Promise<DoorComparison> {
  const apiPort = (doorRoutes === 'embedded' ? 4100 : 4200) + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const common = { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.BENCH_CHILD_LOGS ?? 'silent', ...NO_FIXED_OPERATOR_PORTS };
  const daemon = spawnPinned(DAEMON_MAIN, { ...common, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0', ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'split-door-spool.ndjson') }, SERVER_CPU);
  const api = spawnPinned(
    LAUNCHER_API,
    {
      ...common,
      ...PROXY_CAP,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      MIGRATE_ON_START: 'false',
      ACCESS_DOOR_ROUTES: doorRoutes,
      ACCESS_DAEMON_URL: `http://127.0.0.1:${daemonPort}`,
      ACCESS_METRICS_PORT: '0',
      ACCESS_AUDIT_SPOOL_PATH: join(workDir, `split-api-${doorRoutes}-spool.ndjson`),
    },
    SPLIT_API_CPU,
  );
  children.push(daemon, api);
  try {
    return await compareDoorPath(run, apiPort, daemonPort, { api, daemon });
  } finally {
    await Promise.all([stopped(api), stopped(daemon)]);
  }
}

export const fmtDoor = (c: DoorComparison) => {
  const share = (direct: LoadResult) => `${((c.viaApi.rps / direct.rps) * 100).toFixed(0)} %`;
  return (
    `\n    saturation  direct  ${fmt(c.direct)}\n                via API ${fmt(c.viaApi)}\n                direct  ${fmt(c.directAfter)} (again, after)` +
    `\n    fixed rate  direct  ${fmtFixed(c.fixedDirect)}\n                via API ${fmtFixed(c.fixedViaApi)}` +
    `\n    throughput ${((c.viaApi.rps / ((c.direct.rps + c.directAfter.rps) / 2)) * 100).toFixed(0)} % of direct (of the run before ${share(c.direct)}, after ${share(c.directAfter)}); p99 over direct: ${(c.viaApi.p99ms - c.direct.p99ms).toFixed(2)} ms at saturation, ${(c.fixedViaApi.p99ms - c.fixedDirect.p99ms).toFixed(2)} ms at the fixed rate`
  );
};
