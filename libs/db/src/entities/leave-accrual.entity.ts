import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { HrContractEntity } from './people-lifecycle.entity.js';
import { LeaveRequestEntity } from './leave.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** The value sets the migration's CHECK constraints enforce; schemas validate against the same lists. */
export const ACCRUAL_METHODS = ['MONTHLY', 'HOURS_WORKED'] as const;
export type AccrualMethod = (typeof ACCRUAL_METHODS)[number];
export const LEAVE_UNITS = ['DAYS', 'HOURS'] as const;
export type LeaveUnit = (typeof LEAVE_UNITS)[number];
export const ON_EXCEED = ['WARN', 'REFUSE'] as const;
export type OnExceed = (typeof ON_EXCEED)[number];
export const LEDGER_KINDS = ['ACCRUAL', 'TAKEN', 'CARRY_OVER', 'EXPIRY', 'ADJUSTMENT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * How a contract's annual leave accrues (issue 31). A contract without a row keeps the behaviour
 * from before accrual: no ledger, the settlement's pro-rata computation.
 */
@Check('leave_accrual_policies_amount_per_month_check', '(amount_per_month >= (0)::numeric)')
@Check('leave_accrual_policies_balance_cap_check', '(balance_cap >= (0)::numeric)')
@Check('leave_accrual_policies_carry_over_expiry_months_check', '((carry_over_expiry_months >= 1) AND (carry_over_expiry_months <= 12))')
@Check('leave_accrual_policies_carry_over_max_check', '(carry_over_max >= (0)::numeric)')
@Check('leave_accrual_policies_hours_check', "((unit = 'HOURS'::text) = (hours_per_day IS NOT NULL))")
@Check('leave_accrual_policies_hours_per_day_check', '((hours_per_day > (0)::numeric) AND (hours_per_day <= (24)::numeric))')
@Check('leave_accrual_policies_hours_worked_unit_check', "((method <> 'HOURS_WORKED'::text) OR (unit = 'HOURS'::text))")
@Check('leave_accrual_policies_leave_year_start_month_check', '((leave_year_start_month >= 1) AND (leave_year_start_month <= 12))')
@Check('leave_accrual_policies_method_check', "(method = ANY (ARRAY['MONTHLY'::text, 'HOURS_WORKED'::text]))")
@Check('leave_accrual_policies_on_exceed_check', "(on_exceed = ANY (ARRAY['WARN'::text, 'REFUSE'::text]))")
@Check('leave_accrual_policies_rate_basis_points_check', '((rate_basis_points > 0) AND (rate_basis_points <= 10000))')
@Check('leave_accrual_policies_rate_check', "((method = 'HOURS_WORKED'::text) = (rate_basis_points IS NOT NULL))")
@Check('leave_accrual_policies_unit_check', "(unit = ANY (ARRAY['DAYS'::text, 'HOURS'::text]))")
@Index('leave_accrual_policies_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'leave_accrual_policies' })
export class LeaveAccrualPolicyEntity {
  @ForeignKey(() => HrContractEntity, { name: 'leave_accrual_policies_contract_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'contract_id', type: 'uuid' })
  contractId!: string;

  @ForeignKey(() => TenantEntity, { name: 'leave_accrual_policies_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'leave_accrual_policies_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  method!: AccrualMethod;

  @Column({ type: 'text' })
  unit!: LeaveUnit;

  /** MONTHLY: the amount of a full month; null for the contract's annualLeaveDays / 12 (DAYS only). */
  @Column({ name: 'amount_per_month', type: 'numeric', precision: 9, scale: 2, nullable: true })
  amountPerMonth!: string | null;

  /** HOURS_WORKED: the share of hours worked, in basis points (1207 = 12.07 %). */
  @Column({ name: 'rate_basis_points', type: 'integer', nullable: true })
  rateBasisPoints!: number | null;

  /** HOURS: the hours one day of leave takes from the balance. */
  @Column({ name: 'hours_per_day', type: 'numeric', precision: 5, scale: 2, nullable: true })
  hoursPerDay!: string | null;

  @Column({ name: 'starts_on', type: 'date' })
  startsOn!: Date;

  @Column({ name: 'leave_year_start_month', type: 'integer' })
  leaveYearStartMonth!: number;

  /** What may carry into the next leave year; null carries everything. */
  @Column({ name: 'carry_over_max', type: 'numeric', precision: 9, scale: 2, nullable: true })
  carryOverMax!: string | null;

  /** Months into the new leave year after which carried leave not yet used expires; null never. */
  @Column({ name: 'carry_over_expiry_months', type: 'integer', nullable: true })
  carryOverExpiryMonths!: number | null;

  /** The balance accrual does not raise beyond; null for none. */
  @Column({ name: 'balance_cap', type: 'numeric', precision: 9, scale: 2, nullable: true })
  balanceCap!: string | null;

  @Column({ name: 'on_exceed', type: 'text' })
  onExceed!: OnExceed;

  @ForeignKey(() => UserEntity, { name: 'leave_accrual_policies_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One line of a person's leave ledger: balances are its sums, never stored. */
@Check('leave_ledger_entries_kind_check', "(kind = ANY (ARRAY['ACCRUAL'::text, 'TAKEN'::text, 'CARRY_OVER'::text, 'EXPIRY'::text, 'ADJUSTMENT'::text]))")
@Check('leave_ledger_entries_period_check', "((kind = ANY (ARRAY['ACCRUAL'::text, 'CARRY_OVER'::text, 'EXPIRY'::text])) = (period IS NOT NULL))")
@Check('leave_ledger_entries_request_check', "((kind = 'TAKEN'::text) = (leave_request_id IS NOT NULL))")
@Check('leave_ledger_entries_unit_check', "(unit = ANY (ARRAY['DAYS'::text, 'HOURS'::text]))")
@Index('leave_ledger_entries_period_key', ['tenantId', 'userId', 'kind', 'period'], { unique: true, where: '(period IS NOT NULL)' })
@Index('leave_ledger_entries_request_key', ['leaveRequestId'], { unique: true, where: '(leave_request_id IS NOT NULL)' })
@Index('leave_ledger_entries_user_idx', ['tenantId', 'userId', 'effectiveOn', 'createdAt'])
@Entity({ name: 'leave_ledger_entries' })
export class LeaveLedgerEntryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'leave_ledger_entries_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'leave_ledger_entries_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  kind!: LedgerKind;

  @Column({ type: 'text' })
  unit!: LeaveUnit;

  /** Signed: accruals add, the rest usually take away; hundredths of the unit. */
  @Column({ type: 'numeric', precision: 9, scale: 2 })
  amount!: string;

  @Column({ name: 'effective_on', type: 'date' })
  effectiveOn!: Date;

  /** The month (YYYY-MM) of an accrual; the leave year (YYYY-MM of its first month) closed by a carry-over or expired. */
  @Column({ type: 'text', nullable: true })
  period!: string | null;

  @ForeignKey(() => LeaveRequestEntity, { name: 'leave_ledger_entries_leave_request_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'leave_request_id', type: 'uuid', nullable: true })
  leaveRequestId!: string | null;

  /** How the figure was reached, or the reason HR gave for an adjustment. */
  @Column({ type: 'text' })
  note!: string;

  @ForeignKey(() => UserEntity, { name: 'leave_ledger_entries_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
