import type { Logger } from '@wfm/core/logger';
import { describeDbError } from '../db-faults.js';
import type { GrantExpiryStore } from './grant-expiry.repository.js';

/** Expiries waiting for the database beyond this many are not kept: the grant's expiresAt already says it ended. */
const MAX_PENDING = 100_000;

/**
 * The tap path decides a grant's expiry in memory (the first refused tap at this daemon says
 * "Access expired"); the EXPIRED status reaches PostgreSQL after the answer, in batches, and is
 * retried every `retryMs` while the database is out of reach. Nothing here is on a door's way.
 */
export class GrantExpiryWriter {
  private readonly pending = new Map<string, Date>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly store: GrantExpiryStore,
    private readonly logger: Logger,
    private readonly retryMs: number,
  ) {}

  get depth(): number {
    return this.pending.size;
  }

  record(grantId: string, at: Date): void {
    if (this.pending.size >= MAX_PENDING && !this.pending.has(grantId)) return;
    this.pending.set(grantId, at);
    if (!this.running && !this.timer && !this.closed) this.timer = setTimeout(() => void this.flush(), 0);
  }

  /** Writes what is pending now; what the database does not take stays pending for the next try. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running ??= this.write().finally(() => {
      this.running = null;
      if (this.pending.size && !this.closed) this.timer = setTimeout(() => void this.flush(), this.retryMs);
    });
    return this.running;
  }

  private async write(): Promise<void> {
    const batch = [...this.pending].map(([grantId, at]) => ({ grantId, at }));
    if (!batch.length) return;
    try {
      await this.store.expire(batch);
      for (const g of batch) if (this.pending.get(g.grantId) === g.at) this.pending.delete(g.grantId);
    } catch (err) {
      this.logger.warn({ ...describeDbError(err), grants: batch.length }, 'grant expiries not recorded yet: retrying');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
  }
}
