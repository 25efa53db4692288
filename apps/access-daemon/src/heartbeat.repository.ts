import { randomUUID } from 'node:crypto';
import type { DataSource } from '@wfm/db/data-source';

export class HeartbeatRepository {
  constructor(private readonly ds: DataSource) {}

  /** Creates the reader's row on its first beat, then keeps last-seen, firmware and address current. */
  async beat(tenantId: string, readerId: string, firmwareVersion: string, ipAddress: string, at: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO access_readers (id, tenant_id, reader_id, firmware_version, ip_address, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (tenant_id, reader_id)
       DO UPDATE SET firmware_version = EXCLUDED.firmware_version, ip_address = EXCLUDED.ip_address, last_seen_at = EXCLUDED.last_seen_at`,
      [randomUUID(), tenantId, readerId, firmwareVersion, ipAddress, at],
    );
  }
}
