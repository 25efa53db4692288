import type { EventCode, EventPayloads } from '@wfm/events/catalog';
import { uuid } from '@wfm/core/crypto';
import type { DomainEventEntity } from './entities/domain-event.entity.js';
import { exec, type Row } from './sql.js';
import type { Tx } from './transaction.js';

export type RecordedEvent = Row<DomainEventEntity, 'id' | 'tenantId' | 'occurredAt'> & { type: EventCode };

/**
 * The outbox seam: services call this with the transaction's manager, so an event exists exactly
 * when the change it describes was committed.
 */
export async function recordEvent<C extends EventCode>(
  tx: Tx,
  tenantId: string,
  code: C,
  payload: EventPayloads[C],
  occurredAt: Date = new Date(),
): Promise<RecordedEvent> {
  const id = uuid();
  await exec(
    tx,
    `INSERT INTO domain_events (id, tenant_id, type, payload, occurred_at, dispatched_at) VALUES ($1, $2, $3, $4::jsonb, $5, NULL)`,
    [id, tenantId, code, JSON.stringify(payload), occurredAt],
  );
  return { id, tenantId, type: code, occurredAt };
}
