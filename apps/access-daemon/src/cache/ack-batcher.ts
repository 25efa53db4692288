import type { DaemonRegistry } from '@wfm/memory/daemon-registry';

/** Retry delays after a failed acknowledgement: short first (a blip), then no faster than the heartbeat. */
const RETRY_MS = [20, 100, 500, 1_000];

/**
 * Gathers the acknowledgements of one turn of the event loop into one message: a bulk change of
 * thousands of grants costs one acknowledgement per tenant, not one per grant. An acknowledgement
 * that could not be sent (a Redis command timing out after an event-loop stall) is merged back and
 * sent again: nothing else would repeat it, and the API waiting for it would answer `partial` for
 * a change this daemon holds.
 */
export class AckBatcher {
  private pending = new Map<string, number>();
  private scheduled = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly registry: DaemonRegistry, private readonly daemonId: string) {}

  add(versions: ReadonlyMap<string, number>): void {
    if (this.closed) return;
    this.merge(versions);
    if (this.scheduled || this.retry) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private merge(versions: ReadonlyMap<string, number>): void {
    for (const [tenantId, v] of versions) if (v > (this.pending.get(tenantId) ?? -1)) this.pending.set(tenantId, v);
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.registry.ack(this.daemonId, batch).then(
      () => {
        this.failures = 0;
      },
      () => {
        if (this.closed) return;
        this.merge(batch);
        if (this.retry) return;
        const delay = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!;
        this.retry = setTimeout(() => {
          this.retry = null;
          this.flush();
        }, delay);
        this.retry.unref();
      },
    );
  }

  /** Stops retrying (shutdown: the registration ends with the daemon). */
  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.pending.clear();
  }
}
