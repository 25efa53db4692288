import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import { DeadlineExceeded, describeDbError, isDataError, sqlState, withDeadline } from '../db-faults.js';
import { encodeAuditLine, type AuditRow, type AuditStore } from './audit-row.js';
import type { AuditJournal } from './audit-journal.js';
import type { JournalLine, JournalLines } from './journal-lines.js';
import type { AuditQuarantine, QuarantineEntry } from './audit-quarantine.js';

export interface AuditWriterOptions {
  /** Most rows in one statement (a COPY) when shipping. */
  maxBatch: number;
  /**
   * Longest wait for one shipping statement (a batch, a probe). Past it the database counts as
   * stalled; the rows stay in the journal for the next try.
   */
  commitTimeoutMs: number;
}

export interface AuditObserver {
  /** Rows of one write, by where they went: the journal (before the answer) or the database (shipped). */
  committed(rows: number, to: 'database' | 'journal'): void;
  /** Rows the database refused for good, now in the quarantine file. */
  quarantined(rows: number): void;
}

export interface AuditWriterDeps {
  store: AuditStore;
  journal: AuditJournal;
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
 * Each decision's audit row is durable on the daemon's own disk before the door is answered: the
 * journal writes at once when idle and gathers the rows that arrive meanwhile into its next write
 * (group commit without a timer: one durable write for all of them, two under way at most).
 * Nothing on that path waits for
 * the network. The shipper (`ship`, on a timer) sends the journal to PostgreSQL in order, in
 * batches, idempotent by row id; a batch the database refuses as data is written row by row and
 * only the refused rows are quarantined.
 */
export class AuditWriter {
  /** Durable writes under way, each with the rows it carries. */
  private readonly writing = new Map<Promise<void>, number>();
  private shipping = false;
  /** Statements given up on at their deadline that the server may still be holding. */
  private readonly stalled = new Set<Promise<void>>();
  /** A statement was answered since the last tick, so the tick need not probe. */
  private answeredSinceTick = false;
  /** Whether the database answers: false while it is unreachable or stalled, not when it refuses data. */
  databaseHealthy = true;

  private readonly store: AuditStore;
  private readonly journal: AuditJournal;
  private readonly quarantine: AuditQuarantine;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly observer: AuditObserver;

  constructor(deps: AuditWriterDeps, private readonly opts: AuditWriterOptions) {
    this.store = deps.store;
    this.journal = deps.journal;
    this.quarantine = deps.quarantine;
    this.logger = deps.logger;
    this.clock = deps.clock;
    this.observer = deps.observer ?? { committed: () => {}, quarantined: () => {} };
  }

  /**
   * Resolves once the row is on the daemon's disk; rejects when the journal cannot take it. Rows
   * that share a durable write share its promise; `atMs` is the row's decision time.
   */
  write(row: AuditRow, atMs = Date.parse(row.occurredAt)): Promise<void> {
    const durable = this.journal.append(encodeAuditLine(row), atMs);
    const rows = this.writing.get(durable);
    if (rows !== undefined) {
      this.writing.set(durable, rows + 1);
      return durable;
    }
    this.writing.set(durable, 1);
    durable.then(
      () => this.observer.committed(this.settled(durable), 'journal'),
      (err: unknown) => this.logger.error({ err, rows: this.settled(durable) }, 'audit rows could not be written to the journal'),
    );
    return durable;
  }

  /** A durable write has ended: how many rows it carried. */
  private settled(durable: Promise<void>): number {
    const rows = this.writing.get(durable) ?? 0;
    this.writing.delete(durable);
    return rows;
  }

