import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

const EVENT_CHECK =
  "(event = ANY (ARRAY['roster.published'::text, 'shift.changed'::text, 'shift.offered'::text, 'swap.requested'::text, 'leave.decided'::text, 'document.to_sign'::text, 'checklist.due'::text]))";
const CHANNEL_CHECK = "(channel = ANY (ARRAY['email'::text, 'push'::text, 'sms'::text, 'whatsapp'::text]))";

/** What a person was told, worded in their language when it happened: the in-app channel. */
@Check('notifications_event_check', EVENT_CHECK)
@Index('notifications_user_idx', ['tenantId', 'userId', 'createdAt', 'id'])
@Index('notifications_unread_idx', ['tenantId', 'userId'], { where: '(read_at IS NULL)' })
@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'notifications_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'notifications_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  event!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  body!: string;

  /** The console path it is about. */
  @Column({ type: 'text' })
  path!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;
}

export type NotificationDeliveryStatus = 'PENDING' | 'DELIVERED' | 'UNDELIVERED' | 'FAILED';

/**
 * One notification through one channel other than in_app. PENDING until an attempt ends it:
 * DELIVERED (the provider took it), UNDELIVERED (no address, or the provider refused it: not
 * retried), FAILED (the channel threw on every allowed attempt). `next_attempt_at` is both the
 * retry time and the lease of an attempt under way.
 */
@Check('notification_deliveries_channel_check', CHANNEL_CHECK)
@Check('notification_deliveries_status_check', "(status = ANY (ARRAY['PENDING'::text, 'DELIVERED'::text, 'UNDELIVERED'::text, 'FAILED'::text]))")
@Unique('notification_deliveries_notification_id_channel_key', ['notificationId', 'channel'])
@Index('notification_deliveries_due_idx', ['nextAttemptAt'], { where: "(status = 'PENDING'::text)" })
@Entity({ name: 'notification_deliveries' })
export class NotificationDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'notification_deliveries_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => NotificationEntity, { name: 'notification_deliveries_notification_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'notification_id', type: 'uuid' })
  notificationId!: string;

  @Column({ type: 'text' })
  channel!: string;

  @Column({ type: 'text' })
  status!: NotificationDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A person's own choice for one event and channel; without a row the default applies. */
@Check('notification_preferences_event_check', EVENT_CHECK)
@Check('notification_preferences_channel_check', CHANNEL_CHECK)
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceEntity {
  @ForeignKey(() => TenantEntity, { name: 'notification_preferences_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'notification_preferences_user_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'text' })
  event!: string;

  @PrimaryColumn({ type: 'text' })
  channel!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
