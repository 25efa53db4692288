import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import { DeadlineExceeded, describeDbError, isDataError, withDeadline } from '../db-faults.js';
import type { AuditRow, AuditStore } from './audit-row.js';
import type { AuditSpool, SpooledLine } from './audit-spool.js';
import type { AuditQuarantine, QuarantineEntry } from './audit-quarantine.js';

interface Waiting {
  row: AuditRow;
  done: () => void;
  fail: (err: unknown) => void;
}

export interface AuditWriterOptions {
  /** How long the first row of a batch waits for company before the batch is written. */
  maxWaitMs: number;
  maxBatch: number;
  /** Batches committing at once: the next batch need not wait for the previous commit. */
  maxInFlight: number;
  /**
   * Longest wait for one audit statement (a commit, a replay batch, a probe). Past it the database
   * counts as stalled: the rows go to the spool and the doors are answered.
   */
  commitTimeoutMs: number;
}

export interface AuditObserver {
  /** Rows of one commit, by where they went. */
  committed(rows: number, to: 'database' | 'spool'): void;
  /** Rows the database refused for good (on commit or on replay), now in the quarantine file. */
  quarantined(rows: number): void;
}

export interface AuditWriterDeps {
  store: AuditStore;
  spool: AuditSpool;
  quarantine: AuditQuarantine;
  logger: Logger;
  clock: Clock;
  observer?: AuditObserver;
}

/** A credential id is logged by a short prefix only: enough to find the row, never the whole value. */
function redactCredential(id: unknown): string {
  return typeof id === 'string' && id.length >= 12 ? `${id.slice(0, 6)}…` : '[redacted]';
}

/**
 * Group commit: rows of concurrent decisions are collected for a millisecond or two and written in
 * one INSERT; each request is answered only after its row is committed. When the database cannot
 * take the batch (unreachable, erroring or stalled past `commitTimeoutMs`), the batch goes to the
 * fsync'd spool instead, so an answered decision always has a durable row. When the database
 * refuses the data itself, the batch is written row by row and only the refused rows are set
 * aside, in the quarantine file.
 */
export class AuditWriter {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private replaying = false;
  /** Statements given up on at their deadline that the server may still be holding. */
  private readonly stalled = new Set<Promise<void>>();
  /** A statement was answered since the last tick, so the tick need not probe. */
  private answeredSinceTick = false;
  /** Whether the database answers: false while it is unreachable or stalled, not when it refuses data. */
  databaseHealthy = true;

  private readonly store: AuditStore;
  private readonly spool: AuditSpool;
  private readonly quarantine: AuditQuarantine;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly observer: AuditObserver;

  constructor(deps: AuditWriterDeps, private readonly opts: AuditWriterOptions) {
    this.store = deps.store;
    this.spool = deps.spool;
    this.quarantine = deps.quarantine;
    this.logger = deps.logger;
    this.clock = deps.clock;
    this.observer = deps.observer ?? { committed: () => {}, quarantined: () => {} };
  }

