import type { DataSource } from '@wfm/db/data-source';
import { ConflictError } from '@wfm/core/errors';
import type { PaySettingsEntity, PayrollRunEntity, PayslipEntity } from '@wfm/db/entities/payroll.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ComputedPayslip, DeductionRule, Journal, LeaveSpan, PayType, WorkedInterval } from './payroll-engine.js';

export type RunStatus = 'DRAFT' | 'FINALIZED' | 'PAID';

/** The rate as payColumns casts it, to float8; the type as the service writes it. */
export type PaySettingRow = Row<PaySettingsEntity, 'tenantId' | 'userId' | 'currency' | 'overtimeDailyMinutes' | 'overtimeMultiplierPct' | 'updatedByUserId' | 'updatedAt'> & {
  type: PayType;
  rateMinor: number;
};

/** The totals as RUN_COLUMNS casts them, to float8; the status and journal as the service writes them. */
export type Run = Row<
  PayrollRunEntity,
  | 'id'
  | 'tenantId'
  | 'periodYearMonth'
  | 'currency'
  | 'payslipCount'
  | 'preparedByUserId'
  | 'approvedByUserId'
  | 'approvedAt'
  | 'paidByUserId'
  | 'paidAt'
  | 'exportedAt'
  | 'exportReference'
  | 'computedAt'
  | 'createdAt'
> & { status: RunStatus; totalGrossMinor: number; totalDeductionsMinor: number; totalNetMinor: number; journal: Journal; leftOut: LeftOut[] };

/** Someone the run could not pay, and the approved time they worked in the month (unpaid, then). */
export interface LeftOut {
  userId: string;
  fullName: string;
  workedMinutes: number;
}

/** The amounts as slipColumns casts them, to float8; the lines as the engine computed them. */
export type Payslip = Row<PayslipEntity, 'id' | 'runId' | 'userId' | 'currency'> & ComputedPayslip;

const payColumns = (a: string) => `${a}.tenant_id AS "tenantId", ${a}.user_id AS "userId", ${a}.type, ${a}.rate_minor::float8 AS "rateMinor", ${a}.currency,
  ${a}.overtime_daily_minutes AS "overtimeDailyMinutes", ${a}.overtime_multiplier_pct AS "overtimeMultiplierPct", ${a}.updated_by_user_id AS "updatedByUserId", ${a}.updated_at AS "updatedAt"`;
const RUN_COLUMNS = `id, tenant_id AS "tenantId", period_year_month AS "periodYearMonth", status, currency, total_gross_minor::float8 AS "totalGrossMinor",
  total_deductions_minor::float8 AS "totalDeductionsMinor", total_net_minor::float8 AS "totalNetMinor", payslip_count AS "payslipCount", journal, left_out AS "leftOut",
  prepared_by_user_id AS "preparedByUserId", approved_by_user_id AS "approvedByUserId", approved_at AS "approvedAt", paid_by_user_id AS "paidByUserId",
  paid_at AS "paidAt", exported_at AS "exportedAt", export_reference AS "exportReference", computed_at AS "computedAt", created_at AS "createdAt"`;
const slipColumns = (a: string) => `${a}.id, ${a}.run_id AS "runId", ${a}.user_id AS "userId", ${a}.currency, ${a}.gross_minor::float8 AS "grossMinor",
  ${a}.deductions_minor::float8 AS "deductionsMinor", ${a}.net_minor::float8 AS "netMinor", ${a}.lines`;

/** Everyone's pay: their settings, or else a twelfth of an active contract's yearly salary. $1 is the tenant. */
export const PAY = `pay AS (
   SELECT ${payColumns('p')} FROM pay_settings p WHERE p.tenant_id = $1
   UNION ALL
   SELECT c.tenant_id, c.user_id, 'MONTHLY', round(c.salary_minor / 12.0)::float8, c.currency, 480, 150, c.created_by_user_id, c.updated_at
     FROM hr_contracts c
    WHERE c.tenant_id = $1 AND c.status = 'ACTIVE' AND c.salary_minor IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM pay_settings s WHERE s.tenant_id = $1 AND s.user_id = c.user_id)
 )`;

