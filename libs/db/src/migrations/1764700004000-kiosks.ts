import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: kiosk devices (a shared tablet at an outlet where staff clock in and out) and the
 * per-person PIN they clock with. A device's token is kept as a keyed hash only; a PIN as a
 * password hash, with its wrong-attempt count and lock-out.
 */
export class Kiosks1764700004000 implements MigrationInterface {
  name = 'Kiosks1764700004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE kiosks (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        token_hint text NOT NULL,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX kiosks_tenant_idx ON kiosks (tenant_id, created_at, id)`);
    await q.query(`
      CREATE TABLE kiosk_pins (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        pin_hash text NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX kiosk_pins_tenant_idx ON kiosk_pins (tenant_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE kiosk_pins`);
    await q.query(`DROP TABLE kiosks`);
  }
}
