/**
 * How the daemon tells "the database refused this data" from "the database cannot be reached",
 * and how it bounds a statement on the door path whatever the pool's own timeouts are.
 */

/** The SQLSTATE of a driver error, whether bare (pg) or wrapped (TypeORM's QueryFailedError). */
export function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, driverError } = err as { code?: unknown; driverError?: { code?: unknown } };
  const found = driverError?.code ?? code;
  return typeof found === 'string' && /^[0-9A-Z]{5}$/.test(found) ? found : undefined;
}

/**
 * The database answered and refused the values themselves: SQLSTATE class 22 (data exception, e.g.
 * a NUL byte in text) or 23 (integrity constraint violation). The same row will be refused again,
 * whenever it is retried. Every other failure (no answer, a timeout, a connection or operator
 * error, a missing table or permission) says nothing against the row: it is worth keeping and
 * retrying later.
 */
export function isDataError(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * What may be logged of a database error: its SQLSTATE and a short message. Never the error object
 * itself, whose query parameters would put every row's values (credential ids included) in the log.
 */
export function describeDbError(err: unknown): { sqlState: string | null; error: string } {
  const message = err instanceof Error ? err.message : String(err);
  return { sqlState: sqlState(err) ?? null, error: message.slice(0, 200) };
}

export class DeadlineExceeded extends Error {
  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Settles with `work`, or rejects with DeadlineExceeded after `ms`. `work` itself goes on (a frozen
 * server cannot be interrupted); its late outcome is ignored by this caller.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
