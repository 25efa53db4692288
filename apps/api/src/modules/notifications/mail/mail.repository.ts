import type { DataSource } from '@wfm/db/data-source';
import { MailOutboxEntity } from '@wfm/db/entities/mail-outbox.entity';

export type MailTransportKind = 'file' | 'smtp';

/** What is kept of a mail: never its text, which may hold a reset, invite or verification link. */
export interface OutboxRow {
  id: string;
  tenantId: string;
  toAddress: string;
  template: string;
  subject: string;
  transport: MailTransportKind;
  sentAt: Date | null;
  error: string | null;
}

export class MailRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: OutboxRow): Promise<void> {
    await this.ds.getRepository(MailOutboxEntity).insert(row);
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.ds.getRepository(MailOutboxEntity).update({ id }, { sentAt: at, error: null });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.ds.getRepository(MailOutboxEntity).update({ id }, { error });
  }

  /** A recipient's mail in one tenant, oldest first: what was sent, how, and whether it went. */
  async forRecipient(tenantId: string, toAddress: string): Promise<OutboxRow[]> {
    const rows = await this.ds.getRepository(MailOutboxEntity).find({
      where: { tenantId, toAddress },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      toAddress: r.toAddress,
      template: r.template,
      subject: r.subject,
      transport: r.transport === 'smtp' ? 'smtp' : 'file',
      sentAt: r.sentAt,
      error: r.error,
    }));
  }
}
