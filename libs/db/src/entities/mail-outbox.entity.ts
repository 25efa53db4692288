import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A record of every mail the platform sends: who, what kind, how and whether it went; never the text, which may hold a secret link. */
@Entity({ name: 'mail_outbox' })
export class MailOutboxEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'to_address', type: 'text' })
  toAddress!: string;

  @Column({ type: 'text' })
  template!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  transport!: string;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
