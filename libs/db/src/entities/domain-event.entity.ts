import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

/** Transactional outbox: written in the same transaction as the change it describes. */
@Index('domain_events_pending_idx', ['occurredAt'], { where: '(dispatched_at IS NULL)' })
@Index('domain_events_tenant_idx', ['tenantId', 'occurredAt'])
@Index('domain_events_undispatched_tenant_idx', ['tenantId', 'occurredAt'], { where: '(dispatched_at IS NULL)' })
@Entity({ name: 'domain_events' })
export class DomainEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'domain_events_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt!: Date | null;

  /** W3C trace context of the span that wrote the row (issue 32); null when tracing was off or not sampled. */
  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  @Column({ type: 'text', nullable: true })
  tracestate!: string | null;
}