/** The people of user row `u` a month's run is for: active, or paid for time worked or leave taken in [$2, $3). */
const IN_THE_MONTH = `${live('u')}
   AND (u.status = 'ACTIVE'
        OR EXISTS (SELECT 1 FROM attendance_events a WHERE a.tenant_id = $1 AND a.user_id = u.id AND a.status IN ('VERIFIED','APPROVED') AND a.clock_in_at >= $2 AND a.clock_in_at < $3)
        OR EXISTS (SELECT 1 FROM leave_requests l WHERE l.tenant_id = $1 AND l.user_id = u.id AND l.status = 'APPROVED' AND tstzrange(l.start_date, l.end_date, '[]') && tstzrange($2, $3, '[)')))`;

// Two first runs of a month at once: the tenant lock serialises them, so this is the database's word on a race the lock missed.
const ONE_RUN_A_MONTH = { payroll_runs_period_key: () => new ConflictError('A payroll run exists for this month', 'RUN_EXISTS') };

export class PayrollRepository {
  constructor(private readonly ds: DataSource) {}

  async liveUser(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  async upsertPay(tx: Tx, p: { tenantId: string; userId: string; type: PayType; rateMinor: number; currency: string; overtimeDailyMinutes: number; overtimeMultiplierPct: number; by: string; at: Date }): Promise<PaySettingRow> {
    const row = await one<PaySettingRow>(
      tx,
      `INSERT INTO pay_settings (tenant_id, user_id, type, rate_minor, currency, overtime_daily_minutes, overtime_multiplier_pct, updated_by_user_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (tenant_id, user_id) DO UPDATE SET type = $3, rate_minor = $4, currency = $5, overtime_daily_minutes = $6, overtime_multiplier_pct = $7,
         updated_by_user_id = $8, updated_at = $9
       RETURNING ${payColumns('pay_settings')}`,
      [p.tenantId, p.userId, p.type, p.rateMinor, p.currency, p.overtimeDailyMinutes, p.overtimeMultiplierPct, p.by, p.at],
    );
    return row!;
  }

  findPay(tenantId: string, userId: string): Promise<PaySettingRow | null> {
    return one(this.ds, `SELECT ${payColumns('p')} FROM pay_settings p WHERE p.tenant_id = $1 AND p.user_id = $2`, [tenantId, userId]);
  }

  /**
   * Everyone paid this month, live and either active or with approved work or leave in [from, to):
   * by their pay settings, or — without any — by their active contract's salary, monthly (a
   * twelfth of the yearly salary, rounded half up) with the standard overtime rule.
   */
  payable(tx: Tx, tenantId: string, from: Date, to: Date): Promise<PaySettingRow[]> {
    return many(
      tx,
      `WITH ${PAY} SELECT p.* FROM pay p JOIN users u ON u.tenant_id = p."tenantId" AND u.id = p."userId"
        WHERE ${IN_THE_MONTH} ORDER BY u.full_name, u.id`,
      [tenantId, from, to],
    );
  }

  /** Who would be in the month's run but has nothing to be paid by, with the approved minutes they worked. */
  leftOut(tx: Tx, tenantId: string, from: Date, to: Date): Promise<LeftOut[]> {
    return many(
      tx,
      `WITH ${PAY}
       SELECT u.id AS "userId", u.full_name AS "fullName",
              COALESCE((SELECT sum(extract(epoch FROM (a.clock_out_at - a.clock_in_at)) / 60)::int FROM attendance_events a
                         WHERE a.tenant_id = $1 AND a.user_id = u.id AND a.status IN ('VERIFIED','APPROVED') AND a.clock_out_at IS NOT NULL
                           AND a.clock_in_at >= $2 AND a.clock_in_at < $3), 0) AS "workedMinutes"
         FROM users u
        WHERE u.tenant_id = $1 AND ${IN_THE_MONTH} AND NOT EXISTS (SELECT 1 FROM pay p WHERE p."userId" = u.id)
        ORDER BY u.full_name, u.id`,
      [tenantId, from, to],
    );
  }

  /** Approved work clocked in within [from, to): VERIFIED (clocked out of a shift) or APPROVED by a manager. */
  worked(tx: Tx, tenantId: string, from: Date, to: Date): Promise<Array<WorkedInterval & { userId: string }>> {
    return many(
      tx,
      `SELECT user_id AS "userId", clock_in_at AS start, clock_out_at AS "end" FROM attendance_events
        WHERE tenant_id = $1 AND status IN ('VERIFIED','APPROVED') AND clock_out_at IS NOT NULL AND clock_in_at >= $2 AND clock_in_at < $3`,
      [tenantId, from, to],
    );
  }

  leave(tx: Tx, tenantId: string, from: Date, to: Date): Promise<Array<LeaveSpan & { userId: string }>> {
    return many(
      tx,
      `SELECT user_id AS "userId", leave_type AS type, start_date AS start, end_date AS "end", half_day AS "halfDay" FROM leave_requests
        WHERE tenant_id = $1 AND status = 'APPROVED' AND tstzrange(start_date, end_date, '[]') && tstzrange($2, $3, '[)')`,
      [tenantId, from, to],
    );
  }

  rules(db: Tx | null, tenantId: string): Promise<DeductionRule[]> {
    return many(
      db ?? this.ds,
      `SELECT id, name, kind, basis_points AS "basisPoints", amount_minor::float8 AS "amountMinor", account_code AS "accountCode", position
         FROM payroll_deduction_rules WHERE tenant_id = $1 ORDER BY position, id`,
      [tenantId],
    );
  }

  async insertRule(tx: Tx, r: DeductionRule & { tenantId: string; at: Date }): Promise<void> {
    await exec(
      tx,
      `INSERT INTO payroll_deduction_rules (id, tenant_id, name, kind, basis_points, amount_minor, account_code, position, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(max(position), 0) + 1 FROM payroll_deduction_rules WHERE tenant_id = $2), $8)`,
      [r.id, r.tenantId, r.name, r.kind, r.basisPoints, r.amountMinor, r.accountCode, r.at],
    );
  }

  deleteRule(tenantId: string, id: string): Promise<number> {
    return exec(this.ds, `DELETE FROM payroll_deduction_rules WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Serialises computing a tenant's run, so two recomputes cannot interleave their payslips. */
  async lockTenant(tx: Tx, tenantId: string): Promise<{ fourEyes: boolean }> {
    return (await one<{ fourEyes: boolean }>(tx, `SELECT payroll_four_eyes AS "fourEyes" FROM tenants WHERE id = $1 FOR UPDATE`, [tenantId]))!;
  }

  async insertRun(tx: Tx, r: Run): Promise<void> {
    await exec(
      tx,
      `INSERT INTO payroll_runs (id, tenant_id, period_year_month, status, currency, total_gross_minor, total_deductions_minor, total_net_minor, payslip_count, journal,
                                 left_out, prepared_by_user_id, computed_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'DRAFT', $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $12)`,
      [r.id, r.tenantId, r.periodYearMonth, r.currency, r.totalGrossMinor, r.totalDeductionsMinor, r.totalNetMinor, r.payslipCount, JSON.stringify(r.journal), JSON.stringify(r.leftOut), r.preparedByUserId, r.computedAt],
    ).catch((err) => onConstraint(err, ONE_RUN_A_MONTH));
  }

  async replaceTotals(tx: Tx, r: Run): Promise<void> {
    await exec(
      tx,
      `UPDATE payroll_runs SET currency = $3, total_gross_minor = $4, total_deductions_minor = $5, total_net_minor = $6, payslip_count = $7, journal = $8,
              left_out = $9, prepared_by_user_id = $10, computed_at = $11, updated_at = $11 WHERE tenant_id = $1 AND id = $2`,
      [r.tenantId, r.id, r.currency, r.totalGrossMinor, r.totalDeductionsMinor, r.totalNetMinor, r.payslipCount, JSON.stringify(r.journal), JSON.stringify(r.leftOut), r.preparedByUserId, r.computedAt],
    );
  }

  async replacePayslips(tx: Tx, tenantId: string, runId: string, slips: Payslip[]): Promise<void> {
    await exec(tx, `DELETE FROM payslips WHERE tenant_id = $1 AND run_id = $2`, [tenantId, runId]);
    for (const s of slips) {
      await exec(
        tx,
        `INSERT INTO payslips (id, tenant_id, run_id, user_id, currency, gross_minor, deductions_minor, net_minor, lines) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [s.id, tenantId, runId, s.userId, s.currency, s.grossMinor, s.deductionsMinor, s.netMinor, JSON.stringify(s.lines)],
      );
    }
  }

