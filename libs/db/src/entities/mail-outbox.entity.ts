import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

export type MailTransportKind = 'file' | 'smtp';

/** A record of every mail the platform sends: who, what kind, how and whether it went; never the text, which may hold a secret link. */
@Check('mail_outbox_operator_mail_check', "((tenant_id IS NOT NULL) OR (template = 'sales_lead'::text))")
@Index('mail_outbox_tenant_idx', ['tenantId', 'createdAt'])
@Entity({ name: 'mail_outbox' })
export class MailOutboxEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'mail_outbox_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId!: string | null;

  @Column({ name: 'to_address', type: 'text' })
  toAddress!: string;

  @Column({ type: 'text' })
  template!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  transport!: MailTransportKind;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
