import { ACCESS_CHANGES_CHANNEL, ACCESS_CHANGES_PER_MESSAGE, encodeAccessChanges, type AccessChange, type AccessEntityKind } from '@wfm/access/change-feed';
import { nextAccessVersion, reserveAccessVersions } from '@wfm/db/access-feed.repository';
import type { Tx } from '@wfm/db/transaction';
import type { Bus } from '@wfm/memory/bus';
import type { Logger } from '@wfm/core/logger';
import type { HeldTransaction, HeldTransactions } from '@wfm/db/held-transaction';
import { AccessPayloadsRepository } from './access-payloads.repository.js';
import { PROPAGATION_HEADER, PropagationMetrics, type Propagation } from './propagation.js';

const DEADLINE = Symbol('deadline');

/**
 * Everything a daemon's cache must see goes through here: `record` inside the change's transaction
 * (it takes the next per-tenant version and reads the rows the message will carry), `publish` after
 * the commit, which waits until every live daemon has acknowledged the change, bounded by
 * `timeoutMs`. A lost publish or a late daemon is not an error: the answer says `partial`, and the
 * daemons heal through the version gap, a reload, or their reconcile timer.
 */
export class AccessFeed {
  private readonly payloads = new AccessPayloadsRepository();
  /** Changes of a held request (Idempotency-Key), published once it commits, and how far they then reached. */
  private readonly deferred = new WeakMap<HeldTransaction, { changes: AccessChange[]; propagation?: Propagation }>();

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly opts: { timeoutMs: number; metrics?: PropagationMetrics; held?: HeldTransactions } = { timeoutMs: 250 },
  ) {}

  async record(tx: Tx, tenantId: string, kind: AccessEntityKind, id: string, op: AccessChange['op'] = 'upsert'): Promise<AccessChange> {
    const payload = (await this.payloads.load(tx, kind, [id], op)).get(id);
    return { tenantId, version: await nextAccessVersion(tx, tenantId), kind, id, op, ...(payload ? { payload } : {}) };
  }

  /** One change per id, with consecutive versions taken in a single statement (bulk grants, cascades). */
  async recordMany(tx: Tx, tenantId: string, kind: AccessEntityKind, ids: readonly string[], op: AccessChange['op'] = 'upsert'): Promise<AccessChange[]> {
    if (ids.length === 0) return [];
    const payloads = await this.payloads.load(tx, kind, ids, op);
    const last = await reserveAccessVersions(tx, tenantId, ids.length);
    return ids.map((id, i) => {
      const payload = payloads.get(id);
      return { tenantId, version: last - ids.length + 1 + i, kind, id, op, ...(payload ? { payload } : {}) };
    });
  }

  /**
   * Publishes, then waits for the live daemons' acknowledgements; never longer than the timeout in
   * all. Inside a held request transaction nothing is committed yet: the changes are published
   * after its commit (`headersAfterCommit` then tells the answer how far they reached), and the
   * value returned here stands in until then.
   */
  async publish(changes: AccessChange | AccessChange[]): Promise<Propagation> {
    const list = Array.isArray(changes) ? changes : [changes];
    if (list.length === 0) return 'complete';
    const held = this.opts.held?.current();
    if (held) {
      this.publishAfterCommit(held, list);
      return 'complete';
    }
    return this.publishNow(list);
  }

  /** The propagation header for the answer of a held request whose changes were published after its commit. */
  headersAfterCommit(held: HeldTransaction): Record<string, string> {
    const propagation = this.deferred.get(held)?.propagation;
    return propagation ? { [PROPAGATION_HEADER]: propagation } : {};
  }

  private publishAfterCommit(held: HeldTransaction, list: AccessChange[]): void {
    let pending = this.deferred.get(held);
    if (!pending) {
      const created: { changes: AccessChange[]; propagation?: Propagation } = { changes: [] };
      this.deferred.set(held, created);
      held.later(async () => {
        created.propagation = await this.publishNow(created.changes);
      });
      pending = created;
    }
    pending.changes.push(...list);
  }

  private async publishNow(list: AccessChange[]): Promise<Propagation> {
    const propagation = await this.propagate(list);
    this.opts.metrics?.observe(propagation);
    return propagation;
  }

  private async propagate(list: AccessChange[]): Promise<Propagation> {
    const registry = this.bus.daemons;
    const started = Date.now();
    const remaining = () => Math.max(0, this.opts.timeoutMs - (Date.now() - started));
    // A stalled Redis must not hold the answer: the subscription and the publishes race the same deadline.
    const watching = await beforeDeadline(registry.watch(), remaining());
    if (watching === DEADLINE) return this.unconfirmed(list, 'the daemon registry did not answer');
    // The daemons live before the publish: one that joins later loads after the commit, so it has the change.
    const daemons = registry.live();
    const at = Date.now();
    const batches: AccessChange[][] = [];
    for (let i = 0; i < list.length; i += ACCESS_CHANGES_PER_MESSAGE) batches.push(list.slice(i, i + ACCESS_CHANGES_PER_MESSAGE).map((c) => ({ ...c, at })));
    // Issued in order on one connection, so they arrive in version order.
    const publishes = batches.map((batch) =>
      this.bus.publish(ACCESS_CHANGES_CHANNEL, encodeAccessChanges(batch)).then(
        () => true,
        (err: unknown) => {
          this.logger.warn({ err, tenantId: batch[0]!.tenantId, version: batch[0]!.version, count: batch.length }, 'access changes not published; daemons will reconcile');
          return false;
        },
      ),
    );
    const sent = await beforeDeadline(Promise.all(publishes), remaining());
    if (daemons.length === 0) return 'complete';
    if (sent === DEADLINE || !sent.every(Boolean)) return this.unconfirmed(list, 'the change was not published in time');
    const targets = new Map<string, number>();
    for (const c of list) targets.set(c.tenantId, Math.max(targets.get(c.tenantId) ?? 0, c.version));
    const lags = await registry.waitFor(daemons, targets, remaining());
    for (const lag of lags) {
      this.logger.warn(
        { daemonId: lag.daemonId, tenantId: lag.tenantId, version: lag.version, acked: lag.acked, behind: lag.version - lag.acked },
        'access daemon did not acknowledge a change in time',
      );
    }
    return lags.length ? 'partial' : 'complete';
  }

  private unconfirmed(list: AccessChange[], why: string): Propagation {
    const last = list[list.length - 1]!;
    this.logger.warn({ tenantId: last.tenantId, version: last.version, timeoutMs: this.opts.timeoutMs }, `access change propagation not confirmed: ${why}`);
    return 'partial';
  }
}

/** The work's result, or DEADLINE when it fails or outlasts `ms` (the work itself is left to finish). */
async function beforeDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof DEADLINE> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof DEADLINE>((resolve) => {
    timer = setTimeout(() => resolve(DEADLINE), ms);
  });
  try {
    return await Promise.race([work.catch((): typeof DEADLINE => DEADLINE), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
