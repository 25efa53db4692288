import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

export type MessageProvider = 'WHATSAPP' | 'TWILIO_SMS';
/** What a message is about; its `subjectId` is the id of that thing (a visitor pass, a notification, the one-time token of an invite or reset). */
export type MessagePurpose = 'VISITOR_PASS' | 'NOTIFICATION' | 'INVITE' | 'PASSWORD_RESET';
/** NOT_ACCEPTED: refused or unanswered, no provider id. The rest follow the provider's reports. */
export type MessageStatus = 'NOT_ACCEPTED' | 'ACCEPTED' | 'SENT' | 'FAILED' | 'DELIVERED' | 'READ';

@Check('messaging_messages_check', "((status = 'NOT_ACCEPTED'::text) = (provider_message_id IS NULL))")
@Check('messaging_messages_provider_check', "(provider = ANY (ARRAY['WHATSAPP'::text, 'TWILIO_SMS'::text]))")
@Check('messaging_messages_purpose_check', "(purpose = ANY (ARRAY['VISITOR_PASS'::text, 'NOTIFICATION'::text, 'INVITE'::text, 'PASSWORD_RESET'::text]))")
@Check('messaging_messages_status_check', "(status = ANY (ARRAY['NOT_ACCEPTED'::text, 'ACCEPTED'::text, 'SENT'::text, 'FAILED'::text, 'DELIVERED'::text, 'READ'::text]))")
@Index('messaging_messages_provider_id_key', ['provider', 'providerMessageId'], { unique: true, where: '(provider_message_id IS NOT NULL)' })
@Index('messaging_messages_subject_idx', ['tenantId', 'purpose', 'subjectId', 'createdAt'])
@Entity({ name: 'messaging_messages' })
export class MessagingMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'messaging_messages_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  provider!: MessageProvider;

  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'text' })
  recipient!: string;

  @Column({ type: 'text' })
  purpose!: MessagePurpose;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'text' })
  status!: MessageStatus;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
