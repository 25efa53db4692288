import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('pay_settings_currency_check', "(currency ~ '^[A-Z]{3}$'::text)")
@Check('pay_settings_overtime_daily_minutes_check', '(overtime_daily_minutes > 0)')
@Check('pay_settings_overtime_multiplier_pct_check', '(overtime_multiplier_pct >= 100)')
@Check('pay_settings_rate_minor_check', '(rate_minor >= 0)')
@Check('pay_settings_type_check', "(type = ANY (ARRAY['HOURLY'::text, 'MONTHLY'::text]))")
@Entity({ name: 'pay_settings' })
export class PaySettingsEntity {
  @ForeignKey(() => TenantEntity, { name: 'pay_settings_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'pay_settings_user_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ name: 'rate_minor', type: 'bigint' })
  rateMinor!: string;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ name: 'overtime_daily_minutes', type: 'integer', default: 480 })
  overtimeDailyMinutes!: number;

  @Column({ name: 'overtime_multiplier_pct', type: 'integer', default: 150 })
  overtimeMultiplierPct!: number;

  @ForeignKey(() => UserEntity, { name: 'pay_settings_updated_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('payroll_deduction_rules_amount_minor_check', '(amount_minor >= 0)')
@Check('payroll_deduction_rules_basis_points_check', '((basis_points >= 0) AND (basis_points <= 10000))')
@Check('payroll_deduction_rules_check', "((kind = 'PERCENT'::text) = (basis_points IS NOT NULL))")
@Check('payroll_deduction_rules_check1', "((kind = 'FIXED'::text) = (amount_minor IS NOT NULL))")
@Check('payroll_deduction_rules_kind_check', "(kind = ANY (ARRAY['PERCENT'::text, 'FIXED'::text]))")
@Index('payroll_deduction_rules_tenant_idx', ['tenantId', 'position'])
@Entity({ name: 'payroll_deduction_rules' })
export class PayrollDeductionRuleEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'payroll_deduction_rules_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ name: 'basis_points', type: 'integer', nullable: true })
  basisPoints!: number | null;

  @Column({ name: 'amount_minor', type: 'bigint', nullable: true })
  amountMinor!: string | null;

  @Column({ name: 'account_code', type: 'text' })
  accountCode!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Check('payroll_runs_check', '(total_gross_minor = (total_deductions_minor + total_net_minor))')
@Check('payroll_runs_check1', "((status = 'DRAFT'::text) = (approved_at IS NULL))")
@Check('payroll_runs_check2', "((status = 'PAID'::text) = (paid_at IS NOT NULL))")
@Check('payroll_runs_period_year_month_check', "(period_year_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'::text)")
@Check('payroll_runs_status_check', "(status = ANY (ARRAY['DRAFT'::text, 'FINALIZED'::text, 'PAID'::text]))")
@Index('payroll_runs_period_key', ['tenantId', 'periodYearMonth'], { unique: true })
@Entity({ name: 'payroll_runs' })
export class PayrollRunEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'payroll_runs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'period_year_month', type: 'text' })
  periodYearMonth!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ name: 'total_gross_minor', type: 'bigint' })
  totalGrossMinor!: string;

  @Column({ name: 'total_deductions_minor', type: 'bigint' })
  totalDeductionsMinor!: string;

  @Column({ name: 'total_net_minor', type: 'bigint' })
  totalNetMinor!: string;

  @Column({ name: 'payslip_count', type: 'integer' })
  payslipCount!: number;

  @Column({ type: 'jsonb' })
  journal!: unknown;

  /** Who the run could not pay when it was computed: no pay settings and no salaried contract. */
  @Column({ name: 'left_out', type: 'jsonb', default: () => "'[]'" })
  leftOut!: unknown;

  @ForeignKey(() => UserEntity, { name: 'payroll_runs_prepared_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'prepared_by_user_id', type: 'uuid', nullable: true })
  preparedByUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'payroll_runs_approved_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'approved_by_user_id', type: 'uuid', nullable: true })
  approvedByUserId!: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'payroll_runs_paid_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'paid_by_user_id', type: 'uuid', nullable: true })
  paidByUserId!: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'exported_at', type: 'timestamptz', nullable: true })
  exportedAt!: Date | null;

  @Column({ name: 'export_reference', type: 'text', nullable: true })
  exportReference!: string | null;

  @Column({ name: 'computed_at', type: 'timestamptz' })
  computedAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Unique('payslips_run_id_user_id_key', ['runId', 'userId'])
@Check('payslips_check', '(gross_minor = (deductions_minor + net_minor))')
@Index('payslips_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'payslips' })
export class PayslipEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'payslips_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => PayrollRunEntity, { name: 'payslips_run_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @ForeignKey(() => UserEntity, { name: 'payslips_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ name: 'gross_minor', type: 'bigint' })
  grossMinor!: string;

  @Column({ name: 'deductions_minor', type: 'bigint' })
  deductionsMinor!: string;

  @Column({ name: 'net_minor', type: 'bigint' })
  netMinor!: string;

  @Column({ type: 'jsonb' })
  lines!: unknown;
}

@Check('accounting_connections_provider_check', "(provider = 'XERO'::text)")
@Entity({ name: 'accounting_connections' })
export class AccountingConnectionEntity {
  @ForeignKey(() => TenantEntity, { name: 'accounting_connections_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ name: 'organisation_id', type: 'text' })
  organisationId!: string;

  @Column({ name: 'organisation_name', type: 'text', nullable: true })
  organisationName!: string | null;

  @Column({ name: 'tokens_sealed', type: 'text' })
  tokensSealed!: string;

  @ForeignKey(() => UserEntity, { name: 'accounting_connections_connected_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'connected_by_user_id', type: 'uuid', nullable: true })
  connectedByUserId!: string | null;

  @Column({ name: 'connected_at', type: 'timestamptz' })
  connectedAt!: Date;
}


@Entity({ name: 'accounting_oauth_states' })
export class AccountingOAuthStateEntity {
  @PrimaryColumn({ name: 'state_hash', type: 'text' })
  stateHash!: string;

  @ForeignKey(() => TenantEntity, { name: 'accounting_oauth_states_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'accounting_oauth_states_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
