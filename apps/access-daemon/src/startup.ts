import { describeError } from '@wfm/core/startup';

/** The log lines of the wait, in the shape of the app's pino logger. */
export interface StartupLog {
  info(msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

export interface WaitOptions {
  log: StartupLog;
  /** Resolves after `ms`, rejects once `signal` aborts (node:timers/promises' setTimeout does both). */
  sleep(ms: number, signal: AbortSignal): Promise<unknown>;
  /** Aborted on SIGTERM/SIGINT: the only end of the wait other than a ready schema. */
  signal: AbortSignal;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export const SCHEMA_WAIT_MESSAGE = "waiting for the database schema: run the API's migrations (start:api applies them at start unless MIGRATE_ON_START=false)";

/**
 * Waits, with a doubling backoff, until `missing` reports no pending migration. A database that
 * cannot be reached yet is waited for the same way. True once ready; false when stopped first.
 */
export async function waitForSchema(missing: () => Promise<string[]>, opts: WaitOptions): Promise<boolean> {
  const maxDelayMs = opts.maxDelayMs ?? 30_000;
  let delayMs = opts.firstDelayMs ?? 500;
  let waited = false;
  while (!opts.signal.aborted) {
    let pending: string[];
    try {
      pending = await missing();
    } catch (err) {
      waited = true;
      opts.log.warn({ retryInMs: delayMs }, `waiting for the database: ${describeError(err)}`);
      if (!(await pause(opts, delayMs))) return false;
      delayMs = Math.min(delayMs * 2, maxDelayMs);
      continue;
    }
    if (!pending.length) {
      if (waited) opts.log.info('database schema ready');
      return true;
    }
    waited = true;
    opts.log.warn({ missingMigrations: pending.length, firstMissing: pending[0], retryInMs: delayMs }, SCHEMA_WAIT_MESSAGE);
    if (!(await pause(opts, delayMs))) return false;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }
  return false;
}

async function pause(opts: WaitOptions, ms: number): Promise<boolean> {
  try {
    await opts.sleep(ms, opts.signal);
    return !opts.signal.aborted;
  } catch {
    return false;
  }
}
