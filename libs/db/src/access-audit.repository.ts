import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
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

const COPY_COLUMNS = ['id', 'tenantId', 'userId', 'zoneId', 'visitorPassId', 'credentialId', 'readerId', 'eventType', 'reason', 'occurredAt', 'source'] as const;
const COPY_SQL = `COPY access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source) FROM STDIN`;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: `\N` for null; backslash, tab, newline and carriage return escaped, as COPY requires. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!);
}

/** Rows in COPY's text format, one a line, in `COPY_SQL`'s column order. */
export function auditCopyText(rows: readonly AccessAuditInsert[]): Buffer {
  let text = '';
  for (const row of rows) {
    const fields = row as unknown as Record<(typeof COPY_COLUMNS)[number], unknown>;
    text += COPY_COLUMNS.map((c) => copyValue(c === 'occurredAt' && fields[c] instanceof Date ? (fields[c] as Date).toISOString() : fields[c])).join('\t') + '\n';
  }
  return Buffer.from(text, 'utf8');
}

/**
 * Streams rows made by `auditCopyText` into the table with COPY, the cheapest way in for the
 * database: it parses no JSON, which matters where every door daemon of every building ships into
 * one PostgreSQL (measured in docs/performance.md: about a third less of the database's CPU a row
 * than `insertAuditJson`). COPY cannot skip a row already stored: a batch holding one fails as a
 * whole with a unique violation (SQLSTATE 23505) and nothing of it is written, and the caller then
 * sends it through `insertAuditRows`, which skips those.
 */
export async function copyAuditRows(ds: DataSource, copyText: Buffer): Promise<void> {
  const runner = ds.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    await pipeline(Readable.from([copyText]), client.query(copyFrom(COPY_SQL)));
  } finally {
    await runner.release();
  }
}
