import type { DataSource } from '@wfm/db/data-source';
import { exec } from '@wfm/db/sql';
import type { AuditRow, AuditStore } from './audit-row.js';

/**
 * One statement per batch whatever its size: the columns travel as arrays and `unnest` turns them
 * back into rows, so there is no parameter-count limit and one plan serves every batch.
 */
export class AuditRepository implements AuditStore {
  constructor(private readonly ds: DataSource) {}

  async insertBatch(rows: readonly AuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    await exec(
      this.ds,
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

  async ping(): Promise<void> {
    await exec(this.ds, 'SELECT 1');
  }
}
