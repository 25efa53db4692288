import { ACCESS_CHANGES_CHANNEL, decodeAccessChanges, type AccessChange, type AccessPayload, type WireGrant, type WireUser } from '@wfm/access/change-feed';
import type { Plan } from '@wfm/core/tenancy';
import type { Bus } from '@wfm/memory/bus';
import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import type { ReadModelGrant, ReadModelUser } from '@wfm/db/access-read-model.repository';
import type { AccessCache, AccessSnapshot } from './access-cache.js';
import type { ChangeLoaderRepository } from './change-loader.repository.js';
import type { StoredSnapshot } from './snapshot-file.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SnapshotSource {
  load(tenantId?: string): Promise<AccessSnapshot>;
}

/** What a start falls back on when the database and Redis do not answer in time. */
export interface StartFallback {
  /** The cache kept on the daemon's disk, if any. */
  stored(): Promise<StoredSnapshot | null>;
  /** How long a start waits for the database and Redis before serving from the stored cache. */
  waitMs: number;
}

/** Told the versions the cache now holds, per tenant, after every change, reload and reconcile. */
export type AckListener = (versions: ReadonlyMap<string, number>) => void;

/**
 * Keeps the cache current. Pub/sub drops what is sent while a subscriber is away, so: every change
 * carries a per-tenant version and a gap reloads that tenant; every (re)subscribe reloads all; and
 * a timer compares versions with the database, which also keeps the cache current without Redis.
 * A change that carries its rows is applied from them, without a database read; after each one the
 * tenant's version is acknowledged, which is what the API waits for before it answers.
 */
export class CacheSync {
  private unsubscribe: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Per-tenant work queues: changes of one tenant apply in order, tenants in parallel. */
  private queues = new Map<string, Promise<boolean>>();
  private full: Promise<void> | null = null;
  private stopped = false;
  private fullAgain: Promise<void> | null = null;
  ready = false;
  /** Where the cache came from: the database, or the stored snapshot until the database answers again. */
  source: 'database' | 'snapshot' = 'database';

  constructor(
    private readonly cache: AccessCache,
    private readonly snapshots: SnapshotSource,
    private readonly rows: ChangeLoaderRepository,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly opts: {
      reconcileIntervalMs: number;
      /** The wait before retrying a first load that failed, doubling up to the maximum. */
      startRetry?: { firstMs: number; maxMs: number };
    },
    private readonly onApplied: (lagSeconds: number) => void = () => {},
    private readonly onAck: AckListener = () => {},
  ) {}

  private ackTenant(tenantId: string): void {
    this.onAck(new Map([[tenantId, this.cache.versions.get(tenantId) ?? 0]]));
  }

  /**
   * Subscribes, then loads everything. With a fallback, a start that the database or Redis has not
   * let finish within `waitMs` serves from the stored cache instead, and the same start goes on in
   * the background: the load replaces the stored cache when it comes through, and the reconcile
   * timer (which runs from now on) catches up tenant by tenant when only the database is back.
   * Without a stored cache there is nothing safe to serve, so the start waits, and a first load
   * that fails (a statement timeout on a loaded database, Redis restarting) is retried with a
   * doubling pause rather than ending the process: the listener answers 503 meanwhile, as it does
   * while any first load runs, and the doors come up the moment a load succeeds.
   */
  async start(fallback?: StartFallback): Promise<void> {
    // Redis may come back before PostgreSQL: the reload then fails, and the reconcile timer catches up once the database answers.
    this.bus.onResubscribe(() => {
      this.reloadAll('resubscribed').catch((err: unknown) => this.logger.warn({ err }, 'access cache not reloaded after Redis resubscribed; the reconcile timer retries'));
    });
    const online = (async () => {
      this.unsubscribe = await this.bus.subscribe(ACCESS_CHANGES_CHANNEL, (raw) => this.onMessage(raw));
      await this.reloadAll('start');
    })();
    if (fallback) {
      const outcome = await Promise.race([
        online.then(
          () => ({ done: true as const }),
          (err: unknown) => ({ done: false as const, err }),
        ),
        sleep(fallback.waitMs, undefined, { ref: false }).then(() => ({ done: false as const, err: null })),
      ]);
      if (!outcome.done && (await this.serveStored(fallback, outcome.err))) {
        online.catch((err: unknown) => this.logger.warn({ err }, 'access cache still from the stored snapshot: the database did not answer; the reconcile timer retries'));
        return this.running();
      }
    }
    await online.catch((err: unknown) => this.retryStart(err));
    this.running();
  }

