import type { AccessAuditInsert } from '@wfm/db/access-audit.repository';

/**
 * One decision's audit row; the id is made by the daemon so re-inserting a spooled row is a no-op.
 * Spooled as JSON lines, so its time is kept as the ISO string.
 */
export interface AuditRow extends AccessAuditInsert {
  occurredAt: string;
}

/** Where committed rows go. Throws when the database cannot take them. */
export interface AuditStore {
  insertBatch(rows: readonly AuditRow[]): Promise<void>;
  /** Rows as one JSON array's UTF-8 text, as the journal's lines make it; text that is not an array of rows is a data error. */
  insertJsonArray(json: Buffer): Promise<void>;
  /** One round trip, to learn whether the database answers. */
  ping(): Promise<void>;
}
