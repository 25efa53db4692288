import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { NotificationChannel, NotificationChannelName, NotificationEvent } from '../notification-channel.js';
import type { CentreRepository, ClaimedDelivery, NotificationRow } from './centre.repository.js';
import { outletOf, toNotificationLanguage, word, type EventParams } from './notification-templates.js';
import { matrixOf } from './preferences.js';

/** One event told to some people, each with what it says to them. */
export interface NotificationRequest<E extends NotificationEvent> {
  tenantId: string;
  event: E;
  /** Who caused it (null: a job or an integration): never told of their own doing. */
  actorUserId: string | null;
  to: ReadonlyArray<{ userId: string; params: EventParams[E] }>;
}

/** What the services that make things happen tell people through. */
export interface Notifier {
  /**
   * Records the notifications in `tx` (they exist exactly when the change does); their delivery by
   * the other channels starts once that transaction has committed. `tx` must come from a runner
   * made by `transactions`.
   */
  notify<E extends NotificationEvent>(tx: Tx, request: NotificationRequest<E>): Promise<void>;
  /** `run`, remembering what its transactions notified so delivery starts after their commit. */
  transactions(run: TransactionRunner): TransactionRunner;
}

/** Attempts per delivery, and the wait after each failed one (then FAILED). */
export const MAX_ATTEMPTS = 5;
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** How long one attempt may hold a delivery before a sweep takes it again (a process that died mid-attempt). */
export const LEASE_MS = 10 * 60_000;
const SWEEP_BATCH = 100;
const ERROR_MAX = 500;

/**
 * The notification centre's dispatcher. A notification is a row per person (the in-app channel),
 * worded in their language, plus a delivery row for each other channel the person keeps on and
 * this API has. Delivery runs after the triggering transaction commits, off the request path;
 * each channel is attempted on its own, so one that throws neither sinks the others nor the
 * request: it is retried with growing waits by the `notification-deliveries` job, then FAILED.
 * A channel that answers `delivered: false` (no address, the provider refused) is UNDELIVERED and
 * not retried.
 */
export class NotificationCentre implements Notifier {
  private readonly channels: Map<NotificationChannelName, NotificationChannel>;
  private readonly notified = new AsyncLocalStorage<string[]>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: CentreRepository,
    channels: readonly NotificationChannel[],
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Where a request holds its transaction (Idempotency-Key), delivery waits for that commit too. */
    private readonly afterCommit: (task: () => Promise<void>) => Promise<void> = (task) => task(),
  ) {
    this.channels = new Map(channels.filter((c) => c.name !== 'in_app').map((c) => [c.name, c]));
  }

  transactions(run: TransactionRunner): TransactionRunner {
    return async (work) => {
      const deliveries: string[] = [];
      const result = await this.notified.run(deliveries, () => run(work));
      if (deliveries.length > 0) await this.afterCommit(async () => this.start(deliveries));
      return result;
    };
  }

  async notify<E extends NotificationEvent>(tx: Tx, request: NotificationRequest<E>): Promise<void> {
    const pending = this.notified.getStore();
    if (!pending) throw new Error('notify() called outside a transaction of NotificationCentre.transactions()');
    const to = request.to.filter((t) => t.userId !== request.actorUserId);
    if (to.length === 0) return;
    const { tenantId, event } = request;
    const userIds = [...new Set(to.map((t) => t.userId))];
    const recipients = new Map((await this.repo.recipients(tx, tenantId, userIds)).map((r) => [r.userId, r]));
    const outletIds = [...new Set(to.map((t) => outletOf(t.params)).filter((o): o is string => o !== null))];
    const places = outletIds.length > 0 ? await this.repo.places(tx, tenantId, outletIds) : new Map();
    const chosen = await this.repo.preferences(tx, tenantId, userIds);
    const zone = await this.repo.tenantZone(tx, tenantId);
    const now = this.clock.now();
    const rows: NotificationRow[] = [];
    const deliveries: Array<{ id: string; tenantId: string; notificationId: string; channel: NotificationChannelName }> = [];
    for (const { userId, params } of to) {
      const person = recipients.get(userId);
      if (!person) continue;
      const outletId = outletOf(params);
      const worded = word(event, params, outletId ? (places.get(outletId) ?? null) : null, zone, toNotificationLanguage(person.language));
      const id = uuid();
      rows.push({ id, tenantId, userId, event, ...worded, createdAt: now, readAt: null });
      const wants = matrixOf(person.email !== null, chosen.filter((c) => c.userId === userId))[event];
      for (const channel of this.channels.keys()) if (wants[channel]) deliveries.push({ id: uuid(), tenantId, notificationId: id, channel });
    }
    if (rows.length === 0) return;
    await this.repo.insertNotifications(tx, rows);
    if (deliveries.length === 0) return;
    await this.repo.insertDeliveries(tx, deliveries, now);
    pending.push(...deliveries.map((d) => d.id));
  }

  /** The job: deliveries due (retries, and any whose first attempt never ran), a batch at a time. */
  async deliverDue(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await this.attempt(null);
      done += batch;
      if (batch < SWEEP_BATCH) return done;
    }
  }

  /** Resolves once every delivery started after a commit so far has been attempted (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async start(ids: string[]): Promise<void> {
    const run = this.attempt(ids)
      .then(() => undefined)
      .catch((err: unknown) => this.logger.error({ err }, 'notification deliveries could not be started; the job will retry them'))
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async attempt(ids: readonly string[] | null): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.repo.claim(now, new Date(now.getTime() + LEASE_MS), ids ? ids.length : SWEEP_BATCH, ids);
    await Promise.all(claimed.map((d) => this.deliverOne(d)));
    return claimed.length;
  }

  private async deliverOne(d: ClaimedDelivery): Promise<void> {
    const meta = { tenantId: d.tenantId, notificationId: d.notificationId, deliveryId: d.id, channel: d.channel, event: d.event };
    const channel = this.channels.get(d.channel);
    try {
      if (!channel || !d.active) {
        await this.repo.settle(d.id, 'UNDELIVERED', channel ? 'The person is no longer active' : 'The channel is not configured', null, this.clock.now());
        return;
      }
      const recipient = { tenantId: d.tenantId, userId: d.userId, email: d.email, mobile: d.mobile, language: toNotificationLanguage(d.language) };
      let outcome: { delivered: boolean };
      try {
        outcome = await channel.deliver(recipient, { id: d.notificationId, event: d.event, title: d.title, body: d.body, path: d.path });
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX) || 'delivery failed';
        const last = d.attempts >= MAX_ATTEMPTS;
        this.logger.warn({ ...meta, attempts: d.attempts, reason }, last ? 'notification delivery failed; giving up' : 'notification delivery failed; will retry');
        const now = this.clock.now();
        await this.repo.settle(d.id, last ? 'FAILED' : 'PENDING', reason, last ? null : new Date(now.getTime() + RETRY_AFTER_MS[d.attempts - 1]!), now);
        return;
      }
      await this.repo.settle(d.id, outcome.delivered ? 'DELIVERED' : 'UNDELIVERED', null, null, this.clock.now());
    } catch (err) {
      // The outcome could not be written: the lease runs out and the job attempts it again.
      this.logger.error({ ...meta, err }, 'notification delivery outcome not recorded');
    }
  }
}
