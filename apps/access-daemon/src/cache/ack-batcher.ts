import type { DaemonRegistry } from '@wfm/memory/daemon-registry';

/**
 * Gathers the acknowledgements of one turn of the event loop into one message: a bulk change of
 * thousands of grants costs one acknowledgement per tenant, not one per grant.
 */
export class AckBatcher {
  private pending = new Map<string, number>();
  private scheduled = false;

  constructor(private readonly registry: DaemonRegistry, private readonly daemonId: string) {}

  add(versions: ReadonlyMap<string, number>): void {
    for (const [tenantId, v] of versions) if (v > (this.pending.get(tenantId) ?? -1)) this.pending.set(tenantId, v);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.registry.ack(this.daemonId, batch);
  }
}