  private async retryStart(firstErr: unknown): Promise<void> {
    const { firstMs, maxMs } = this.opts.startRetry ?? { firstMs: 500, maxMs: 30_000 };
    let err = firstErr;
    for (let delayMs = firstMs; ; delayMs = Math.min(delayMs * 2, maxMs)) {
      if (this.stopped) throw err;
      this.logger.warn({ err, retryInMs: delayMs }, 'the first load of the access cache failed; retrying');
      await sleep(delayMs);
      try {
        this.unsubscribe ??= await this.bus.subscribe(ACCESS_CHANGES_CHANNEL, (raw) => this.onMessage(raw));
        await this.reloadAll('start');
        return;
      } catch (next) {
        err = next;
      }
    }
  }

  private async serveStored(fallback: StartFallback, err: unknown): Promise<boolean> {
    let stored: StoredSnapshot | null;
    try {
      stored = await fallback.stored();
    } catch (readErr) {
      this.logger.error({ err: readErr }, 'the stored access cache cannot be used; waiting for the database');
      return false;
    }
    if (!stored) return false;
    this.cache.replaceAll(stored.snapshot, stored.syncedAt);
    this.source = 'snapshot';
    this.logger.warn(
      { ...(err ? { err } : {}), syncedAt: new Date(stored.syncedAt).toISOString(), grants: this.cache.grantCount },
      'database or Redis out of reach at start: serving from the stored access cache until they answer',
    );
    return true;
  }

