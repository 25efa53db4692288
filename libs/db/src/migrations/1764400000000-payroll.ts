import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 15: pay settings, deduction lines, payroll runs and payslips, the accounting connection. */
export class Payroll1764400000000 implements MigrationInterface {
  name = 'Payroll1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenants ADD COLUMN payroll_four_eyes boolean NOT NULL DEFAULT false`);

    await q.query(`
      CREATE TABLE pay_settings (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('HOURLY','MONTHLY')),
        rate_minor bigint NOT NULL CHECK (rate_minor >= 0),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        overtime_daily_minutes integer NOT NULL DEFAULT 480 CHECK (overtime_daily_minutes > 0),
        overtime_multiplier_pct integer NOT NULL DEFAULT 150 CHECK (overtime_multiplier_pct >= 100),
        updated_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, user_id)
      )`);

    await q.query(`
      CREATE TABLE payroll_deduction_rules (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('PERCENT','FIXED')),
        basis_points integer CHECK (basis_points BETWEEN 0 AND 10000),
        amount_minor bigint CHECK (amount_minor >= 0),
        account_code text NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL,
        CHECK ((kind = 'PERCENT') = (basis_points IS NOT NULL)),
        CHECK ((kind = 'FIXED') = (amount_minor IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX payroll_deduction_rules_tenant_idx ON payroll_deduction_rules (tenant_id, position)`);

    await q.query(`
      CREATE TABLE payroll_runs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        period_year_month text NOT NULL CHECK (period_year_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        status text NOT NULL CHECK (status IN ('DRAFT','FINALIZED','PAID')),
        currency text NOT NULL,
        total_gross_minor bigint NOT NULL,
        total_deductions_minor bigint NOT NULL,
        total_net_minor bigint NOT NULL,
        payslip_count integer NOT NULL,
        journal jsonb NOT NULL,
        prepared_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        approved_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        approved_at timestamptz,
        paid_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        paid_at timestamptz,
        exported_at timestamptz,
        export_reference text,
        computed_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (total_gross_minor = total_deductions_minor + total_net_minor),
        CHECK ((status = 'DRAFT') = (approved_at IS NULL)),
        CHECK ((status = 'PAID') = (paid_at IS NOT NULL))
      )`);
    // One run per month: a second POST for the month is a conflict, a draft is recomputed instead.
    await q.query(`CREATE UNIQUE INDEX payroll_runs_period_key ON payroll_runs (tenant_id, period_year_month)`);

    await q.query(`
      CREATE TABLE payslips (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        run_id uuid NOT NULL REFERENCES payroll_runs(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        currency text NOT NULL,
        gross_minor bigint NOT NULL,
        deductions_minor bigint NOT NULL,
        net_minor bigint NOT NULL,
        lines jsonb NOT NULL,
        UNIQUE (run_id, user_id),
        CHECK (gross_minor = deductions_minor + net_minor)
      )`);
    await q.query(`CREATE INDEX payslips_user_idx ON payslips (tenant_id, user_id)`);

    await q.query(`
      CREATE TABLE accounting_connections (
        tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('XERO')),
        organisation_id text NOT NULL,
        organisation_name text,
        tokens_sealed text NOT NULL,
        connected_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        connected_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE accounting_oauth_states (
        state_hash text PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['accounting_oauth_states', 'accounting_connections', 'payslips', 'payroll_runs', 'payroll_deduction_rules', 'pay_settings']) await q.query(`DROP TABLE ${table}`);
    await q.query(`ALTER TABLE tenants DROP COLUMN payroll_four_eyes`);
  }
}
