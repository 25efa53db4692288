/**
 * Read-your-writes for access changes. Access daemons announce themselves (`join`, kept alive by a
 * heartbeat, ended by `leave` or by the heartbeat's TTL) and acknowledge, per tenant, the access-feed
 * version they have applied. An API instance `watch`es: it keeps the latest acknowledged version per
 * daemon and tenant from the moment it subscribed, so an acknowledgement that arrives before anyone
 * waits for it is not lost, and `waitFor` resolves once every daemon named has reached its targets.
 */
export interface DaemonLag {
  daemonId: string;
  tenantId: string;
  /** The version the change needed. */
  version: number;
  /** The highest version that daemon acknowledged for the tenant (0: none seen). */
  acked: number;
}

export interface DaemonRegistry {
  readonly kind: 'local' | 'redis';
  /** Announces a daemon; it stays live until `leave` or until its heartbeat stops for the TTL. */
  join(daemonId: string): Promise<void>;
  leave(daemonId: string): Promise<void>;
  /**
   * Announces the versions this daemon has applied, per tenant (several tenants at once after a
   * reload). Rejects when the announcement could not be sent; the caller sends it again, or the
   * API waiting for it answers `partial`.
   */
  ack(daemonId: string, versions: ReadonlyMap<string, number>): Promise<void>;
  /** Starts tracking live daemons and acknowledgements (idempotent; the API calls it before its first wait). */
  watch(): Promise<void>;
  /** The daemons live as far as this instance knows now. */
  live(): string[];
  /**
   * Resolves when every daemon in `daemonIds` that is still live has acknowledged at least the
   * target version of each tenant in `targets`, or after `timeoutMs` with what was still missing.
   */
  waitFor(daemonIds: readonly string[], targets: ReadonlyMap<string, number>, timeoutMs: number): Promise<DaemonLag[]>;
  close(): Promise<void>;
}

/**
 * Heartbeat and TTL of a daemon's registration (Redis): three missed beats and it is gone. The
 * namespace keeps deployments (or parallel test runs) that share one Redis apart.
 */
export interface RegistryOptions {
  heartbeatMs: number;
  ttlMs: number;
  namespace: string;
}

export const DEFAULT_REGISTRY_OPTIONS: RegistryOptions = { heartbeatMs: 1_000, ttlMs: 3_000, namespace: 'access' };

/** The acknowledgement book both implementations share: latest version per daemon and tenant, and the waiters. */
export class AckBook {
  private readonly acked = new Map<string, Map<string, number>>();
  private readonly waiters = new Set<() => void>();

  record(daemonId: string, versions: Iterable<readonly [string, number]>): void {
    let byTenant = this.acked.get(daemonId);
    if (!byTenant) this.acked.set(daemonId, (byTenant = new Map()));
    for (const [tenantId, v] of versions) if (v > (byTenant.get(tenantId) ?? 0)) byTenant.set(tenantId, v);
    this.wake();
  }

  forget(daemonId: string): void {
    this.acked.delete(daemonId);
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private missing(daemonIds: readonly string[], targets: ReadonlyMap<string, number>, isLive: (id: string) => boolean): DaemonLag[] {
    const lags: DaemonLag[] = [];
    for (const daemonId of daemonIds) {
      if (!isLive(daemonId)) continue;
      const byTenant = this.acked.get(daemonId);
      for (const [tenantId, version] of targets) {
        const acked = byTenant?.get(tenantId) ?? 0;
        if (acked < version) lags.push({ daemonId, tenantId, version, acked });
      }
    }
    return lags;
  }

  waitFor(daemonIds: readonly string[], targets: ReadonlyMap<string, number>, timeoutMs: number, isLive: (id: string) => boolean): Promise<DaemonLag[]> {
    const now = this.missing(daemonIds, targets, isLive);
    if (now.length === 0) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (lags: DaemonLag[]) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(lags);
      };
      const check = () => {
        const lags = this.missing(daemonIds, targets, isLive);
        if (lags.length === 0) done(lags);
      };
      const timer = setTimeout(() => done(this.missing(daemonIds, targets, isLive)), timeoutMs);
      this.waiters.add(check);
    });
  }

  /** A daemon leaving or expiring ends every wait on it. */
  changed(): void {
    this.wake();
  }
}
