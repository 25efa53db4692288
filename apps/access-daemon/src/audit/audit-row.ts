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
  /** The same rows as the journal holds them, one JSON object a line; a line that is not a row is a data error. */
  insertLines(lines: readonly string[]): Promise<void>;
  /** One round trip, to learn whether the database answers. */
  ping(): Promise<void>;
}
