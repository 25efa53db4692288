import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import type { AccessCache } from './access-cache.js';
import type { CacheSnapshotFile } from './snapshot-file.js';

/** How often the keeper looks for a change to write: a revoke reaches the disk within about this long. */
const CHECK_INTERVAL_MS = 1000;
/** A cache that has not changed is still rewritten this often while it keeps matching the database, so the stored `syncedAt` stays near the truth. */
const REFRESH_MS = 5 * 60_000;

/** Versions only rise, so their count and sum change with every applied change, at the cost of one pass over the tenants. */
function signatureOf(cache: AccessCache): string {
  let sum = 0;
  for (const v of cache.versions.values()) sum += v;
  return `${cache.versions.size}:${sum}:${cache.grantCount}`;
}

/**
 * Keeps the snapshot file in step with the cache: written within about a second of a change, one
 * write at a time, and once more at a clean stop. A failed write is logged and retried on the
 * next check; the doors never wait for it.
 */
export class SnapshotKeeper {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private written: { signature: string; syncedAt: number } | null = null;

  constructor(
    private readonly cache: AccessCache,
    private readonly file: CacheSnapshotFile,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** `fromFile`: the cache was just read from the file, which needs no rewrite until it changes. */
  start(fromFile: boolean): void {
    if (fromFile) this.written = { signature: signatureOf(this.cache), syncedAt: this.cache.syncedAt };
    this.timer = setInterval(() => void this.writeIfChanged(), CHECK_INTERVAL_MS);
    this.timer.unref();
    void this.writeIfChanged();
  }

  /** Writes when the cache changed since the last write, or has matched the database for a while since. */
  writeIfChanged(): Promise<void> {
    const signature = signatureOf(this.cache);
    const syncedAt = this.cache.syncedAt;
    const unchanged = this.written && this.written.signature === signature && syncedAt - this.written.syncedAt < REFRESH_MS;
    if (unchanged) return this.writing ?? Promise.resolve();
    if (this.writing) return this.writing;
    this.writing = this.file
      .write(this.cache.toSnapshot(), syncedAt, this.clock.now())
      .then(
        () => {
          this.written = { signature, syncedAt };
        },
        (err: unknown) => this.logger.warn({ err, path: this.file.path }, 'access cache snapshot not written; retrying'),
      )
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
    await this.writeIfChanged();
  }
}
