import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { PortalCapability } from '@wfm/core/principal';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'DEAD';
/** Issue 32: `fifo` holds each delivery until the one before it was delivered or died. */
export type WebhookOrdering = 'unordered' | 'fifo';

@Check('webhook_subscriptions_ordering_check', "(ordering = ANY (ARRAY['unordered'::text, 'fifo'::text]))")
@Index('webhook_subscriptions_events_idx', ['events'], { where: 'active', type: 'gin' })
@Index('webhook_subscriptions_tenant_idx', ['tenantId', 'createdAt'])
@Entity({ name: 'webhook_subscriptions' })
export class WebhookSubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'webhook_subscriptions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ name: 'secret_sealed', type: 'text', select: false })
  secretSealed!: string;

  /** The last characters of the secret, for the masked form shown in lists. */
  @Column({ name: 'secret_hint', type: 'text' })
  secretHint!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'failure_count', type: 'integer', default: 0 })
  failureCount!: number;

  @Column({ type: 'text', default: 'unordered' })
  ordering!: WebhookOrdering;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt!: Date | null;

  @Column({ name: 'last_failure_at', type: 'timestamptz', nullable: true })
  lastFailureAt!: Date | null;

  @Column({ name: 'last_failure_reason', type: 'text', nullable: true })
  lastFailureReason!: string | null;

  @ForeignKey(() => UserEntity, { name: 'webhook_subscriptions_created_by_user_id_fkey' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('webhook_deliveries_status_check', "(status = ANY (ARRAY['PENDING'::text, 'DELIVERED'::text, 'FAILED'::text, 'DEAD'::text]))")
@Index('webhook_deliveries_dead_idx', ['tenantId'], { where: "(status = 'DEAD'::text)" })
@Index('webhook_deliveries_due_idx', ['nextAttemptAt'], { where: "(status = ANY (ARRAY['PENDING'::text, 'FAILED'::text]))" })
@Index('webhook_deliveries_event_key', ['webhookId', 'eventId'], { unique: true })
@Index('webhook_deliveries_log_idx', ['webhookId', 'createdAt'])
@Index('webhook_deliveries_waiting_order_idx', ['webhookId', 'occurredAt', 'createdAt', 'id'], { where: "(status = ANY (ARRAY['PENDING'::text, 'FAILED'::text]))" })
@Index('webhook_deliveries_tenant_due_idx', ['tenantId', 'nextAttemptAt'], { where: "(status = ANY (ARRAY['PENDING'::text, 'FAILED'::text]))" })
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'webhook_deliveries_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => WebhookSubscriptionEntity, { name: 'webhook_deliveries_webhook_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'webhook_id', type: 'uuid' })
  webhookId!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'text', default: 'PENDING' })
  status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'max_attempts', type: 'integer', default: 6 })
  maxAttempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_response_status', type: 'integer', nullable: true })
  lastResponseStatus!: number | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  /** Its subscription's ordering when it was created: a FIFO delivery waits for the earlier ones. */
  @Column({ type: 'boolean', default: false })
  fifo!: boolean;

  @Column({ name: 'lease_owner', type: 'text', nullable: true })
  leaseOwner!: string | null;

  @Column({ name: 'lease_expires_at', type: 'timestamptz', nullable: true })
  leaseExpiresAt!: Date | null;

  /** The trace context of the event it was made of (issue 32); null when tracing was off or not sampled. */
  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  @Column({ type: 'text', nullable: true })
  tracestate!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Issue 32: a signed-in-less link to one subscription's portal; the token is kept as a keyed hash. */
@Unique('webhook_portal_links_token_hash_key', ['tokenHash'])
@Index('webhook_portal_links_webhook_idx', ['webhookId', 'createdAt'])
@Entity({ name: 'webhook_portal_links' })
export class WebhookPortalLinkEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'webhook_portal_links_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => WebhookSubscriptionEntity, { name: 'webhook_portal_links_webhook_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'webhook_id', type: 'uuid' })
  webhookId!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'token_hint', type: 'text' })
  tokenHint!: string;

  @Column({ type: 'text', array: true })
  capabilities!: PortalCapability[];

  /** Origins allowed to frame the portal page (CSP frame-ancestors); none: it cannot be framed. */
  @Column({ name: 'frame_origins', type: 'text', array: true })
  frameOrigins!: string[];

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'webhook_portal_links_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
