import type { AuditEventType } from '@wfm/access/decision';
import { exec, type Db } from './sql.js';

/** One access decision as stored: the daemon's taps and the decisions integrations report. */
export interface AccessAuditInsert {
  id: string;
  tenantId: string;
  userId: string | null;
  zoneId: string | null;
  visitorPassId: string | null;
  credentialId: string;
  readerId: string;
  eventType: AuditEventType;
  reason: string | null;
  occurredAt: Date | string;
  source: string;
}

/**
 * One statement per batch whatever its size: the columns travel as arrays and `unnest` turns them
 * back into rows, so there is no parameter-count limit and one plan serves every batch. A row whose
 * id is already stored (a spooled row sent again, a redelivered provider event) is skipped; returns
 * how many were written.
 */
export async function insertAuditRows(db: Db, rows: readonly AccessAuditInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  return exec(
    db,
    `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[], $11::text[])
     ON CONFLICT (id) DO NOTHING`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.tenantId),
      rows.map((r) => r.userId),
      rows.map((r) => r.zoneId),
      rows.map((r) => r.visitorPassId),
      rows.map((r) => r.credentialId),
      rows.map((r) => r.readerId),
      rows.map((r) => r.eventType),
      rows.map((r) => r.reason),
      rows.map((r) => r.occurredAt),
      rows.map((r) => r.source),
    ],
  );
}
