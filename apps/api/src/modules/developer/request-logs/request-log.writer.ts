import type { Logger } from '@wfm/core/logger';
import type { RequestLogRow, RequestLogsRepository } from './request-logs.repository.js';

export interface RequestLogWriterSettings {
  /** How often what has been recorded is written. */
  flushMs: number;
  /** Rows per INSERT; a buffer this full is written at once, without waiting for the interval. */
  batchSize: number;
  /** Rows held in memory at most; past this, new ones are dropped and counted. */
  maxBuffered: number;
  /** Rows kept per credential: the credentials of each written batch are trimmed to this. */
  keepPerCredential: number;
}

/** Rows not written, by why: the buffer was full, or the database refused the row itself. */
export interface RequestLogDrops {
  bufferFull: number;
  writeFailed: number;
}

/**
 * The request log's writes, off the request path: a request only appends to a bounded buffer, which
 * is written in multi-row INSERTs on an interval (or once a batch is full) and on stop. A batch the
 * database refuses is written again row by row, so one bad row costs only itself.
 */
export class RequestLogWriter {
  private buffer: RequestLogRow[] = [];
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  readonly drops: RequestLogDrops = { bufferFull: 0, writeFailed: 0 };

  constructor(
    private readonly repo: RequestLogsRepository,
    private readonly logger: Logger,
    private readonly settings: RequestLogWriterSettings,
  ) {}

  start(): this {
    this.timer ??= setInterval(() => void this.flush(), this.settings.flushMs).unref();
    return this;
  }

  record(row: RequestLogRow): void {
    if (this.buffer.length >= this.settings.maxBuffered) {
      this.drops.bufferFull += 1;
      return;
    }
    this.buffer.push(row);
    if (this.buffer.length >= this.settings.batchSize) void this.flush();
  }

  /** Writes everything recorded so far, rows recorded while it runs included; never rejects. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Stops the interval and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.settings.batchSize);
      const written = await this.write(batch);
      await this.trim(written);
    }
  }

  private async write(batch: RequestLogRow[]): Promise<RequestLogRow[]> {
    try {
      await this.repo.insert(batch);
      return batch;
    } catch (err) {
      if (batch.length > 1) this.logger.warn({ err, rows: batch.length }, 'request log batch refused; writing its rows one by one');
    }
    const written: RequestLogRow[] = [];
    for (const row of batch) {
      try {
        await this.repo.insert([row]);
        written.push(row);
      } catch (err) {
        this.drops.writeFailed += 1;
        this.logger.warn({ err, requestId: row.requestId }, 'request log row refused');
      }
    }
    return written;
  }

  /** Keeps the cap between the job's runs; a failure only logs, the job trims again. */
  private async trim(written: RequestLogRow[]): Promise<void> {
    if (written.length === 0) return;
    const credentials = [...new Set(written.map((r) => r.credentialId))];
    try {
      await this.repo.trim(this.settings.keepPerCredential, credentials, null);
    } catch (err) {
      this.logger.warn({ err }, 'request log trim failed');
    }
  }
}
