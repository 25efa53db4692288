import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { HrContractEntity } from './people-lifecycle.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** A rule pack a tenant, outlet or contract follows, by id and released version. */
export interface PackRefJson {
  packId: string;
  version: number;
}

/** A tenant's working-time compliance (issue 31): its packs, each rule's mode, and its own limits. No row: no rules. */
@Check('compliance_settings_max_consecutive_days_check', '((max_consecutive_days >= 1) AND (max_consecutive_days <= 31))')
@Check('compliance_settings_max_shift_minutes_check', '((max_shift_minutes >= 1) AND (max_shift_minutes <= 1440))')
@Check('compliance_settings_max_weekly_minutes_check', '((max_weekly_minutes >= 1) AND (max_weekly_minutes <= 10080))')
@Check('compliance_settings_min_weekly_minutes_check', '((min_weekly_minutes >= 1) AND (min_weekly_minutes <= 10080))')
@Entity({ name: 'compliance_settings' })
export class ComplianceSettingsEntity {
  @ForeignKey(() => TenantEntity, { name: 'compliance_settings_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  packs!: PackRefJson[];

  /** Rule id → OFF, WARN or BLOCK; a rule not listed is WARN. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  modes!: Record<string, string>;

  @Column({ name: 'max_shift_minutes', type: 'integer', nullable: true })
  maxShiftMinutes!: number | null;

  @Column({ name: 'max_consecutive_days', type: 'integer', nullable: true })
  maxConsecutiveDays!: number | null;

  @Column({ name: 'min_weekly_minutes', type: 'integer', nullable: true })
  minWeeklyMinutes!: number | null;

  @Column({ name: 'max_weekly_minutes', type: 'integer', nullable: true })
  maxWeeklyMinutes!: number | null;

  @ForeignKey(() => UserEntity, { name: 'compliance_settings_updated_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The packs an outlet follows instead of the tenant's (an outlet in another jurisdiction). */
@Index('compliance_outlet_packs_tenant_idx', ['tenantId'])
@Entity({ name: 'compliance_outlet_packs' })
export class ComplianceOutletPacksEntity {
  @ForeignKey(() => OutletEntity, { name: 'compliance_outlet_packs_outlet_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => TenantEntity, { name: 'compliance_outlet_packs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'jsonb' })
  packs!: PackRefJson[];

  @ForeignKey(() => UserEntity, { name: 'compliance_outlet_packs_updated_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** What a contract changes: the packs it follows instead of its outlet's (null to inherit), and whether it is a young worker's. */
@Index('compliance_contract_settings_tenant_idx', ['tenantId'])
@Entity({ name: 'compliance_contract_settings' })
export class ComplianceContractSettingsEntity {
  @ForeignKey(() => HrContractEntity, { name: 'compliance_contract_settings_contract_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'contract_id', type: 'uuid' })
  contractId!: string;

  @ForeignKey(() => TenantEntity, { name: 'compliance_contract_settings_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'jsonb', nullable: true })
  packs!: PackRefJson[] | null;

  @Column({ name: 'young_worker', type: 'boolean', default: false })
  youngWorker!: boolean;

  @ForeignKey(() => UserEntity, { name: 'compliance_contract_settings_updated_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const VIOLATION_STATUSES = ['OPEN', 'OVERRIDDEN', 'WITHDRAWN'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];

/** A breach of a rule found on a person's shifts or clock records, with the trace of why; recorded once per breach (its key). */
@Check('compliance_violations_check', "((status = 'OVERRIDDEN'::text) = ((overridden_at IS NOT NULL) AND (override_reason IS NOT NULL)))")
@Check('compliance_violations_mode_check', "(mode = ANY (ARRAY['WARN'::text, 'BLOCK'::text]))")
@Check('compliance_violations_phase_check', "(phase = ANY (ARRAY['SCHEDULE'::text, 'CLOCK'::text]))")
@Check('compliance_violations_status_check', "(status = ANY (ARRAY['OPEN'::text, 'OVERRIDDEN'::text, 'WITHDRAWN'::text]))")
@Index('compliance_violations_date_idx', ['tenantId', 'localDate', 'id'])
@Index('compliance_violations_user_date_idx', ['tenantId', 'userId', 'localDate'])
@Unique('compliance_violations_key', ['tenantId', 'userId', 'phase', 'violationKey'])
@Entity({ name: 'compliance_violations' })
export class ComplianceViolationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'compliance_violations_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'compliance_violations_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The outlet of the shift or clock record the breach was found on. */
  @ForeignKey(() => OutletEntity, { name: 'compliance_violations_outlet_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true })
  outletId!: string | null;

  @Column({ type: 'text' })
  phase!: 'SCHEDULE' | 'CLOCK';

  @Column({ name: 'rule_id', type: 'text' })
  ruleId!: string;

  @Column({ name: 'pack_id', type: 'text' })
  packId!: string;

  @Column({ name: 'pack_version', type: 'integer' })
  packVersion!: number;

  @Column({ type: 'text' })
  mode!: 'WARN' | 'BLOCK';

  @Column({ name: 'violation_key', type: 'text' })
  violationKey!: string;

  @Column({ name: 'local_date', type: 'date' })
  localDate!: string;

  @Column({ name: 'shift_assignment_ids', type: 'uuid', array: true, default: () => "'{}'" })
  shiftAssignmentIds!: string[];

  @Column({ name: 'attendance_event_ids', type: 'uuid', array: true, default: () => "'{}'" })
  attendanceEventIds!: string[];

  @Column({ type: 'text' })
  sentence!: string;

  @Column({ type: 'jsonb' })
  trace!: unknown;

  @Column({ type: 'text' })
  status!: ViolationStatus;

  @Column({ name: 'override_reason', type: 'text', nullable: true })
  overrideReason!: string | null;

  @ForeignKey(() => UserEntity, { name: 'compliance_violations_overridden_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'overridden_by_user_id', type: 'uuid', nullable: true })
  overriddenByUserId!: string | null;

  @Column({ name: 'overridden_at', type: 'timestamptz', nullable: true })
  overriddenAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