  /** Waits for the rows being written to the journal now. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.writing.keys()]);
  }

  /** One bounded INSERT; resolves to null once written, else to the failure (health updated). */
  private async attempt(insert: () => Promise<void>): Promise<unknown> {
    try {
      await this.bounded(insert());
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
   * first other failure. `done` counts the lines dealt with (written or quarantined) from the start.
   */
  private async oneByOne(lines: readonly JournalLine[]): Promise<{ done: number; written: number }> {
    const refused: QuarantineEntry[] = [];
    let done = 0;
    let written = 0;
    for (const line of lines) {
      if ('row' in line) {
        const failure = await this.attempt(() => this.store.insertBatch([line.row]));
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

  private entry(line: JournalLine, failure: unknown): QuarantineEntry {
    const why = failure === null ? { sqlState: null, error: 'journal line is not a row' } : describeDbError(failure);
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
    if (this.databaseHealthy) this.logger.warn(describeDbError(err), 'audit database unavailable: rows wait in the journal until it answers again');
    this.databaseHealthy = false;
  }

  /**
   * The shipper's tick (on a timer): sends the journal to PostgreSQL (idempotent: ids are the
   * daemon's) or, with nothing to send and nothing answered since the last tick, checks that the
   * database still answers, so that /health tells the truth while no door is tapped. Returns the
   * journal lines dealt with (written or quarantined).
   */
  async ship(): Promise<number> {
    if (this.shipping) return 0;
    this.shipping = true;
    try {
      // Never stack another statement on a server still holding one given up on: stuck
      // connections would fill the pool.
      if (this.stalled.size && !(await this.stalledSettled())) return 0;
      if (this.journal.depth === 0) {
        await this.probe();
        return 0;
      }
      return await this.journal.drain((lines) => this.send(lines));
    } catch (err) {
      this.logger.error(describeDbError(err), 'audit journal shipping failed');
      return 0;
    } finally {
      this.shipping = false;
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

  /**
   * Sends one journal segment in batches. Its lines are COPY text already and go as they are, by
   * COPY, the database's cheapest way in, without a line becoming a string. A batch COPY refuses for
   * holding a row already stored (one shipped just before a crash, whose segment was not yet
   * dropped) goes again as rows, skipping that one; so do the JSON lines of a journal an earlier
   * version wrote. A batch refused as data (a row the database will not take, or a line torn by a
   * crash) is sent row by row, and only what it refuses is quarantined.
   */
  private async send(lines: JournalLines): Promise<number> {
    let done = 0;
    while (done < lines.length) {
      const end = Math.min(lines.length, done + this.opts.maxBatch);
      let failure = lines.copyReady(done, end) ? await this.attempt(() => this.store.copyLines(lines.slice(done, end))) : await this.insertRows(lines, done, end);
      if (sqlState(failure) === UNIQUE_VIOLATION) failure = await this.insertRows(lines, done, end);
      if (failure === null) {
        this.observer.committed(end - done, 'database');
        done = end;
      } else if (failure === TORN || isDataError(failure)) {
        const outcome = await this.oneByOne(lines.parse(done, end));
        if (outcome.written) this.observer.committed(outcome.written, 'database');
        const stoppedEarly = outcome.done < end - done;
        done += outcome.done;
        if (stoppedEarly) return done;
      } else {
        return done;
      }
    }
    return done;
  }

  /** Lines `from` to `to` as rows, skipping those already stored: null once written, else the failure, or TORN when a line is not a row. */
  private insertRows(lines: JournalLines, from: number, to: number): Promise<unknown> {
    const rows = rowsOf(lines.parse(from, to));
    return rows === null ? Promise.resolve(TORN) : this.attempt(() => this.store.insertBatch(rows));
  }
}

const UNIQUE_VIOLATION = '23505';
/** A batch holding a line that is not a row (a write torn by a crash): it goes row by row. */
const TORN = Symbol('torn line');

/** The rows of parsed lines, or null when one of them is not a row. */
function rowsOf(lines: readonly JournalLine[]): AuditRow[] | null {
  const rows: AuditRow[] = [];
  for (const line of lines) {
    if (!('row' in line)) return null;
    rows.push(line.row);
  }
  return rows;
}
