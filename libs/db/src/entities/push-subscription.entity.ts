import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** One browser of a person that agreed to Web Push: where to post (the push service's endpoint) and the keys to encrypt for it. */
@Index('push_subscriptions_user_endpoint_key', ['tenantId', 'userId', 'endpoint'], { unique: true })
@Entity({ name: 'push_subscriptions' })
export class PushSubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'push_subscriptions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'push_subscriptions_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  endpoint!: string;

  /** The browser's P-256 public key, base64url (RFC 8291's ua_public). */
  @Column({ type: 'text' })
  p256dh!: string;

  /** The browser's 16-byte authentication secret, base64url. */
  @Column({ type: 'text' })
  auth!: string;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
