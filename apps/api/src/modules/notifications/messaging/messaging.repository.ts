import type { DataSource } from '@wfm/db/data-source';
import type { MessageProvider, MessagePurpose, MessageStatus, MessagingMessageEntity } from '@wfm/db/entities/messaging.entity';
import { exec, many, type Row } from '@wfm/db/sql';
export type ReportedStatus = 'SENT' | 'DELIVERED' | 'READ' | 'FAILED';

/**
 * The order statuses only move forward in, whatever order the provider's reports arrive in. A
 * failure after "sent" stands; once the phone has confirmed delivery, a late "failed" cannot undo
 * it, and a delivery or read report after a failure is taken as the later truth.
 */
const STATUS_ORDER: readonly MessageStatus[] = ['NOT_ACCEPTED', 'ACCEPTED', 'SENT', 'FAILED', 'DELIVERED', 'READ'];
const RANK = `array_position(ARRAY['${STATUS_ORDER.join("','")}'], status)`;
const NEW_RANK = `array_position(ARRAY['${STATUS_ORDER.join("','")}'], $3::text)`;

/** A message as first recorded: the provider has accepted it or not, nothing more yet. */
export type MessageRow = Row<MessagingMessageEntity, 'id' | 'tenantId' | 'provider' | 'providerMessageId' | 'recipient' | 'purpose' | 'subjectId' | 'error' | 'createdAt'> & {
  status: Extract<MessageStatus, 'ACCEPTED' | 'NOT_ACCEPTED'>;
};

/** The delivery of a thing's latest message, as an admin sees it. */
export interface DeliveryView {
  status: MessageStatus;
  /** When the current status happened: the provider's time for SENT, DELIVERED, READ and FAILED, the attempt's otherwise. */
  statusAt: Date;
  error: string | null;
}

/** Reads the latest delivery of each of some things of a tenant; what other modules see of this one. */
export interface DeliveryLookup {
  latestFor(tenantId: string, purpose: MessagePurpose, subjectIds: string[]): Promise<Map<string, DeliveryView>>;
}

export class MessagingRepository implements DeliveryLookup {
  constructor(private readonly ds: DataSource) {}

  async insert(row: MessageRow): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO messaging_messages (id, tenant_id, provider, provider_message_id, recipient, purpose, subject_id, status, error, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [row.id, row.tenantId, row.provider, row.providerMessageId, row.recipient, row.purpose, row.subjectId, row.status, row.error, row.createdAt],
    );
  }

  /**
   * The messages, of any tenant, that the provider's ids name: a status report carries only the
   * provider's id, which is unique across tenants (the provider issued it for one send of ours).
   */
  findByProviderIds(provider: MessageProvider, providerIds: string[]): Promise<Array<{ id: string; tenantId: string; providerMessageId: string }>> {
    if (!providerIds.length) return Promise.resolve([]);
    return many(
      this.ds,
      `SELECT id, tenant_id AS "tenantId", provider_message_id AS "providerMessageId"
         FROM messaging_messages
        WHERE provider = $1 AND provider_message_id = ANY($2::text[])`,
      [provider, providerIds],
    );
  }

  /**
   * Applies one reported status. Idempotent and order-free: the status only moves forward (see
   * STATUS_ORDER), each status's time is the earliest reported for it, and a failure's time and
   * error are kept only when the failure became the status. True when anything changed.
   */
  async applyStatus(tenantId: string, id: string, report: { status: ReportedStatus; at: Date; error: string | null }, now: Date): Promise<boolean> {
    const changed = await exec(
      this.ds,
      `UPDATE messaging_messages SET
          sent_at = CASE WHEN $3 = 'SENT' THEN LEAST(COALESCE(sent_at, $4), $4) ELSE sent_at END,
          delivered_at = CASE WHEN $3 = 'DELIVERED' THEN LEAST(COALESCE(delivered_at, $4), $4) ELSE delivered_at END,
          read_at = CASE WHEN $3 = 'READ' THEN LEAST(COALESCE(read_at, $4), $4) ELSE read_at END,
          failed_at = CASE WHEN $3 = 'FAILED' AND ${NEW_RANK} > ${RANK} THEN $4 ELSE failed_at END,
          error = CASE WHEN $3 = 'FAILED' AND ${NEW_RANK} > ${RANK} THEN $5 ELSE error END,
          status = CASE WHEN ${NEW_RANK} > ${RANK} THEN $3 ELSE status END,
          updated_at = $6
        WHERE tenant_id = $1 AND id = $2
          AND (${NEW_RANK} > ${RANK}
               OR ($3 = 'SENT' AND sent_at IS DISTINCT FROM LEAST(COALESCE(sent_at, $4), $4))
               OR ($3 = 'DELIVERED' AND delivered_at IS DISTINCT FROM LEAST(COALESCE(delivered_at, $4), $4))
               OR ($3 = 'READ' AND read_at IS DISTINCT FROM LEAST(COALESCE(read_at, $4), $4)))`,
      [tenantId, id, report.status, report.at, report.error, now],
    );
    return changed > 0;
  }

  async latestFor(tenantId: string, purpose: MessagePurpose, subjectIds: string[]): Promise<Map<string, DeliveryView>> {
    if (!subjectIds.length) return new Map();
    const rows = await many<DeliveryView & { subjectId: string }>(
      this.ds,
      `SELECT DISTINCT ON (subject_id) subject_id AS "subjectId", status, error,
              CASE status WHEN 'SENT' THEN sent_at WHEN 'DELIVERED' THEN delivered_at WHEN 'READ' THEN read_at WHEN 'FAILED' THEN failed_at ELSE created_at END AS "statusAt"
         FROM messaging_messages
        WHERE tenant_id = $1 AND purpose = $2 AND subject_id = ANY($3::uuid[])
        ORDER BY subject_id, created_at DESC, id DESC`,
      [tenantId, purpose, subjectIds],
    );
    return new Map(rows.map(({ subjectId, ...view }) => [subjectId, view]));
  }
}
