import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { activeContext, contextFromCarrier, currentTraceCarrier, inSpan, linksTo, SpanKind, type Span } from '@wfm/core/tracing';
import type { Encryptor } from '@wfm/core/encryption';
import type { DeliveryToAttempt, RecordedAttempt, WebhookDeliveriesRepository } from './deliveries.repository.js';
import { AUTO_DISABLE_AFTER, classifyResponse, jitterFactor, refusedOutcome, resolveTimeoutMs, type AttemptOutcome } from './attempt.js';
import { checkEgress, type Resolver } from './egress.js';
import type { SendResult, WebhookSender } from './sender.js';
import type { WebhookSettings } from './settings.js';
import { signedHeaders } from './signing.js';

export interface AttemptDeps {
  repository: WebhookDeliveriesRepository;
  sender: WebhookSender;
  encryptor: Encryptor;
  settings: Pick<WebhookSettings, 'allowedTargets' | 'retryWaitsS' | 'timeoutMs' | 'sendTraceparent'>;
  clock: Clock;
  resolver?: Resolver;
}

export interface SignedSend {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: string | null;
}

export type ProbeResult = { refused: string } | { refused: null; result: SendResult; outcome: AttemptOutcome };

/**
 * How an attempt's span joins the trace of the request that wrote its event: as its child for the
 * worker (the attempt continues that request's work), or linked from the span that is active (a
 * redelivery belongs to the request that asked for it).
 */
export type TraceJoin = 'child' | 'link';

export function disableReason(lastError: string | null): string {
  return `Disabled after ${AUTO_DISABLE_AFTER} consecutive failed attempts; last: ${lastError ?? 'unknown error'}`;
}

/**
 * One attempt, the same way for the worker, redeliver and the test route (spec 03, rule 5): the
 * URL is checked right before sending, the request goes to the address that passed, and the
 * signature is made with the secret as it is now, so a rotation applies to the very next attempt.
 */
export class DeliveryAttempter {
  constructor(private readonly deps: AttemptDeps) {}

  /** Check, sign and send; no state is written. */
  async probe(send: SignedSend): Promise<ProbeResult> {
    const egress = await checkEgress(send.url, {
      allowedTargets: this.deps.settings.allowedTargets,
      resolver: this.deps.resolver,
      resolveTimeoutMs: resolveTimeoutMs(this.deps.settings.timeoutMs),
    });
    if (!egress.ok) return { refused: egress.reason };
    const trace = this.deps.settings.sendTraceparent ? currentTraceCarrier() : null;
    const headers = signedHeaders({
      secret: send.secret,
      body: send.body,
      event: send.event,
      deliveryId: send.deliveryId,
      messageId: `msg_${uuid()}`,
      at: this.deps.clock.now(),
    });
    if (trace) Object.assign(headers, trace);
    const result = await this.deps.sender.send({ url: send.url, body: send.body, headers, pinnedAddress: egress.address, family: egress.family });
    return { refused: null, result, outcome: classifyResponse(result) };
  }

  /**
   * Attempts a delivery and records the outcome. With `requireLease`, the outcome is dropped
   * (null) when this owner no longer holds the lease: another worker took the delivery over.
   */
  async attempt(delivery: DeliveryToAttempt, owner: string, requireLease: boolean): Promise<RecordedAttempt | null> {
    return this.record(delivery.id, owner, requireLease, await this.outcomeOf(delivery, 'link'));
  }

  record(deliveryId: string, owner: string, requireLease: boolean, outcome: AttemptOutcome): Promise<RecordedAttempt | null> {
    return this.deps.repository.recordAttempt({
      deliveryId,
      owner,
      requireLease,
      at: this.deps.clock.now(),
      ok: outcome.ok,
      lastError: outcome.lastError,
      lastResponseStatus: outcome.lastResponseStatus,
      retryWaitsS: this.deps.settings.retryWaitsS,
      jitter: jitterFactor(),
      autoDisableAfter: AUTO_DISABLE_AFTER,
      disableReason: disableReason(outcome.lastError),
    });
  }

  /** The attempt without recording it: unseal the secret, check, sign, send, classify; in a span of its own when tracing is on. */
  outcomeOf(delivery: DeliveryToAttempt, join: TraceJoin): Promise<AttemptOutcome> {
    const stored = delivery.traceparent ? contextFromCarrier(delivery) : null;
    const links = join === 'link' && stored ? linksTo(stored) : [];
    const attributes = {
      'webhook.subscription.id': delivery.webhookId,
      'webhook.delivery.id': delivery.id,
      'webhook.event.id': delivery.eventId,
      'webhook.event.type': delivery.eventType,
      'webhook.attempt': delivery.attempts + 1,
    };
    const parent = join === 'child' && stored ? stored : activeContext();
    return inSpan('webhook.attempt', attributes, async (span) => noteOutcome(span, await this.unsealAndSend(delivery)), { kind: SpanKind.CLIENT, parent, links });
  }

  private async unsealAndSend(delivery: DeliveryToAttempt): Promise<AttemptOutcome> {
    let secret: string;
    try {
      secret = this.deps.encryptor.decrypt(delivery.secretSealed);
    } catch (err) {
      return refusedOutcome(`Signing secret unreadable: ${(err as Error).message}`);
    }
    const probe = await this.probe({ url: delivery.url, secret, body: delivery.body, event: delivery.eventType, deliveryId: delivery.id });
    return probe.refused === null ? probe.outcome : refusedOutcome(probe.refused);
  }
}

function noteOutcome(span: Span | null, outcome: AttemptOutcome): AttemptOutcome {
  span?.setAttribute('webhook.outcome', outcome.ok ? 'success' : 'failure');
  if (outcome.lastResponseStatus > 0) span?.setAttribute('http.response.status_code', outcome.lastResponseStatus);
  return outcome;
}
