import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('hr_contracts_annual_leave_days_check', '(annual_leave_days >= (0)::numeric)')
@Check('hr_contracts_check', '((end_date IS NULL) OR (end_date >= start_date))')
@Check('hr_contracts_check1', '((salary_minor IS NULL) = (currency IS NULL))')
@Check('hr_contracts_currency_check', "(currency ~ '^[A-Z]{3}$'::text)")
@Check('hr_contracts_employment_type_check', "(employment_type = ANY (ARRAY['FULL_TIME'::text, 'PART_TIME'::text, 'FIXED_TERM'::text, 'CASUAL'::text, 'INTERN'::text, 'CONTRACTOR'::text]))")
@Check('hr_contracts_salary_minor_check', '(salary_minor >= 0)')
@Check('hr_contracts_status_check', "(status = ANY (ARRAY['DRAFT'::text, 'ACTIVE'::text, 'TERMINATED'::text, 'EXPIRED'::text]))")
@Index('hr_contracts_active_end_idx', ['endDate'], { where: "((status = 'ACTIVE'::text) AND (end_date IS NOT NULL))" })
@Index('hr_contracts_one_active_key', ['tenantId', 'userId'], { unique: true, where: "(status = 'ACTIVE'::text)" })
@Index('hr_contracts_user_idx', ['tenantId', 'userId', 'createdAt', 'id'])
@Entity({ name: 'hr_contracts' })
export class HrContractEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'hr_contracts_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'hr_contracts_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'job_title', type: 'text' })
  jobTitle!: string;

  @Column({ name: 'employment_type', type: 'text' })
  employmentType!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate!: Date;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate!: Date | null;

  @Column({ name: 'salary_minor', type: 'bigint', nullable: true })
  salaryMinor!: string | null;

  @Column({ type: 'text', nullable: true })
  currency!: string | null;

  @Column({ name: 'annual_leave_days', type: 'numeric', precision: 5, scale: 1, default: 28 })
  annualLeaveDays!: string;

  @Column({ name: 'end_reason', type: 'text', nullable: true })
  endReason!: string | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'hr_contracts_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('disciplinary_actions_category_check', "(category = ANY (ARRAY['ATTENDANCE'::text, 'CONDUCT'::text, 'PERFORMANCE'::text, 'SAFETY'::text, 'POLICY'::text, 'OTHER'::text]))")
@Check('disciplinary_actions_level_check', "(level = ANY (ARRAY['VERBAL'::text, 'WRITTEN'::text, 'FINAL'::text, 'DISMISSAL'::text]))")
@Check('disciplinary_actions_requested_level_check', "(requested_level = ANY (ARRAY['VERBAL'::text, 'WRITTEN'::text, 'FINAL'::text, 'DISMISSAL'::text]))")
@Index('disciplinary_actions_user_idx', ['tenantId', 'userId', 'category', 'issuedAt'])
@Entity({ name: 'disciplinary_actions' })
export class DisciplinaryActionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'disciplinary_actions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'disciplinary_actions_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  level!: string;

  @Column({ name: 'requested_level', type: 'text' })
  requestedLevel!: string;

  @Column({ type: 'text' })
  category!: string;

  @Column({ type: 'text', nullable: true })
  details!: string | null;

  @Column({ name: 'auto_escalated', type: 'boolean' })
  autoEscalated!: boolean;

  @ForeignKey(() => UserEntity, { name: 'disciplinary_actions_issued_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issued_by_user_id', type: 'uuid', nullable: true })
  issuedByUserId!: string | null;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;
}

@Check('offboardings_check', "((status = 'COMPLETED'::text) = (completed_at IS NOT NULL))")
@Check('offboardings_reason_check', "(reason = ANY (ARRAY['RESIGNATION'::text, 'TERMINATION'::text, 'REDUNDANCY'::text, 'RETIREMENT'::text, 'END_OF_CONTRACT'::text, 'MUTUAL_AGREEMENT'::text, 'OTHER'::text]))")
@Check('offboardings_status_check', "(status = ANY (ARRAY['IN_PROGRESS'::text, 'COMPLETED'::text, 'CANCELLED'::text]))")
@Index('offboardings_one_open_key', ['tenantId', 'userId'], { unique: true, where: "(status = 'IN_PROGRESS'::text)" })
@Index('offboardings_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'offboardings' })
export class OffboardingEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'offboardings_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'offboardings_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'last_working_day', type: 'date' })
  lastWorkingDay!: Date;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'jsonb', nullable: true })
  settlement!: unknown;

  @ForeignKey(() => UserEntity, { name: 'offboardings_started_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'started_by_user_id', type: 'uuid', nullable: true })
  startedByUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'offboardings_finalized_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'finalized_by_user_id', type: 'uuid', nullable: true })
  finalizedByUserId!: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Unique('offboarding_checklist_items_offboarding_id_position_key', ['offboardingId', 'position'])
@Entity({ name: 'offboarding_checklist_items' })
export class OffboardingChecklistItemEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'offboarding_checklist_items_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OffboardingEntity, { name: 'offboarding_checklist_items_offboarding_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'offboarding_id', type: 'uuid' })
  offboardingId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'boolean', default: false })
  done!: boolean;

  @ForeignKey(() => UserEntity, { name: 'offboarding_checklist_items_done_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'done_by_user_id', type: 'uuid', nullable: true })
  doneByUserId!: string | null;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt!: Date | null;
}
