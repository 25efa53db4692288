import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { NotFoundError } from '@wfm/core/errors';
import type { DeliveryStatus } from '@wfm/db/entities/webhook.entity';
import { TEST_EVENT } from '@wfm/events/catalog';
import { AUTO_DISABLE_AFTER, attemptLeaseMs } from './attempt.js';
import type { WebhookDeliveriesRepository } from './deliveries.repository.js';
import { disableReason, type DeliveryAttempter } from './delivery-attempt.js';
import { EgressRefusedError } from './egress.js';
import { serializeEnvelope } from './envelope.js';

export interface RedeliverResult {
  id: string;
  /** True when the attempt failed and a retry is scheduled (status FAILED). */
  requeued: boolean;
  status: Exclude<DeliveryStatus, 'PENDING'>;
}

export interface TestSendResult {
  ok: boolean;
  status: number;
  bodyExcerpt: string;
}

export interface OperationsDeps {
  repository: WebhookDeliveriesRepository;
  attempter: DeliveryAttempter;
  encryptor: Encryptor;
  clock: Clock;
  timeoutMs: number;
}

export const TEST_MESSAGE = 'This is a test event. Deliveries of real events carry the same headers plus X-Service-Delivery.';

/** The management API's attempts (spec 03: test, redeliver), made the way the worker makes them. */
export class WebhookDeliveryOperations {
  constructor(private readonly deps: OperationsDeps) {}

  /**
   * One immediate attempt whatever the status. Attempts are not reset, so the state follows from
   * the new count: a failure below 6 schedules the next retry (FAILED), at 6 or more it is DEAD.
   * It counts toward auto-disable like any attempt and never switches a subscription back on.
   */
  async redeliver(tenantId: string, deliveryId: string): Promise<RedeliverResult> {
    const delivery = await this.deps.repository.findForAttempt(tenantId, deliveryId);
    if (!delivery) throw new NotFoundError('Delivery not found');
    const owner = `redeliver:${uuid()}`;
    const now = this.deps.clock.now();
    await this.deps.repository.takeLease(delivery.id, owner, now, new Date(now.getTime() + attemptLeaseMs(this.deps.timeoutMs)));
    const recorded = await this.deps.attempter.attempt(delivery, owner, false);
    // Gone meanwhile: the subscription was deleted with its log.
    if (!recorded) throw new NotFoundError('Delivery not found');
    const status = recorded.status as RedeliverResult['status'];
    return { id: delivery.id, requeued: status === 'FAILED', status };
  }

  /** Issue 32: DEAD deliveries of one subscription in a time range, back in the queue (see the repository). */
  requeueDead(r: { tenantId: string; webhookId: string; from: Date; to: Date; limit: number }): Promise<{ requeued: number; remaining: number }> {
    return this.deps.repository.requeueDead({ ...r, now: this.deps.clock.now() });
  }

  /**
   * Sends `webhook.test` now, whatever the subscription's events or state; not retried, not logged,
   * no X-Service-Delivery. An egress refusal is a 422 (nothing was sent, so it does not count); a
   * receiver failure is `ok: false` and counts toward auto-disable, a success resets the count.
   */
  async sendTest(subscription: { id: string; tenantId: string; url: string }, testedByUserId: string): Promise<TestSendResult> {
    const sealed = await this.deps.repository.sealedSecret(subscription.tenantId, subscription.id);
    if (sealed === null) throw new NotFoundError('Webhook not found');
    const body = serializeEnvelope({
      event: TEST_EVENT,
      tenantId: subscription.tenantId,
      occurredAt: this.deps.clock.now(),
      payload: { message: TEST_MESSAGE, testedBy: testedByUserId },
    });
    const probe = await this.deps.attempter.probe({
      url: subscription.url,
      secret: this.deps.encryptor.decrypt(sealed),
      body,
      event: TEST_EVENT,
      deliveryId: null,
    });
    if (probe.refused !== null) throw new EgressRefusedError(probe.refused);
    await this.deps.repository.recordSubscriptionOutcome({
      webhookId: subscription.id,
      tenantId: subscription.tenantId,
      at: this.deps.clock.now(),
      ok: probe.outcome.ok,
      lastError: probe.outcome.lastError,
      autoDisableAfter: AUTO_DISABLE_AFTER,
      disableReason: disableReason(probe.outcome.lastError),
    });
    return { ok: probe.outcome.ok, status: probe.result.status, bodyExcerpt: probe.result.error ?? probe.result.bodyExcerpt };
  }
}
