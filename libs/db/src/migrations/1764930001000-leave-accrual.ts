import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, leave accrual: an accrual policy per HR contract, and the append-only ledger every
 * leave balance is summed from. A period's accrual, carry-over and expiry are unique per person,
 * so the job can run again (or after a crash) without posting twice; a leave request is taken once.
 */
export class LeaveAccrual1764930001000 implements MigrationInterface {
  name = 'LeaveAccrual1764930001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE leave_accrual_policies (
        contract_id uuid PRIMARY KEY REFERENCES hr_contracts(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        method text NOT NULL CHECK (method IN ('MONTHLY','HOURS_WORKED')),
        unit text NOT NULL CHECK (unit IN ('DAYS','HOURS')),
        amount_per_month numeric(9,2) CHECK (amount_per_month >= 0),
        rate_basis_points integer CHECK (rate_basis_points > 0 AND rate_basis_points <= 10000),
        hours_per_day numeric(5,2) CHECK (hours_per_day > 0 AND hours_per_day <= 24),
        starts_on date NOT NULL,
        leave_year_start_month integer NOT NULL CHECK (leave_year_start_month BETWEEN 1 AND 12),
        carry_over_max numeric(9,2) CHECK (carry_over_max >= 0),
        carry_over_expiry_months integer CHECK (carry_over_expiry_months BETWEEN 1 AND 12),
        balance_cap numeric(9,2) CHECK (balance_cap >= 0),
        on_exceed text NOT NULL CHECK (on_exceed IN ('WARN','REFUSE')),
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT leave_accrual_policies_rate_check CHECK ((method = 'HOURS_WORKED') = (rate_basis_points IS NOT NULL)),
        CONSTRAINT leave_accrual_policies_hours_check CHECK ((unit = 'HOURS') = (hours_per_day IS NOT NULL)),
        CONSTRAINT leave_accrual_policies_hours_worked_unit_check CHECK ((method <> 'HOURS_WORKED') OR (unit = 'HOURS'))
      )`);
    await q.query(`CREATE INDEX leave_accrual_policies_user_idx ON leave_accrual_policies (tenant_id, user_id)`);

    await q.query(`
      CREATE TABLE leave_ledger_entries (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('ACCRUAL','TAKEN','CARRY_OVER','EXPIRY','ADJUSTMENT')),
        unit text NOT NULL CHECK (unit IN ('DAYS','HOURS')),
        amount numeric(9,2) NOT NULL,
        effective_on date NOT NULL,
        period text,
        leave_request_id uuid REFERENCES leave_requests(id) ON DELETE CASCADE,
        note text NOT NULL,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT leave_ledger_entries_period_check CHECK ((kind = ANY (ARRAY['ACCRUAL'::text, 'CARRY_OVER'::text, 'EXPIRY'::text])) = (period IS NOT NULL)),
        CONSTRAINT leave_ledger_entries_request_check CHECK ((kind = 'TAKEN') = (leave_request_id IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX leave_ledger_entries_period_key ON leave_ledger_entries (tenant_id, user_id, kind, period) WHERE period IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX leave_ledger_entries_request_key ON leave_ledger_entries (leave_request_id) WHERE leave_request_id IS NOT NULL`);
    await q.query(`CREATE INDEX leave_ledger_entries_user_idx ON leave_ledger_entries (tenant_id, user_id, effective_on, created_at)`);
    // Append-only: a figure is corrected by a new ADJUSTMENT line, never by rewriting one. Only the
    // author's id may change, to null, when that person's row is deleted.
    await q.query(`
      CREATE FUNCTION leave_ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (NEW.id, NEW.tenant_id, NEW.user_id, NEW.kind, NEW.unit, NEW.amount, NEW.effective_on, NEW.period, NEW.leave_request_id, NEW.note, NEW.created_at)
           IS DISTINCT FROM (OLD.id, OLD.tenant_id, OLD.user_id, OLD.kind, OLD.unit, OLD.amount, OLD.effective_on, OLD.period, OLD.leave_request_id, OLD.note, OLD.created_at)
           OR NEW.created_by_user_id IS NOT NULL AND NEW.created_by_user_id IS DISTINCT FROM OLD.created_by_user_id THEN
          RAISE EXCEPTION 'leave_ledger_entries is append-only';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER leave_ledger_entries_no_update BEFORE UPDATE ON leave_ledger_entries FOR EACH ROW EXECUTE FUNCTION leave_ledger_entries_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE leave_ledger_entries`);
    await q.query(`DROP FUNCTION leave_ledger_entries_append_only()`);
    await q.query(`DROP TABLE leave_accrual_policies`);
  }
}
