import type { AccessAuditEntity } from './entities/access.entity.js';
import { exec, type Db } from './sql.js';

/**
 * One access decision as stored: the daemon's taps and the decisions integrations report. The
 * instant may be the ISO text a row read back from JSON carries; `jsonb_to_recordset` parses it.
 */
export type AccessAuditInsert = Omit<AccessAuditEntity, 'occurredAt'> & { occurredAt: Date | string };

/**
 * One statement per batch whatever its size: the rows travel as one JSON array and
 * `jsonb_to_recordset` turns them back into rows, so there is no parameter-count limit, one plan
 * serves every batch, and the client's work is one `JSON.stringify` (its array parameters cost the
 * daemon's shipper more than the rest of its shipping). A row whose id is already stored (a spooled
 * row sent again, a redelivered provider event) is skipped; returns how many were written.
 */
export async function insertAuditRows(db: Db, rows: readonly AccessAuditInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  return insertAuditJson(db, JSON.stringify(rows));
}

/**
 * The same from a JSON array of rows as text, or as its UTF-8 bytes (the daemon's journal lines
 * joined: they are the rows' JSON already, so it sends them without parsing or decoding; pg sends a
 * Buffer in binary format, which for `text` is the bytes themselves). Text that is not such an
 * array is a data error.
 */
export async function insertAuditJson(db: Db, rowsJson: string | Buffer): Promise<number> {
  return exec(
    db,
    `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source)
     SELECT r.id, r."tenantId", r."userId", r."zoneId", r."visitorPassId", r."credentialId", r."readerId", r."eventType", r.reason, r."occurredAt", r.source
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id uuid, "tenantId" uuid, "userId" uuid, "zoneId" uuid, "visitorPassId" uuid, "credentialId" text, "readerId" text, "eventType" text, reason text, "occurredAt" timestamptz, source text)
     ON CONFLICT (id) DO NOTHING`,
    [rowsJson],
  );
}
