import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, availability: each person's recurring weekly windows (available, or unavailable) in
 * the tenant's timezone, their one-off time off, and the tenant's choice of what the scheduler does
 * when an assignment hits someone's unavailability (nothing, warn, or refuse).
 */
export class Availability1764920001000 implements MigrationInterface {
  name = 'Availability1764920001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE availability_windows (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('AVAILABLE','UNAVAILABLE')),
        weekday integer NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        start_minute integer NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
        end_minute integer NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
        effective_from date,
        effective_to date,
        created_at timestamptz NOT NULL,
        CONSTRAINT availability_windows_effective_check CHECK (effective_from IS NULL OR effective_to IS NULL OR effective_from <= effective_to)
      )`);
    await q.query(`CREATE INDEX availability_windows_user_idx ON availability_windows (tenant_id, user_id)`);
    await q.query(`
      CREATE TABLE availability_time_off (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        note text,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT availability_time_off_check CHECK (ends_at > starts_at)
      )`);
    await q.query(`CREATE INDEX availability_time_off_user_idx ON availability_time_off (tenant_id, user_id, starts_at)`);
    await q.query(
      `ALTER TABLE tenants ADD COLUMN availability_conflict_mode text NOT NULL DEFAULT 'WARN' CONSTRAINT tenants_availability_conflict_mode_check CHECK (availability_conflict_mode IN ('OFF','WARN','BLOCK'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenants DROP COLUMN availability_conflict_mode`);
    await q.query(`DROP TABLE availability_time_off`);
    await q.query(`DROP TABLE availability_windows`);
  }
}
