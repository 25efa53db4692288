import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import { planIncludes } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { EnvelopeEventCode, EnvelopePayload } from '@wfm/events/catalog';
import type { ActiveSubscription, NewDelivery, WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import { serializeEnvelope } from '@wfm/webhooks/envelope';

export interface DispatcherDeps {
  repository: WebhookDeliveriesRepository;
  transaction: TransactionRunner;
  clock: Clock;
  logger: Logger;
  /** Called after a batch created deliveries, so attempt 1 follows in the same wake-up. */
  onDeliveries: () => void;
  batchSize?: number;
  perTenant?: number;
}

/**
 * Turns outbox events into deliveries (spec 03, Delivery). An event goes to the active
 * subscriptions of a GROWTH or ENTERPRISE tenant that list its code at the moment of dispatch;
 * an inactive subscription gets nothing, and the event is lost for it. Claiming the events,
 * creating the deliveries and marking the events dispatched is one transaction: a crash at any
 * point leaves the events to be dispatched again, and the unique (subscription, event) key makes
 * that harmless.
 */
export class Dispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private after: string | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: DispatcherDeps) {}

  /** Coalesces: a wake-up during a run makes the run go round once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves when no dispatch is running. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const { events, full } = await this.dispatchBatch();
        if (full) this.again = true;
        if (events > 0) this.deps.logger.debug({ events }, 'events dispatched');
      } catch (err) {
        this.deps.logger.error({ err }, 'webhook dispatch failed; retrying in 1 s');
        if (!this.stopped && !this.retryTimer) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            this.wake();
          }, 1000);
        }
        return;
      }
    } while (this.again && !this.stopped);
  }

  async dispatchBatch(): Promise<{ events: number; deliveries: number; full: boolean }> {
    const limit = this.deps.batchSize ?? 500;
    const perTenant = this.deps.perTenant ?? Math.ceil(limit / 4);
    const result = await this.deps.transaction(async (tx) => {
      const events = await this.deps.repository.claimEvents(tx, { after: this.after, limit, perTenant });
      if (events.length === 0) return { events: 0, deliveries: 0, full: false };
      const tenantIds = [...new Set(events.map((e) => e.tenantId))];
      const plans = await this.deps.repository.tenantPlans(tx, tenantIds);
      const entitled = tenantIds.filter((t) => {
        const plan = plans.get(t);
        return plan !== undefined && planIncludes(plan, 'webhooks');
      });
      const codes = [...new Set(events.map((e) => e.type))];
      const subscriptions = entitled.length ? await this.deps.repository.activeSubscriptions(tx, entitled, codes) : [];
      const now = this.deps.clock.now();
      const byTenant = new Map<string, ActiveSubscription[]>();
      for (const s of subscriptions) byTenant.set(s.tenantId, [...(byTenant.get(s.tenantId) ?? []), s]);
      const rows: NewDelivery[] = [];
      for (const event of events) {
        const targets = (byTenant.get(event.tenantId) ?? []).filter((s) => s.events.includes(event.type));
        if (targets.length === 0) continue;
        const body = serializeEnvelope({
          event: event.type as EnvelopeEventCode,
          tenantId: event.tenantId,
          occurredAt: event.occurredAt,
          payload: event.payload as EnvelopePayload<EnvelopeEventCode>,
        });
        for (const s of targets) {
          rows.push({
            id: uuid(),
            tenantId: event.tenantId,
            webhookId: s.id,
            eventId: event.id,
            eventType: event.type,
            payload: event.payload,
            body,
            occurredAt: event.occurredAt,
            traceparent: event.traceparent,
            tracestate: event.tracestate,
            fifo: s.ordering === 'fifo',
          });
        }
      }
      const deliveries = await this.deps.repository.insertDeliveries(tx, rows, now);
      await this.deps.repository.markDispatched(tx, events.map((e) => e.id), now);
      this.after = events[events.length - 1]!.tenantId;
      const perTenantCount = new Map<string, number>();
      for (const e of events) perTenantCount.set(e.tenantId, (perTenantCount.get(e.tenantId) ?? 0) + 1);
      // A tenant that filled its share may have more waiting, even when the batch is not full.
      const full = events.length === limit || [...perTenantCount.values()].some((n) => n >= perTenant);
      return { events: events.length, deliveries, full };
    });
    if (result.deliveries > 0) this.deps.onDeliveries();
    return result;
  }
}
