import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: how long an access daemon cut off from the platform keeps deciding taps from what it
 * knew, per tenant: 72 hours unless the tenant says otherwise, from 5 minutes to 30 days.
 */
export class AccessOfflineWindow1764800000000 implements MigrationInterface {
  name = 'AccessOfflineWindow1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE tenants ADD COLUMN access_offline_window_minutes integer NOT NULL DEFAULT 4320 CHECK (access_offline_window_minutes BETWEEN 5 AND 43200)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenants DROP COLUMN access_offline_window_minutes`);
  }
}
