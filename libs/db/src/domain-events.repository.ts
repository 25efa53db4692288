import type { EntityManager } from 'typeorm';
import type { EventCode, EventPayloads } from '@wfm/events/catalog';
import { uuid } from '@wfm/core/crypto';
import { DomainEventEntity } from './entities/domain-event.entity.js';

export interface RecordedEvent {
  id: string;
  tenantId: string;
  type: EventCode;
  occurredAt: Date;
}

/**
 * The outbox seam: services call this with the transaction's manager, so an event exists exactly
 * when the change it describes was committed.
 */
export async function recordEvent<C extends EventCode>(
  tx: EntityManager,
  tenantId: string,
  code: C,
  payload: EventPayloads[C],
  occurredAt: Date = new Date(),
): Promise<RecordedEvent> {
  const id = uuid();
  await tx.insert(DomainEventEntity, {
    id,
    tenantId,
    type: code,
    payload: payload as never,
    occurredAt,
    dispatchedAt: null,
  });
  return { id, tenantId, type: code, occurredAt };
}
