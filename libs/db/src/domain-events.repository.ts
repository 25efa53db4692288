import type { EventCode, EventPayloads } from '@wfm/events/catalog';
import { uuid } from '@wfm/core/crypto';
import { currentTraceCarrier } from '@wfm/core/tracing';
import type { DomainEventEntity } from './entities/domain-event.entity.js';
import { exec, type Row } from './sql.js';
import type { Tx } from './transaction.js';

export type RecordedEvent = Row<DomainEventEntity, 'id' | 'tenantId' | 'occurredAt'> & { type: EventCode };

/**
 * The outbox seam: services call this with the transaction's manager, so an event exists exactly
 * when the change it describes was committed. The event keeps the trace context of the span that
 * wrote it, so the webhook worker's attempts continue that trace.
 */
export async function recordEvent<C extends EventCode>(
  tx: Tx,
  tenantId: string,
  code: C,
  payload: EventPayloads[C],
  occurredAt: Date = new Date(),
): Promise<RecordedEvent> {
  const id = uuid();
  const trace = currentTraceCarrier();
  await exec(
    tx,
    `INSERT INTO domain_events (id, tenant_id, type, payload, occurred_at, dispatched_at, traceparent, tracestate) VALUES ($1, $2, $3, $4::jsonb, $5, NULL, $6, $7)`,
    [id, tenantId, code, JSON.stringify(payload), occurredAt, trace?.traceparent ?? null, trace?.tracestate ?? null],
  );
  return { id, tenantId, type: code, occurredAt };
}
