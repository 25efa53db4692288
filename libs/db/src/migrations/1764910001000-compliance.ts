import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: working-time compliance — a tenant's rule packs, modes and own limits; the packs an
 * outlet or a contract follows instead (and whether the contract is a young worker's); and every
 * violation found when shifts are assigned or clocked, with its trace and any override.
 */
export class Compliance1764910001000 implements MigrationInterface {
  name = 'Compliance1764910001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE compliance_settings (
        tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
        packs jsonb NOT NULL DEFAULT '[]',
        modes jsonb NOT NULL DEFAULT '{}',
        max_shift_minutes integer CHECK (max_shift_minutes BETWEEN 1 AND 1440),
        max_consecutive_days integer CHECK (max_consecutive_days BETWEEN 1 AND 31),
        min_weekly_minutes integer CHECK (min_weekly_minutes BETWEEN 1 AND 10080),
        max_weekly_minutes integer CHECK (max_weekly_minutes BETWEEN 1 AND 10080),
        updated_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE compliance_outlet_packs (
        outlet_id uuid PRIMARY KEY REFERENCES outlets(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        packs jsonb NOT NULL,
        updated_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX compliance_outlet_packs_tenant_idx ON compliance_outlet_packs (tenant_id)`);

    await q.query(`
      CREATE TABLE compliance_contract_settings (
        contract_id uuid PRIMARY KEY REFERENCES hr_contracts(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        packs jsonb,
        young_worker boolean NOT NULL DEFAULT false,
        updated_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX compliance_contract_settings_tenant_idx ON compliance_contract_settings (tenant_id)`);

    await q.query(`
      CREATE TABLE compliance_violations (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outlet_id uuid REFERENCES outlets(id) ON DELETE SET NULL,
        phase text NOT NULL CHECK (phase IN ('SCHEDULE','CLOCK')),
        rule_id text NOT NULL,
        pack_id text NOT NULL,
        pack_version integer NOT NULL,
        mode text NOT NULL CHECK (mode IN ('WARN','BLOCK')),
        violation_key text NOT NULL,
        local_date date NOT NULL,
        shift_assignment_ids uuid[] NOT NULL DEFAULT '{}',
        attendance_event_ids uuid[] NOT NULL DEFAULT '{}',
        sentence text NOT NULL,
        trace jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('OPEN','OVERRIDDEN')),
        override_reason text,
        overridden_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        overridden_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'OVERRIDDEN') = (overridden_at IS NOT NULL AND override_reason IS NOT NULL)),
        CONSTRAINT compliance_violations_key UNIQUE (tenant_id, user_id, phase, violation_key)
      )`);
    await q.query(`CREATE INDEX compliance_violations_date_idx ON compliance_violations (tenant_id, local_date, id)`);
    await q.query(`CREATE INDEX compliance_violations_user_date_idx ON compliance_violations (tenant_id, user_id, local_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE compliance_violations`);
    await q.query(`DROP TABLE compliance_contract_settings`);
    await q.query(`DROP TABLE compliance_outlet_packs`);
    await q.query(`DROP TABLE compliance_settings`);
  }
}