  findRunOfMonth(tx: Tx, tenantId: string, periodYearMonth: string): Promise<Pick<Run, 'id' | 'status'> | null> {
    return one(tx, `SELECT id, status FROM payroll_runs WHERE tenant_id = $1 AND period_year_month = $2`, [tenantId, periodYearMonth]);
  }

  lockRun(tx: Tx, tenantId: string, id: string): Promise<Run | null> {
    return one(tx, `SELECT ${RUN_COLUMNS} FROM payroll_runs WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  findRun(db: Tx | null, tenantId: string, id: string): Promise<Run | null> {
    return one(db ?? this.ds, `SELECT ${RUN_COLUMNS} FROM payroll_runs WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  listRuns(tenantId: string, limit: number, offset: number): Promise<Run[]> {
    return many(this.ds, `SELECT ${RUN_COLUMNS} FROM payroll_runs WHERE tenant_id = $1 ORDER BY period_year_month DESC, id LIMIT $2 OFFSET $3`, [tenantId, limit, offset]);
  }

  async approve(tx: Tx, tenantId: string, id: string, by: string, at: Date): Promise<Run> {
    return (await one<Run>(tx, `UPDATE payroll_runs SET status = 'FINALIZED', approved_by_user_id = $3, approved_at = $4, updated_at = $4 WHERE tenant_id = $1 AND id = $2 RETURNING ${RUN_COLUMNS}`, [
      tenantId,
      id,
      by,
      at,
    ]))!;
  }

  async markPaid(tx: Tx, tenantId: string, id: string, by: string, at: Date): Promise<Run> {
    return (await one<Run>(tx, `UPDATE payroll_runs SET status = 'PAID', paid_by_user_id = $3, paid_at = $4, updated_at = $4 WHERE tenant_id = $1 AND id = $2 RETURNING ${RUN_COLUMNS}`, [tenantId, id, by, at]))!;
  }

  async markExported(tenantId: string, id: string, reference: string, at: Date): Promise<Run> {
    return (await one<Run>(this.ds, `UPDATE payroll_runs SET exported_at = $3, export_reference = $4, updated_at = $3 WHERE tenant_id = $1 AND id = $2 RETURNING ${RUN_COLUMNS}`, [
      tenantId,
      id,
      at,
      reference,
    ]))!;
  }

  payslips(tenantId: string, runId: string): Promise<Payslip[]> {
    return many(this.ds, `SELECT ${slipColumns('s')} FROM payslips s WHERE s.tenant_id = $1 AND s.run_id = $2 ORDER BY s.user_id`, [tenantId, runId]);
  }

  payslip(tenantId: string, runId: string, userId: string): Promise<Payslip | null> {
    return one(this.ds, `SELECT ${slipColumns('s')} FROM payslips s WHERE s.tenant_id = $1 AND s.run_id = $2 AND s.user_id = $3`, [tenantId, runId, userId]);
  }

  /** A person's payslips of approved runs, newest month first. */
  payslipsOf(tenantId: string, userId: string): Promise<Array<Payslip & { periodYearMonth: string; runStatus: RunStatus }>> {
    return many(
      this.ds,
      `SELECT ${slipColumns('s')}, r.period_year_month AS "periodYearMonth", r.status AS "runStatus"
         FROM payslips s JOIN payroll_runs r ON r.id = s.run_id AND r.tenant_id = s.tenant_id
        WHERE s.tenant_id = $1 AND s.user_id = $2 AND r.status <> 'DRAFT' ORDER BY r.period_year_month DESC`,
      [tenantId, userId],
    );
  }

  async fullName(tenantId: string, userId: string): Promise<string | null> {
    return (await one<{ fullName: string }>(this.ds, `SELECT full_name AS "fullName" FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId]))?.fullName ?? null;
  }
}