  write(row: AuditRow): Promise<void> {
    return new Promise((done, fail) => {
      this.queue.push({ row, done, fail });
      if (this.queue.length >= this.opts.maxBatch) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.opts.maxWaitMs);
    });
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length && this.inFlight.size < this.opts.maxInFlight) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      const run: Promise<void> = this.commit(batch).finally(() => {
        this.inFlight.delete(run);
        if (this.queue.length) this.kick();
      });
      this.inFlight.add(run);
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const rows = batch.map((w) => w.row);
    try {
      // While the database is down, rows go straight to the spool rather than each batch waiting
      // out a deadline; the replay tick finds out when it answers again.
      if (this.databaseHealthy) await this.insertOrFallBack(rows);
      else await this.toSpool(rows);
      for (const w of batch) w.done();
    } catch (err) {
      this.logger.error({ ...describeDbError(err), rows: rows.length }, 'audit rows could neither be committed nor spooled');
      for (const w of batch) w.fail(err);
    }
  }

  private async insertOrFallBack(rows: AuditRow[]): Promise<void> {
    const startedAt = performance.now();
    const failure = await this.attempt(rows);
    if (failure === null) return this.observer.committed(rows.length, 'database');
    if (!isDataError(failure)) return this.toSpool(rows);
    // One row the database refuses must not sink the others. The doors wait for this, so rows still
    // unwritten once the commit's time is up go to the spool, whose replay does the same.
    const outcome = await this.oneByOne(
      rows.map((row) => ({ row })),
      startedAt + this.opts.commitTimeoutMs,
    );
    if (outcome.written) this.observer.committed(outcome.written, 'database');
    if (outcome.done < rows.length) await this.toSpool(rows.slice(outcome.done));
  }

  /** One bounded INSERT; resolves to null once written, else to the failure (health updated). */
  private async attempt(rows: readonly AuditRow[]): Promise<unknown> {
    try {
      await this.bounded(this.store.insertBatch(rows));
      this.answered();
      return null;
    } catch (err) {
      if (isDataError(err)) this.answered();
      else this.unavailable(err);
      return err;
    }
  }

  /**
   * Writes lines one at a time, quarantining each the database refuses for good. Stops at the
   * first other failure, or before a line once `endsAt` (a performance.now() time) has passed.
   * `done` counts the lines dealt with (written or quarantined) from the start.
   */
  private async oneByOne(lines: readonly SpooledLine[], endsAt: number): Promise<{ done: number; written: number }> {
    const refused: QuarantineEntry[] = [];
    let done = 0;
    let written = 0;
    for (const line of lines) {
      if (performance.now() > endsAt) break;
      if ('row' in line) {
        const failure = await this.attempt([line.row]);
        if (failure !== null && !isDataError(failure)) break;
        if (failure === null) written++;
        else refused.push(this.entry(line, failure));
      } else {
        refused.push(this.entry(line, null));
      }
      done++;
    }
    await this.toQuarantine(refused);
    return { done, written };
  }

  private entry(line: SpooledLine, failure: unknown): QuarantineEntry {
    const why = failure === null ? { sqlState: null, error: 'spool line is not a JSON object' } : describeDbError(failure);
    return { quarantinedAt: this.clock.now().toISOString(), ...why, ...('row' in line ? { row: line.row } : { line: line.unreadable }) };
  }

  private async toQuarantine(entries: readonly QuarantineEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.quarantine.add(entries);
    this.observer.quarantined(entries.length);
    for (const e of entries) {
      const what = e.row
        ? { auditRowId: e.row.id, tenantId: e.row.tenantId, eventType: e.row.eventType, occurredAt: e.row.occurredAt, credentialId: redactCredential(e.row.credentialId) }
        : { lineBytes: e.line?.length ?? 0 };
      this.logger.error({ ...what, sqlState: e.sqlState, error: e.error, quarantine: this.quarantine.path }, 'audit row refused for good: quarantined');
    }
  }

  private async toSpool(rows: readonly AuditRow[]): Promise<void> {
    await this.spool.append(rows);
    this.observer.committed(rows.length, 'spool');
  }

  /** An audit statement, bounded: past the deadline the database counts as stalled. */
  private async bounded(work: Promise<void>): Promise<void> {
    try {
      await withDeadline(work, this.opts.commitTimeoutMs, 'audit statement');
    } catch (err) {
      if (err instanceof DeadlineExceeded) {
        const settled: Promise<void> = work.then(
          () => undefined,
          () => undefined,
        );
        this.stalled.add(settled);
        void settled.then(() => this.stalled.delete(settled));
      }
      throw err;
    }
  }

  private answered(): void {
    this.answeredSinceTick = true;
    if (!this.databaseHealthy) this.logger.info('audit database answers again');
    this.databaseHealthy = true;
  }

  private unavailable(err: unknown): void {
    this.answeredSinceTick = false;
    if (this.databaseHealthy) this.logger.warn(describeDbError(err), 'audit database unavailable: rows go to the spool until it answers again');
    this.databaseHealthy = false;
  }

  /** Writes whatever is queued now and waits for it. */
  async flush(): Promise<void> {
    this.kick();
    while (this.inFlight.size || this.queue.length) {
      await Promise.all(this.inFlight);
      this.kick();
    }
  }

  /**
   * The tick (on a timer): replays the spool (idempotent: ids are the daemon's) or, with nothing
   * spooled and nothing answered since the last tick, checks that the database still answers, so
   * that /health tells the truth while no door is tapped. Returns the spooled lines dealt with
   * (written or quarantined).
   */
  async replaySpool(): Promise<number> {
    if (this.replaying) return 0;
    this.replaying = true;
    try {
      // Never stack another statement on a server still holding one given up on: stuck
      // connections would fill the pool.
      if (this.stalled.size && !(await this.stalledSettled())) return 0;
      if (this.spool.depth === 0) {
        await this.probe();
        return 0;
      }
      const n = await this.spool.replay((lines) => this.drain(lines));
      if (n) this.logger.info({ rows: n }, 'spooled audit rows replayed');
      return n;
    } catch (err) {
      this.logger.error(describeDbError(err), 'audit spool replay failed');
      return 0;
    } finally {
      this.replaying = false;
    }
  }

  private async stalledSettled(): Promise<boolean> {
    try {
      await withDeadline(Promise.all(this.stalled), this.opts.commitTimeoutMs, 'stalled audit statement');
      return true;
    } catch {
      return false;
    }
  }

  private async probe(): Promise<void> {
    if (this.answeredSinceTick) {
      this.answeredSinceTick = false;
      return;
    }
    try {
      await this.bounded(this.store.ping());
      this.answered();
    } catch (err) {
      this.unavailable(err);
    }
    this.answeredSinceTick = false;
  }

  /** Replays one spool segment in batches; a batch the database refuses is replayed row by row. */
  private async drain(lines: SpooledLine[]): Promise<number> {
    let done = 0;
    while (done < lines.length) {
      const chunk = lines.slice(done, done + this.opts.maxBatch);
      const rows = chunk.flatMap((l) => ('row' in l ? [l.row] : []));
      const failure = rows.length ? await this.attempt(rows) : null;
      if (failure === null) {
        await this.toQuarantine(chunk.filter((l) => 'unreadable' in l).map((l) => this.entry(l, null)));
        done += chunk.length;
      } else if (isDataError(failure)) {
        const outcome = await this.oneByOne(chunk, Infinity);
        done += outcome.done;
        if (outcome.done < chunk.length) return done;
      } else {
        return done;
      }
    }
    return done;
  }
}
