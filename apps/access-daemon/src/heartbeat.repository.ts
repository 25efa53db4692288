import { randomUUID } from 'node:crypto';
import type { DaemonDatabase } from './database.js';
import { exec } from '@wfm/db/sql';

export interface ReaderBeat {
  readerId: string;
  firmwareVersion: string;
  ipAddress: string;
  at: Date;
}

export class HeartbeatRepository {
  constructor(private readonly ds: DaemonDatabase) {}

  /** Keeps a registered reader's last-seen, firmware and address current; false when the tenant has no such reader. */
  async touch(tenantId: string, beat: ReaderBeat): Promise<boolean> {
    const changed = await exec(
      this.ds,
      `UPDATE access_readers SET firmware_version = $3, ip_address = $4, last_seen_at = $5 WHERE tenant_id = $1 AND reader_id = $2`,
      [tenantId, beat.readerId, beat.firmwareVersion, beat.ipAddress, beat.at],
    );
    return changed === 1;
  }

  /**
   * Creates the reader's row unless the tenant already has `maxReaders`; a reader registered
   * meanwhile by a concurrent beat is updated whatever the count. Registrations of one tenant are
   * serialised by a lock held for the transaction, so concurrent first beats cannot overshoot the
   * cap; beats of registered readers never take it.
   */
  async register(tenantId: string, beat: ReaderBeat, maxReaders: number): Promise<boolean> {
    return this.ds.transaction(async (tx) => {
      await exec(tx, `SELECT pg_advisory_xact_lock(hashtextextended('access_readers:' || $1, 0))`, [tenantId]);
      // Counts the row inserted or, on conflict, updated.
      const written = await exec(
        tx,
        `INSERT INTO access_readers (id, tenant_id, reader_id, firmware_version, ip_address, first_seen_at, last_seen_at)
         SELECT $1, $2, $3, $4, $5, $6, $6
          WHERE EXISTS (SELECT 1 FROM access_readers WHERE tenant_id = $2 AND reader_id = $3)
             OR (SELECT count(*) FROM access_readers WHERE tenant_id = $2) < $7
         ON CONFLICT (tenant_id, reader_id)
         DO UPDATE SET firmware_version = EXCLUDED.firmware_version, ip_address = EXCLUDED.ip_address, last_seen_at = EXCLUDED.last_seen_at`,
        [randomUUID(), tenantId, beat.readerId, beat.firmwareVersion, beat.ipAddress, beat.at, maxReaders],
      );
      return written === 1;
    });
  }
}
