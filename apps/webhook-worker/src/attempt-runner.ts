import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import { attemptLeaseMs } from '@wfm/webhooks/attempt';
import type { ClaimedDelivery, WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import type { DeliveryAttempter } from '@wfm/webhooks/delivery-attempt';
import type { WebhookSettings } from '@wfm/webhooks/settings';
import type { SuccessRecorder } from './success-recorder.js';
import type { WorkerMetrics } from './metrics.js';

export interface AttemptRunnerDeps {
  repository: WebhookDeliveriesRepository;
  attempter: DeliveryAttempter;
  successes: SuccessRecorder;
  settings: Pick<WebhookSettings, 'maxInFlight' | 'maxInFlightPerTenant' | 'timeoutMs'>;
  clock: Clock;
  logger: Logger;
  owner: string;
  metrics: Pick<WorkerMetrics, 'observeAttempt'>;
}

/**
 * Claims due deliveries and runs their attempts, at most `maxInFlight` at once and at most
 * `maxInFlightPerTenant` for one tenant, so a tenant with a burst of thousands (or a receiver
 * that hangs until the timeout) always leaves free slots for everyone else. Claims go round-robin
 * across tenants. A claim is a lease in the database: if this process dies, the lease runs out and
 * another worker (or this one, restarted) attempts the delivery again — at least once, never lost.
 */
export class AttemptRunner {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perTenant = new Map<string, number>();
  /** Tenants the last claims held back at their cap: when one of their attempts ends, claim again. */
  private readonly capped = new Set<string>();
  private claiming: Promise<void> | null = null;
  private pending = false;
  private stopped = false;
  private after: string | null = null;
  private sweepCutoff: Date;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: AttemptRunnerDeps) {
    // Until the first sweep, retries that fell due while no worker ran wait for it.
    this.sweepCutoff = new Date(0);
  }

  /** Attempts under way now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get busy(): boolean {
    return this.claiming !== null || this.inFlight.size > 0;
  }

  /** New deliveries were created or leases may have run out: look for due work now. */
  kick(): void {
    this.pending = true;
    if (this.stopped || this.claiming) return;
    this.claiming = this.claimLoop().finally(() => {
      this.claiming = null;
      if (this.pending && !this.stopped && this.freeSlots() > 0) this.kick();
    });
  }

  /** Spec 03: a retry starts on the first sweep after it falls due. */
  sweep(at: Date): void {
    this.sweepCutoff = at;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** Resolves when no claim is running and no attempt is in flight. */
  async settled(): Promise<void> {
    for (;;) {
      if (this.claiming) await this.claiming;
      else if (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
      else return;
    }
  }

  get inFlightIds(): string[] {
    return [...this.inFlight.keys()];
  }

  /** Waits for attempts in flight, at most `ms`; true when all finished. */
  async drain(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const done = this.settled().then(() => true);
    const result = await Promise.race([done, timeout]);
    clearTimeout(timer);
    return result;
  }

  private freeSlots(): number {
    return this.deps.settings.maxInFlight - this.inFlight.size;
  }

  private async claimLoop(): Promise<void> {
    while (this.pending && !this.stopped) {
      const free = this.freeSlots();
      if (free <= 0) return;
      this.pending = false;
      const now = this.deps.clock.now();
      const before = new Map(this.perTenant);
      let claimed: ClaimedDelivery[];
      try {
        claimed = await this.deps.repository.claimDue({
          owner: this.deps.owner,
          now,
          sweepCutoff: this.sweepCutoff,
          leaseUntil: new Date(now.getTime() + attemptLeaseMs(this.deps.settings.timeoutMs)),
          limit: free,
          perTenantCap: this.deps.settings.maxInFlightPerTenant,
          inFlight: before,
          after: this.after,
        });
      } catch (err) {
        this.deps.logger.error({ err }, 'claiming webhook deliveries failed; retrying in 1 s');
        this.retryLater();
        return;
      }
      this.noteCaps(before, claimed);
      if (claimed.length === 0) continue;
      this.after = this.lastInRotation(claimed.map((c) => c.tenantId));
      for (const delivery of claimed) this.start(delivery);
      // A full claim suggests more is due.
      if (claimed.length === free) this.pending = true;
    }
  }

  /** Which tenants may have more due work than the claim gave them because of their cap. */
  private noteCaps(before: ReadonlyMap<string, number>, claimed: ClaimedDelivery[]): void {
    const cap = this.deps.settings.maxInFlightPerTenant;
    const got = new Map<string, number>();
    for (const c of claimed) got.set(c.tenantId, (got.get(c.tenantId) ?? 0) + 1);
    for (const [tenant, n] of before) if (n >= cap) this.capped.add(tenant);
    for (const [tenant, n] of got) {
      if (n >= cap - (before.get(tenant) ?? 0)) this.capped.add(tenant);
      else this.capped.delete(tenant);
    }
    for (const [tenant, n] of before) if (n < cap && !got.has(tenant)) this.capped.delete(tenant);
  }

  private retryLater(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, 1000);
  }

  /** The tenant the rotation reached: the claimed one that sorts last after the current cursor. */
  private lastInRotation(tenants: string[]): string {
    const after = this.after;
    const key = (t: string) => (after !== null && t <= after ? `1${t}` : `0${t}`);
    return tenants.reduce((last, t) => (key(t) > key(last) ? t : last));
  }

  private async attempt(delivery: ClaimedDelivery): Promise<boolean> {
    const started = performance.now();
    const outcome = await this.deps.attempter.outcomeOf(delivery, 'child');
    const seconds = (performance.now() - started) / 1000;
    if (outcome.ok) {
      this.deps.metrics.observeAttempt('success', seconds, false);
      return this.deps.successes.record({ deliveryId: delivery.id, at: this.deps.clock.now(), responseStatus: outcome.lastResponseStatus });
    }
    const recorded = await this.deps.attempter.record(delivery.id, this.deps.owner, true, outcome);
    this.deps.metrics.observeAttempt('failure', seconds, recorded?.status === 'DEAD');
    return recorded !== null;
  }

  private start(delivery: ClaimedDelivery): void {
    this.perTenant.set(delivery.tenantId, (this.perTenant.get(delivery.tenantId) ?? 0) + 1);
    const run = this.attempt(delivery)
      .then((recorded) => {
        if (!recorded) this.deps.logger.warn({ deliveryId: delivery.id }, 'outcome not recorded: another worker took the delivery over, or it was deleted with its subscription');
      })
      .catch((err: unknown) => {
        this.deps.logger.error({ err, deliveryId: delivery.id }, 'webhook attempt failed to record; the lease will expire and it will be retried');
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        const left = (this.perTenant.get(delivery.tenantId) ?? 1) - 1;
        if (left > 0) this.perTenant.set(delivery.tenantId, left);
        else this.perTenant.delete(delivery.tenantId);
        // The end of a FIFO attempt may be what the next delivery of its subscription waits for.
        if (this.capped.has(delivery.tenantId) || delivery.fifo) this.pending = true;
        if (this.pending) this.kick();
      });
    this.inFlight.set(delivery.id, run);
  }
}
