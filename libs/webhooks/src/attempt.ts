import { firstChars, type SendResult } from './sender.js';

/** Spec 03, Limits: 1 immediate attempt plus 5 retries. */
export const MAX_ATTEMPTS = 6;
/** Spec 03: the tenth consecutive failed attempt switches the subscription off. */
export const AUTO_DISABLE_AFTER = 10;
export const DEFAULT_RETRY_WAITS_S: readonly number[] = [30, 60, 120, 240, 480];
/** Each wait varies by up to this fraction either way (spec 03). */
export const RETRY_JITTER = 0.1;

export interface AttemptOutcome {
  ok: boolean;
  /** Null on success; otherwise what the log shows as `lastError`. */
  lastError: string | null;
  /** 0 when there was no HTTP response. */
  lastResponseStatus: number;
}

/**
 * Spec 03: only a 2xx that arrived in time is a success; a 3xx (redirects are not followed), any
 * other status, a timeout or a connection failure is a failed attempt.
 */
export function classifyResponse(result: SendResult): AttemptOutcome {
  if (result.error !== null) {
    return { ok: false, lastError: firstChars(result.error), lastResponseStatus: result.status };
  }
  if (result.status >= 200 && result.status < 300) return { ok: true, lastError: null, lastResponseStatus: result.status };
  return { ok: false, lastError: result.bodyExcerpt === '' ? `HTTP ${result.status}` : firstChars(result.bodyExcerpt), lastResponseStatus: result.status };
}

/** An attempt that never left: the egress check refused the URL, or the secret could not be read. */
export function refusedOutcome(reason: string): AttemptOutcome {
  return { ok: false, lastError: firstChars(reason), lastResponseStatus: 0 };
}

/**
 * The factor applied to a retry wait: uniform in [0.9, 1.1) so retries of one burst do not all fall
 * due together. `random` returns [0, 1).
 */
export function jitterFactor(random: () => number = Math.random): number {
  return 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
}

/** The egress check's DNS limit: a resolver that hangs must not hold an attempt past its lease. */
export function resolveTimeoutMs(timeoutMs: number): number {
  return Math.min(5000, timeoutMs);
}

/**
 * How long a claimed delivery stays reserved: DNS, the receiver's time, and a margin for recording
 * the outcome (30 s with the spec's 15 s timeout; shrunk timings shrink it too). After that another
 * worker may take the delivery over.
 */
export function attemptLeaseMs(timeoutMs: number): number {
  return resolveTimeoutMs(timeoutMs) + timeoutMs + Math.min(10_000, timeoutMs);
}
