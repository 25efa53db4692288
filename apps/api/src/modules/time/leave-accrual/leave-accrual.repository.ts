import type { DataSource } from '@wfm/db/data-source';
import type { AccrualMethod, LedgerKind, LeaveUnit, OnExceed } from '@wfm/db/entities/leave-accrual.entity';
import { exec, live, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { assignedToAnySql } from '../../organization/user-outlets/user-outlets.repository.js';

/** A policy as the service reads it: numbers as hundredths, dates as YYYY-MM-DD. */
export interface AccrualPolicy {
  contractId: string;
  tenantId: string;
  userId: string;
  method: AccrualMethod;
  unit: LeaveUnit;
  amountPerMonth: number | null;
  rateBasisPoints: number | null;
  hoursPerDay: number | null;
  startsOn: string;
  leaveYearStartMonth: number;
  carryOverMax: number | null;
  carryOverExpiryMonths: number | null;
  balanceCap: number | null;
  onExceed: OnExceed;
  createdByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The policy of a person's ACTIVE contract, with what accrual needs of the contract and the tenant. */
export interface ActivePolicy extends AccrualPolicy {
  contractStartDate: string;
  contractEndDate: string | null;
  /** Hundredths of a day. */
  annualLeave: number;
  timezone: string;
}

export interface LedgerLine {
  id: string;
  tenantId: string;
  userId: string;
  kind: LedgerKind;
  unit: LeaveUnit;
  /** Hundredths. */
  amount: number;
  effectiveOn: string;
  period: string | null;
  leaveRequestId: string | null;
  note: string;
  createdByUserId: string | null;
  createdAt: Date;
}

export interface BalanceRow {
  userId: string;
  fullName: string;
  contractId: string;
  unit: LeaveUnit;
  balance: number;
}

const h = (col: string) => `round(${col} * 100)::int`;

const POLICY_COLUMNS = `p.contract_id AS "contractId", p.tenant_id AS "tenantId", p.user_id AS "userId", p.method, p.unit,
  ${h('p.amount_per_month')} AS "amountPerMonth", p.rate_basis_points AS "rateBasisPoints", ${h('p.hours_per_day')} AS "hoursPerDay",
  p.starts_on::text AS "startsOn", p.leave_year_start_month AS "leaveYearStartMonth", ${h('p.carry_over_max')} AS "carryOverMax",
  p.carry_over_expiry_months AS "carryOverExpiryMonths", ${h('p.balance_cap')} AS "balanceCap", p.on_exceed AS "onExceed",
  p.created_by_user_id AS "createdByUserId", p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

const ACTIVE_COLUMNS = `${POLICY_COLUMNS}, c.start_date::text AS "contractStartDate", c.end_date::text AS "contractEndDate",
  ${h('c.annual_leave_days')} AS "annualLeave", t.timezone`;

const ACTIVE_FROM = `leave_accrual_policies p
  JOIN hr_contracts c ON c.id = p.contract_id AND c.status = 'ACTIVE'
  JOIN tenants t ON t.id = p.tenant_id`;

const LINE_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", kind, unit, ${h('amount')} AS amount, effective_on::text AS "effectiveOn", period,
  leave_request_id AS "leaveRequestId", note, created_by_user_id AS "createdByUserId", created_at AS "createdAt"`;

/** A month's lines share its last day (and a run's clock): the accrual comes before the year's close, and that before an expiry. */
const KIND_ORDER = `array_position(ARRAY['ACCRUAL','TAKEN','ADJUSTMENT','CARRY_OVER','EXPIRY'], kind)`;

/** Numbers go to PostgreSQL as the decimals of their hundredths. */
const dec = (v: number | null) => (v === null ? null : (v / 100).toFixed(2));

export class LeaveAccrualRepository {
  constructor(private readonly ds: DataSource) {}

  policyOf(tenantId: string, contractId: string): Promise<AccrualPolicy | null> {
    return one(this.ds, `SELECT ${POLICY_COLUMNS} FROM leave_accrual_policies p WHERE p.tenant_id = $1 AND p.contract_id = $2`, [tenantId, contractId]);
  }

  async upsert(tx: Tx, p: AccrualPolicy): Promise<void> {
    await exec(
      tx,
      `INSERT INTO leave_accrual_policies (contract_id, tenant_id, user_id, method, unit, amount_per_month, rate_basis_points, hours_per_day, starts_on,
         leave_year_start_month, carry_over_max, carry_over_expiry_months, balance_cap, on_exceed, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
       ON CONFLICT (contract_id) DO UPDATE SET method = EXCLUDED.method, unit = EXCLUDED.unit, amount_per_month = EXCLUDED.amount_per_month,
         rate_basis_points = EXCLUDED.rate_basis_points, hours_per_day = EXCLUDED.hours_per_day, starts_on = EXCLUDED.starts_on,
         leave_year_start_month = EXCLUDED.leave_year_start_month, carry_over_max = EXCLUDED.carry_over_max,
         carry_over_expiry_months = EXCLUDED.carry_over_expiry_months, balance_cap = EXCLUDED.balance_cap, on_exceed = EXCLUDED.on_exceed,
         updated_at = EXCLUDED.updated_at`,
      [
        p.contractId,
        p.tenantId,
        p.userId,
        p.method,
        p.unit,
        dec(p.amountPerMonth),
        p.rateBasisPoints,
        dec(p.hoursPerDay),
        p.startsOn,
        p.leaveYearStartMonth,
        dec(p.carryOverMax),
        p.carryOverExpiryMonths,
        dec(p.balanceCap),
        p.onExceed,
        p.createdByUserId,
        p.updatedAt,
      ],
    );
  }

  remove(tx: Tx, tenantId: string, contractId: string): Promise<number> {
    return exec(tx, `DELETE FROM leave_accrual_policies WHERE tenant_id = $1 AND contract_id = $2`, [tenantId, contractId]);
  }

  /** The person's policy in force: the one on their ACTIVE contract; locked, to weigh one change to the balance at a time. */
  activePolicyOf(tx: Tx | null, tenantId: string, userId: string, lock: boolean): Promise<ActivePolicy | null> {
    return one(tx ?? this.ds, `SELECT ${ACTIVE_COLUMNS} FROM ${ACTIVE_FROM} WHERE p.tenant_id = $1 AND p.user_id = $2${lock ? ' FOR UPDATE OF p' : ''}`, [tenantId, userId]);
  }

  /** Locks the policy so one person's periods are posted by one run at a time. */
  lockActive(tx: Tx, tenantId: string, contractId: string): Promise<ActivePolicy | null> {
    return one(tx, `SELECT ${ACTIVE_COLUMNS} FROM ${ACTIVE_FROM} WHERE p.tenant_id = $1 AND p.contract_id = $2 FOR UPDATE OF p`, [tenantId, contractId]);
  }

  /** Every policy in force, for the job; it reads each again under lock. */
  allActive(): Promise<Array<{ tenantId: string; contractId: string }>> {
    return many(this.ds, `SELECT p.tenant_id AS "tenantId", p.contract_id AS "contractId" FROM ${ACTIVE_FROM} ORDER BY p.tenant_id, p.contract_id`);
  }

  lines(tx: Tx | null, tenantId: string, userId: string): Promise<LedgerLine[]> {
    return many(tx ?? this.ds, `SELECT ${LINE_COLUMNS} FROM leave_ledger_entries WHERE tenant_id = $1 AND user_id = $2 ORDER BY effective_on, created_at, ${KIND_ORDER}, id`, [
      tenantId,
      userId,
    ]);
  }

  /** The sum of the person's lines in the unit, those effective on or before `asOf` when given. */
  async balance(tx: Tx | null, tenantId: string, userId: string, unit: LeaveUnit, asOf?: string): Promise<number> {
    const row = await one<{ sum: number }>(
      tx ?? this.ds,
      `SELECT ${h('COALESCE(sum(amount), 0)')} AS sum FROM leave_ledger_entries
        WHERE tenant_id = $1 AND user_id = $2 AND unit = $3 AND ($4::date IS NULL OR effective_on <= $4::date)`,
      [tenantId, userId, unit, asOf ?? null],
    );
    return row!.sum;
  }

  /** What TAKEN lines drew in [from, to] (dates), as a positive amount. */
  async takenBetween(tx: Tx, tenantId: string, userId: string, unit: LeaveUnit, from: string, to: string): Promise<number> {
    const row = await one<{ sum: number }>(
      tx,
      `SELECT ${h('COALESCE(-sum(amount), 0)')} AS sum FROM leave_ledger_entries
        WHERE tenant_id = $1 AND user_id = $2 AND unit = $3 AND kind = 'TAKEN' AND effective_on BETWEEN $4::date AND $5::date`,
      [tenantId, userId, unit, from, to],
    );
    return row!.sum;
  }

  line(tx: Tx, tenantId: string, userId: string, kind: LedgerKind, period: string): Promise<LedgerLine | null> {
    return one(tx, `SELECT ${LINE_COLUMNS} FROM leave_ledger_entries WHERE tenant_id = $1 AND user_id = $2 AND kind = $3 AND period = $4`, [tenantId, userId, kind, period]);
  }

  /** False when the period or the request already has its line: a rerun posts nothing twice. */
  async insert(tx: Tx, l: LedgerLine): Promise<boolean> {
    const n = await exec(
      tx,
      `INSERT INTO leave_ledger_entries (id, tenant_id, user_id, kind, unit, amount, effective_on, period, leave_request_id, note, created_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
      [l.id, l.tenantId, l.userId, l.kind, l.unit, dec(l.amount), l.effectiveOn, l.period, l.leaveRequestId, l.note, l.createdByUserId, l.createdAt],
    );
    return n > 0;
  }

  /** Approved work clocked in within [from, to), as payroll counts it: VERIFIED or APPROVED, clocked out. */
  async minutesWorked(tx: Tx, tenantId: string, userId: string, from: Date, to: Date): Promise<number> {
    const row = await one<{ minutes: number }>(
      tx,
      `SELECT COALESCE(sum(floor(extract(epoch FROM (clock_out_at - clock_in_at)) / 60)), 0)::int AS minutes FROM attendance_events
        WHERE tenant_id = $1 AND user_id = $2 AND status IN ('VERIFIED','APPROVED') AND clock_out_at IS NOT NULL AND clock_out_at > clock_in_at
          AND clock_in_at >= $3 AND clock_in_at < $4`,
      [tenantId, userId, from, to],
    );
    return row!.minutes;
  }

  /** Days of the person's other PENDING annual leave: promised, not yet taken. */
  async pendingAnnualDays(tx: Tx, tenantId: string, userId: string, exceptId: string | null): Promise<number> {
    const row = await one<{ days: number }>(
      tx,
      `SELECT COALESCE(sum(days_decimal), 0)::float8 AS days FROM leave_requests
        WHERE tenant_id = $1 AND user_id = $2 AND leave_type = 'ANNUAL' AND status = 'PENDING' AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [tenantId, userId, exceptId],
    );
    return row!.days;
  }

  /**
   * Balances of the people with a policy in force, by name: the whole tenant, or the people of these
   * outlets and the caller (an OUTLET_MANAGER), or one person (STAFF).
   */
  balances(tenantId: string, f: { onlyUserId?: string; visible?: { outletIds: string[]; userId: string }; limit: number; offset: number }): Promise<BalanceRow[]> {
    const params: unknown[] = [tenantId];
    const where = ['p.tenant_id = $1', live('u')];
    if (f.onlyUserId !== undefined) where.push(`p.user_id = $${params.push(f.onlyUserId)}`);
    if (f.visible !== undefined) {
      where.push(`(p.user_id = $${params.push(f.visible.userId)} OR ${assignedToAnySql('p.user_id', 'p.tenant_id', `$${params.push(f.visible.outletIds)}::uuid[]`)})`);
    }
    return many(
      this.ds,
      `SELECT p.user_id AS "userId", u.full_name AS "fullName", p.contract_id AS "contractId", p.unit,
              ${h(`COALESCE((SELECT sum(e.amount) FROM leave_ledger_entries e WHERE e.tenant_id = p.tenant_id AND e.user_id = p.user_id AND e.unit = p.unit), 0)`)} AS balance
         FROM leave_accrual_policies p
         JOIN hr_contracts c ON c.id = p.contract_id AND c.status = 'ACTIVE'
         JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY u.full_name, u.id LIMIT $${params.push(f.limit)} OFFSET $${params.push(f.offset)}`,
      params,
    );
  }

  async liveUserExists(tenantId: string, userId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  /** The contract a policy is set on: its person and whether it can still take one. */
  contract(tx: Tx | null, tenantId: string, id: string): Promise<{ userId: string; status: string; startDate: string } | null> {
    return one(tx ?? this.ds, `SELECT user_id AS "userId", status, start_date::text AS "startDate" FROM hr_contracts WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }
}
