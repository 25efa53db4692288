import type { DataSource } from '@wfm/db/data-source';
import type { MailOutboxEntity } from '@wfm/db/entities/mail-outbox.entity';
import { exec, many, type Row } from '@wfm/db/sql';

/** What is kept of a mail: never its text, which may hold a reset, invite or verification link. */
export type OutboxRow = Row<MailOutboxEntity, 'id' | 'tenantId' | 'toAddress' | 'template' | 'subject' | 'transport' | 'sentAt' | 'error'>;

export class MailRepository {
  constructor(private readonly ds: DataSource) {}

  /** created_at is left to the column default. */
  async insert(row: OutboxRow): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO mail_outbox (id, tenant_id, to_address, template, subject, transport, sent_at, error) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.tenantId, row.toAddress, row.template, row.subject, row.transport, row.sentAt, row.error],
    );
  }

  async markSent(id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE mail_outbox SET sent_at = $2, error = NULL WHERE id = $1`, [id, at]);
  }

  async markFailed(id: string, error: string): Promise<void> {
    await exec(this.ds, `UPDATE mail_outbox SET error = $2 WHERE id = $1`, [id, error]);
  }

  /** A recipient's mail in one tenant, oldest first: what was sent, how, and whether it went. */
  forRecipient(tenantId: string, toAddress: string): Promise<OutboxRow[]> {
    return many(
      this.ds,
      `SELECT id, tenant_id AS "tenantId", to_address AS "toAddress", template, subject,
              CASE WHEN transport = 'smtp' THEN 'smtp' ELSE 'file' END AS transport, sent_at AS "sentAt", error
         FROM mail_outbox
        WHERE tenant_id = $1 AND to_address = $2
        ORDER BY created_at, id`,
      [tenantId, toAddress],
    );
  }
}
