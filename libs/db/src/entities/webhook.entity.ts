import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'DEAD';

@Entity({ name: 'webhook_subscriptions' })
export class WebhookSubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) url!: string;
  @Column({ type: 'text', array: true }) events!: string[];
  @Column({ name: 'secret_sealed', type: 'text', select: false }) secretSealed!: string;
  /** The last characters of the secret, for the masked form shown in lists. */
  @Column({ name: 'secret_hint', type: 'text' }) secretHint!: string;
  @Column({ type: 'boolean', default: true }) active!: boolean;
  @Column({ name: 'failure_count', type: 'integer', default: 0 }) failureCount!: number;
  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true }) lastSuccessAt!: Date | null;
  @Column({ name: 'last_failure_at', type: 'timestamptz', nullable: true }) lastFailureAt!: Date | null;
  @Column({ name: 'last_failure_reason', type: 'text', nullable: true }) lastFailureReason!: string | null;
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true }) createdByUserId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'webhook_id', type: 'uuid' }) webhookId!: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId!: string;
  @Column({ name: 'event_type', type: 'text' }) eventType!: string;
  @Column({ type: 'jsonb' }) payload!: Record<string, unknown>;
  @Column({ type: 'text' }) body!: string;
  @Column({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
  @Column({ type: 'text', default: 'PENDING' }) status!: DeliveryStatus;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ name: 'max_attempts', type: 'integer', default: 6 }) maxAttempts!: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz' }) nextAttemptAt!: Date;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError!: string | null;
  @Column({ name: 'last_response_status', type: 'integer', nullable: true }) lastResponseStatus!: number | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt!: Date | null;
  @Column({ name: 'lease_owner', type: 'text', nullable: true }) leaseOwner!: string | null;
  @Column({ name: 'lease_expires_at', type: 'timestamptz', nullable: true }) leaseExpiresAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
