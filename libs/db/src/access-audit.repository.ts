import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { StatementSource } from './sql.js';
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
 * serves every batch, and the client's work is one `JSON.stringify` (eleven array parameters cost
 * the pg client more than the rest of the statement). A row whose id is already stored (a spooled
 * row sent again, a redelivered provider event) is skipped; returns how many were written.
 */
export async function insertAuditRows(db: Db, rows: readonly AccessAuditInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  return exec(
    db,
    `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source)
     SELECT r.id, r."tenantId", r."userId", r."zoneId", r."visitorPassId", r."credentialId", r."readerId", r."eventType", r.reason, r."occurredAt", r.source
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id uuid, "tenantId" uuid, "userId" uuid, "zoneId" uuid, "visitorPassId" uuid, "credentialId" text, "readerId" text, "eventType" text, reason text, "occurredAt" timestamptz, source text)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/**
 * The table's columns in COPY's order. `tenant_id` and `id`, fixed-length UUIDs never null, come
 * first and last: a line torn anywhere (a crash mid-write keeps a prefix or a suffix of it) has a
 * field missing or a broken UUID at one end, which COPY refuses, so a torn line is never stored as
 * a shortened row.
 */
const COPY_SQL = `COPY access_audit (tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source, id) FROM STDIN`;
const COPY_FIELDS = 11;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\000' };
const COPY_UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Text as a COPY value: `\N` for null; backslash, tab, newline and carriage return escaped, and NUL
 * as `\000`, which PostgreSQL refuses in text as it refused it in JSON: a journal line never holds
 * a zero byte (its reader takes one as the end of the data).
 */
function copyText(v: string | null | undefined): string {
  if (v == null) return '\\N';
  return NEEDS_ESCAPE.test(v) ? v.replace(/[\\\t\n\r\0]/g, (c) => COPY_ESCAPES[c]!) : v;
}

/** A value this code made (an id, the event type, an instant): nothing in it needs escaping. */
function copyOwn(v: string | null | undefined): string {
  return v == null ? '\\N' : v;
}

function fromCopy(field: string): string | null {
  if (field === '\\N') return null;
  return field.includes('\\') ? field.replace(/\\([0-7]{1,3}|.)/g, (_, c: string) => (/^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : (COPY_UNESCAPES[c] ?? c))) : field;
}

/**
 * A row as one line of COPY's text format (newline-terminated): what the door daemon's journal
 * holds, so that its shipper sends the journal's bytes as they are and the database parses no JSON.
 */
export function auditCopyLine(r: AccessAuditInsert & { occurredAt: string }): string {
  return `${r.tenantId}\t${copyText(r.userId)}\t${copyOwn(r.zoneId)}\t${copyText(r.visitorPassId)}\t${copyText(r.credentialId)}\t${copyText(r.readerId)}\t${r.eventType}\t${copyText(r.reason)}\t${r.occurredAt}\t${copyText(r.source)}\t${r.id}\n`;
}

/** The row a line of `auditCopyLine` holds (without its newline), or null when it is not one: a field missing, or a broken id at either end. */
export function parseAuditCopyLine(line: string): (AccessAuditInsert & { occurredAt: string }) | null {
  const f = line.split('\t');
  if (f.length !== COPY_FIELDS || !UUID.test(f[0]!) || !UUID.test(f[10]!)) return null;
  const occurredAt = fromCopy(f[8]!);
  if (occurredAt === null) return null;
  return {
    id: f[10]!,
    tenantId: f[0]!,
    userId: fromCopy(f[1]!),
    zoneId: fromCopy(f[2]!),
    visitorPassId: fromCopy(f[3]!),
    credentialId: fromCopy(f[4]!) as string,
    readerId: fromCopy(f[5]!) as string,
    eventType: fromCopy(f[6]!) as AccessAuditInsert['eventType'],
    reason: fromCopy(f[7]!),
    occurredAt,
    source: fromCopy(f[9]!) as string,
  };
}

/**
 * Streams lines made by `auditCopyLine` into the table with COPY, the cheapest way in for the
 * database: it parses no JSON, which matters where every door daemon of every building ships into
 * one PostgreSQL (docs/performance.md). All or none: a line COPY cannot read refuses the batch as
 * data, and so does a row whose id is already stored (a unique violation, SQLSTATE 23505), which
 * the caller then sends through `insertAuditRows`, which skips such rows.
 */
export async function copyAuditLines(ds: StatementSource, lines: Buffer): Promise<void> {
  const runner = ds.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    await pipeline(Readable.from([lines]), client.query(copyFrom(COPY_SQL)));
  } finally {
    await runner.release();
  }
}
