import type { Logger } from '@wfm/core/logger';
import type { AuditRow, AuditStore } from './audit-row.js';
import type { AuditSpool } from './audit-spool.js';

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
}

/**
 * Group commit: rows of concurrent decisions are collected for a millisecond or two and written in
 * one INSERT; each request is answered only after its row is committed. When the database refuses,
 * the batch goes to the fsync'd spool instead, so an answered decision always has a durable row.
 */
export class AuditWriter {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private replaying = false;
  databaseHealthy = true;

  constructor(
    private readonly store: AuditStore,
    private readonly spool: AuditSpool,
    private readonly opts: AuditWriterOptions,
    private readonly logger: Logger,
    private readonly onBatch: (size: number, spooled: boolean) => void = () => {},
  ) {}

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
      await this.store.insertBatch(rows);
      this.databaseHealthy = true;
      this.onBatch(rows.length, false);
      for (const w of batch) w.done();
    } catch (dbErr) {
      this.databaseHealthy = false;
      try {
        await this.spool.append(rows);
        this.logger.warn({ err: dbErr, rows: rows.length }, 'audit rows spooled: database unavailable');
        this.onBatch(rows.length, true);
        for (const w of batch) w.done();
      } catch (spoolErr) {
        this.logger.error({ err: spoolErr }, 'audit rows could neither be committed nor spooled');
        for (const w of batch) w.fail(spoolErr);
      }
    }
  }

  /** Writes whatever is queued now and waits for it. */
  async flush(): Promise<void> {
    this.kick();
    while (this.inFlight.size || this.queue.length) {
      await Promise.all(this.inFlight);
      this.kick();
    }
  }

  /** Re-inserts spooled rows (idempotent: ids are the daemon's). Safe to call on a timer. */
  async replaySpool(): Promise<number> {
    if (this.replaying || this.spool.depth === 0) return 0;
    this.replaying = true;
    try {
      const n = await this.spool.replay((rows) => this.store.insertBatch(rows));
      if (n) this.logger.info({ rows: n }, 'spooled audit rows re-inserted');
      this.databaseHealthy = true;
      return n;
    } catch (err) {
      this.logger.debug({ err }, 'spool replay deferred: database still unavailable');
      return 0;
    } finally {
      this.replaying = false;
    }
  }
}
