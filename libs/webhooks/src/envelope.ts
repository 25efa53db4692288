import type { EnvelopeEventCode, EnvelopePayload, WebhookEnvelope } from '@wfm/events/catalog';

export interface EnvelopeInput<C extends EnvelopeEventCode> {
  event: C;
  tenantId: string;
  occurredAt: Date | string;
  payload: EnvelopePayload<C>;
}

/**
 * The delivery body, serialised once (spec 03, Envelope): it is stored with the delivery and every
 * attempt sends these bytes, so the signature and `occurredAt` never change between attempts.
 */
export function serializeEnvelope<C extends EnvelopeEventCode>(input: EnvelopeInput<C>): string {
  const envelope: WebhookEnvelope<C> = {
    event: input.event,
    tenantId: input.tenantId,
    occurredAt: typeof input.occurredAt === 'string' ? new Date(input.occurredAt).toISOString() : input.occurredAt.toISOString(),
    payload: input.payload,
  };
  return JSON.stringify(envelope);
}