  private running(): void {
    this.ready = true;
    this.timer = setInterval(() => void this.reconcile(), this.opts.reconcileIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unsubscribe?.();
  }

  /**
   * Loads everything. A load already under way may have read the database before whatever asks
   * for this one (a resubscribe after changes went unheard), so it is not enough to join it: one
   * more load runs after it, shared by every request made meanwhile.
   */
  reloadAll(why: string): Promise<void> {
    if (!this.full) {
      this.full = this.loadAll(why).finally(() => {
        this.full = null;
      });
      return this.full;
    }
    this.fullAgain ??= this.full
      .catch(() => {})
      .then(() => {
        this.fullAgain = null;
        return this.reloadAll(why);
      });
    return this.fullAgain;
  }

  private async loadAll(why: string): Promise<void> {
    const snapshot = await this.snapshots.load();
    await this.cache.replaceAllInPieces(snapshot, this.clock.now().getTime());
    this.source = 'database';
    this.onAck(new Map(this.cache.versions));
    this.logger.info({ why, grants: this.cache.grantCount }, 'access cache loaded');
  }

  /** Resolves true when the work applied; a failure is logged and left to the reconcile timer. */
  private enqueue(tenantId: string, work: () => Promise<void>): Promise<boolean> {
    const next = (this.queues.get(tenantId) ?? Promise.resolve(true))
      .then(work)
      .then(
        () => true,
        (err) => {
          this.logger.warn({ err, tenantId }, 'access change not applied; the reconcile timer will retry');
          return false;
        },
      );
    this.queues.set(tenantId, next);
    void next.then(() => {
      if (this.queues.get(tenantId) === next) this.queues.delete(tenantId);
    });
    return next;
  }

  private onMessage(raw: string): void {
    const byTenant = new Map<string, AccessChange[]>();
    for (const change of decodeAccessChanges(raw)) {
      const list = byTenant.get(change.tenantId);
      if (list) list.push(change);
      else byTenant.set(change.tenantId, [change]);
    }
    for (const [tenantId, changes] of byTenant) {
      void this.enqueue(tenantId, async () => {
        for (const change of changes) await this.applyChange(change);
        // Also when the changes were already in the cache (a reload got them first): the API waits for this.
        this.ackTenant(tenantId);
      });
    }
  }

  /** Waits for the changes already received to be applied (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.queues.size || this.full || this.fullAgain) await Promise.allSettled([...this.queues.values(), this.full, this.fullAgain]);
  }

  private async applyChange(change: AccessChange): Promise<void> {
    if (this.full) await this.full;
    // A tenant created after the last load is loaded whole on its first change.
    if (!this.cache.tenant(change.tenantId)) return this.reloadTenant(change.tenantId);
    const known = this.cache.versions.get(change.tenantId) ?? 0;
    if (change.version <= known) return;
    if (change.version > known + 1) return this.reloadTenant(change.tenantId);
    await this.applyRow(change);
    this.cache.versions.set(change.tenantId, change.version);
    const nowMs = this.clock.now().getTime();
    this.cache.syncedAt = Math.max(this.cache.syncedAt, nowMs);
    if (change.at) this.onApplied(Math.max(0, nowMs - change.at) / 1000);
  }

  private async applyRow(c: AccessChange): Promise<void> {
    if (c.payload) return this.applyPayload(c.tenantId, c.id, c.op, c.payload);
    switch (c.kind) {
      case 'tenant':
        return this.cache.putTenant(await this.rows.tenant(c.id), c.id);
      case 'zone': {
        const zone = await this.rows.zone(c.id);
        if (zone) return this.cache.putZone(zone);
        this.cache.removeZone(c.tenantId, c.id);
        return this.cache.removeGrantsOfZone(c.tenantId, c.id);
      }
      case 'grant': {
        const grant = await this.rows.activeGrant(c.id);
        if (!grant) return this.cache.removeGrant(c.tenantId, c.id);
        if (grant.userId && !this.cache.userName(c.tenantId, grant.userId)) this.cache.putUser(c.tenantId, grant.userId, await this.rows.activeUser(grant.userId));
        return this.cache.putGrant(grant);
      }
      case 'visitor-pass': {
        const [pass, grants] = await Promise.all([this.rows.pass(c.id), this.rows.activeGrantsOfPass(c.id)]);
        this.cache.putPass(c.tenantId, c.id, pass);
        this.cache.removeGrantsOfHolder(c.tenantId, c.id);
        for (const g of grants) this.cache.putGrant(g);
        return;
      }
      case 'reader-key':
        return this.cache.putReaderKey(c.tenantId, c.id, await this.rows.liveReaderKey(c.id));
      case 'user': {
        // Deactivation keeps the grants (reactivation restores access); removal revokes them.
        this.cache.putUser(c.tenantId, c.id, await this.rows.activeUser(c.id));
        if (c.op === 'delete') this.cache.removeGrantsOfHolder(c.tenantId, c.id);
        return;
      }
      case 'signing-key': {
        const key = await this.rows.signingKey(c.id);
        if (key) this.cache.putSigningKey(key);
        return;
      }
    }
  }

  /** The same effects as the database reads below, from the rows the message carries. */
  private applyPayload(tenantId: string, id: string, op: AccessChange['op'], p: AccessPayload): void {
    switch (p.kind) {
      case 'tenant':
        return this.cache.putTenant(p.tenant && { id: p.tenant.id, plan: p.tenant.plan as Plan, timezone: p.tenant.timezone, offlineWindowMinutes: p.tenant.offlineWindowMinutes }, id);
      case 'zone':
        if (p.zone) return this.cache.putZone(p.zone);
        this.cache.removeZone(tenantId, id);
        return this.cache.removeGrantsOfZone(tenantId, id);
      case 'grant':
        if (!p.grant) return this.cache.removeGrant(tenantId, id);
        if (p.user) this.cache.putUser(tenantId, p.user.id, userRow(p.user));
        return this.cache.putGrant(grantRow(p.grant));
      case 'visitor-pass':
        this.cache.putPass(tenantId, id, p.pass && { ...p.pass, expiresAt: new Date(p.pass.expiresAt), revokedAt: p.pass.revokedAt ? new Date(p.pass.revokedAt) : null });
        this.cache.removeGrantsOfHolder(tenantId, id);
        for (const g of p.grants) this.cache.putGrant(grantRow(g));
        return;
      case 'reader-key':
        return this.cache.putReaderKey(tenantId, id, p.readerKey);
      case 'user':
        this.cache.putUser(tenantId, id, p.user && userRow(p.user));
        if (op === 'delete') this.cache.removeGrantsOfHolder(tenantId, id);
        return;
      case 'signing-key':
        if (p.signingKey) this.cache.putSigningKey({ ...p.signingKey, retiredAt: p.signingKey.retiredAt ? new Date(p.signingKey.retiredAt) : null });
        return;
    }
  }

  private reloadTenant(tenantId: string): Promise<void> {
    return (async () => {
      const snapshot = await this.snapshots.load(tenantId);
      await this.cache.replaceTenant(tenantId, snapshot, this.clock.now().getTime());
      this.ackTenant(tenantId);
      this.logger.info({ tenantId }, 'access cache reloaded a tenant after a missed change');
    })();
  }

  /** Compares every tenant's version with the database; reloads the ones that moved. */
  async reconcile(): Promise<void> {
    // A full load under way brings every tenant, and would put back its own rows over a tenant
    // reloaded meanwhile: the next tick compares against what it loaded. Asked again once the
    // versions are read, since one may have started while they were.
    if (this.full) return;
    try {
      const versions = await this.rows.versions();
      if (this.full) return;
      const stale = [...versions].filter(([tenantId, v]) => (this.cache.versions.get(tenantId) ?? 0) !== v).map(([tenantId]) => tenantId);
      const applied = await Promise.all(stale.map((tenantId) => this.enqueue(tenantId, () => this.reloadTenant(tenantId))));
      if (applied.every(Boolean)) {
        this.cache.syncedAt = this.clock.now().getTime();
        if (this.source === 'snapshot') this.logger.info('access cache caught up with the database');
        this.source = 'database';
      }
    } catch (err) {
      this.logger.warn({ err }, 'access cache reconcile failed; serving from the cache');
    }
  }
}

function grantRow(g: WireGrant): ReadModelGrant {
  return { ...g, expiresAt: g.expiresAt ? new Date(g.expiresAt) : null };
}

function userRow(u: WireUser): ReadModelUser {
  return { id: u.id, tenantId: u.tenantId, fullName: u.fullName };
}
