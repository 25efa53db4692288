import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/** Statements that open, end or mark transactions: never wrapped in a statement savepoint. */
const CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|SET )/i;

/** Raised when two transactions of one request interleave on the held connection (their savepoints cannot nest). */
export class InterleavedTransactionError extends Error {
  constructor() {
    super('Two transactions of one held request ran at once; each must end before the next begins');
  }
}

type Depth = { transactionDepth: number };
const depthOf = (runner: QueryRunner): number => (runner as unknown as Depth).transactionDepth;

/**
 * One request's database work on one connection, in one transaction that the caller commits or
 * rolls back as a whole (issue 32: an idempotent request and the key that records its answer
 * commit together). While it is open, every query runner the data source hands out in the
 * request's async context is this connection: a service's own transaction becomes a savepoint,
 * a read sees the request's own writes. Work that must not happen before the commit (publishing
 * to other processes, sending mail) is queued with `later` and run by `runAfterCommit`.
 */
export class HeldTransaction {
  private open = true;
  private readonly queued: Array<() => Promise<void>> = [];
  private lane: Promise<unknown> = Promise.resolve();
  private broken: Error | null = null;
  /** The service transactions open on the connection, innermost last: each must end before the one it began inside. */
  private readonly nested: object[] = [];

  constructor(readonly runner: QueryRunner) {
    const direct = runner.query.bind(runner);
    // One statement at a time, in call order, so a statement's savepoint is never split by another
    // statement of the same request. A failing statement outside any service transaction is rolled
    // back to its savepoint, so code that catches the failure (insert, then fall back) finds the
    // request's transaction still usable, as it would on a pooled connection of its own.
    runner.query = ((sql: string, params?: unknown[], structured?: boolean) => {
      const run = async () => {
        if (depthOf(runner) !== 1 || CONTROL.test(sql)) return direct(sql, params, structured as never);
        await direct('SAVEPOINT wfm_statement');
        try {
          const result = await direct(sql, params, structured as never);
          await direct('RELEASE SAVEPOINT wfm_statement');
          return result;
        } catch (err) {
          await direct('ROLLBACK TO SAVEPOINT wfm_statement');
          throw err;
        }
      };
      const result = this.lane.then(run, run);
      this.lane = result.catch(() => undefined);
      return result;
    }) as QueryRunner['query'];
  }

  /** False once committed or rolled back: the request's context then falls back to the pool. */
  get active(): boolean {
    return this.open;
  }

  /** Runs `task` after the commit (it is dropped if the transaction rolls back). */
  later(task: () => Promise<void>): void {
    this.queued.push(task);
  }

  /** Commits, unless a service transaction of the request is still open (then it throws, and the caller rolls back). */
  async commit(): Promise<void> {
    if (this.nested.length > 0 || depthOf(this.runner) !== 1) throw new InterleavedTransactionError();
    this.open = false;
    await this.runner.commitTransaction();
  }

  /** Rolls back everything, savepoints left open included; a connection that cannot is not returned to the pool. */
  async rollback(): Promise<void> {
    this.open = false;
    this.queued.length = 0;
    await this.runner.query('ROLLBACK').catch((err: unknown) => {
      this.broken = err instanceof Error ? err : new Error(String(err));
    });
  }

  /** Runs the queued work in order; a failing task does not stop the next. Returns the failures. */
  async runAfterCommit(): Promise<unknown[]> {
    const failures: unknown[] = [];
    for (const task of this.queued.splice(0)) await task().catch((err: unknown) => failures.push(err));
    return failures;
  }

  async release(): Promise<void> {
    if (this.broken) await (this.runner as unknown as { releasePostgresConnection(err: Error): Promise<void> }).releasePostgresConnection(this.broken);
    else await this.runner.release();
  }

  /**
   * The connection as a query runner of its own: `release` leaves it open, and a transaction
   * started on it is a savepoint that must end before another one of the request begins.
   */
  borrow(): QueryRunner {
    const runner = this.runner;
    const nested = this.nested;
    const token = {};
    const ending = (end: () => Promise<void>) => async () => {
      if (nested.at(-1) !== token) throw new InterleavedTransactionError();
      nested.pop();
      await end();
    };
    const own: Partial<Record<keyof QueryRunner, unknown>> = {
      release: async () => undefined,
      startTransaction: async () => {
        nested.push(token);
        await runner.startTransaction();
      },
      commitTransaction: ending(() => runner.commitTransaction()),
      rollbackTransaction: ending(() => runner.rollbackTransaction()),
    };
    return new Proxy(runner, {
      get(target, prop, receiver) {
        if (Object.hasOwn(own, prop)) return own[prop as keyof QueryRunner];
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

/**
 * Makes `ds` hand out the held connection inside `run`, and a pooled one everywhere else (also
 * in the request's own continuations once its transaction has ended).
 */
export class HeldTransactions {
  private static readonly installed = new WeakMap<DataSource, HeldTransactions>();
  private readonly context = new AsyncLocalStorage<HeldTransaction>();
  private readonly pooled: DataSource['createQueryRunner'];

  /** The one instance for `ds` (several apps in one process may share a data source, as tests do). */
  static of(ds: DataSource): HeldTransactions {
    let held = HeldTransactions.installed.get(ds);
    if (!held) HeldTransactions.installed.set(ds, (held = new HeldTransactions(ds)));
    return held;
  }

  private constructor(ds: DataSource) {
    this.pooled = ds.createQueryRunner.bind(ds);
    ds.createQueryRunner = (mode) => this.current()?.borrow() ?? this.pooled(mode);
  }

  /** The open held transaction of the calling context, or null. */
  current(): HeldTransaction | null {
    const held = this.context.getStore();
    return held?.active ? held : null;
  }

  /** Takes a pooled connection and begins its transaction. */
  async begin(): Promise<HeldTransaction> {
    const runner = this.pooled('master');
    try {
      await runner.startTransaction();
    } catch (err) {
      await runner.release();
      throw err;
    }
    return new HeldTransaction(runner);
  }

  /** Runs `work` with every query of its async context on `held`. */
  run<T>(held: HeldTransaction, work: () => Promise<T>): Promise<T> {
    return this.context.run(held, work);
  }

  /** Runs `task` after the calling context's held transaction commits, or now when there is none. */
  async afterCommit(task: () => Promise<void>): Promise<void> {
    const held = this.current();
    if (held) held.later(task);
    else await task();
  }
}
