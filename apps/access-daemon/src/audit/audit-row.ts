import type { AccessAuditInsert } from '@wfm/db/access-audit.repository';

/**
 * One decision's audit row; the id is made by the daemon so re-inserting a spooled row is a no-op.
 * Spooled as JSON lines, so its time is kept as the ISO string.
 */
export interface AuditRow extends AccessAuditInsert {
  occurredAt: string;
}

const text = (v: string | null | undefined) => (v == null ? 'null' : JSON.stringify(v));
/** For values the daemon made or read from its own cache (ids, the event type, the time): nothing in them needs escaping. */
const own = (v: string | null | undefined) => (v == null ? 'null' : `"${v}"`);

/**
 * A row as its journal line: the JSON `JSON.stringify(row)` would give, newline-terminated, built
 * field by field. Every tap writes one, and serialising the object walked its eleven keys and
 * escaped each value; here only what a caller or a credential brought goes through the escaper.
 */
export function encodeAuditLine(r: AuditRow): string {
  return `{"id":${own(r.id)},"tenantId":${own(r.tenantId)},"userId":${text(r.userId)},"zoneId":${own(r.zoneId)},"visitorPassId":${text(r.visitorPassId)},"credentialId":${text(r.credentialId)},"readerId":${text(r.readerId)},"eventType":${own(r.eventType)},"reason":${text(r.reason)},"occurredAt":${own(r.occurredAt)},"source":${text(r.source)}}\n`;
}

/** Where committed rows go. Throws when the database cannot take them. */
export interface AuditStore {
  insertBatch(rows: readonly AuditRow[]): Promise<void>;
  /** Rows as one JSON array's UTF-8 text, as the journal's lines make it; text that is not an array of rows is a data error. */
  insertJsonArray(json: Buffer): Promise<void>;
  /** One round trip, to learn whether the database answers. */
  ping(): Promise<void>;
}
