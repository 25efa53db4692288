import type { AuditEventType } from '@wfm/access/decision';

/** One decision's audit row; the id is made by the daemon so re-inserting a spooled row is a no-op. */
export interface AuditRow {
  id: string;
  tenantId: string;
  userId: string | null;
  zoneId: string | null;
  visitorPassId: string | null;
  credentialId: string;
  readerId: string;
  eventType: AuditEventType;
  reason: string | null;
  occurredAt: string;
  source: string;
}

/** Where committed rows go. Throws when the database cannot take them. */
export interface AuditStore {
  insertBatch(rows: readonly AuditRow[]): Promise<void>;
  /** One round trip, to learn whether the database answers. */
  ping(): Promise<void>;
}
