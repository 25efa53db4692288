import { Check, Column, Entity, Exclusion, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';
import type { Role } from '@wfm/core/tenancy';

/** The value sets the migration's CHECK constraints enforce; schemas validate against the same lists. */
export const LEAVE_TYPES = ['ANNUAL', 'SICK', 'UNPAID', 'PARENTAL', 'COMPASSIONATE', 'STUDY', 'OTHER'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

export const HALF_DAYS = ['AM', 'PM'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

export type LeaveDecision = 'APPROVED' | 'REJECTED';

/**
 * Roles a chain step may name. STAFF would let colleagues approve each other's leave, and
 * TENANT_GROUP_OWNER spans tenants (it passes every step anyway), so neither can be a step.
 */
export const LEAVE_APPROVER_ROLES = ['TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'] as const satisfies readonly Role[];
export type LeaveApproverRole = (typeof LEAVE_APPROVER_ROLES)[number];

@Check('leave_requests_check', '(end_date > start_date)')
@Check('leave_requests_check1', "((status = 'PENDING'::text) = (decided_at IS NULL))")
@Check('leave_requests_current_step_check', '(current_step >= 1)')
@Check('leave_requests_days_check', '(days >= 1)')
@Check('leave_requests_days_decimal_check', '(days_decimal > (0)::numeric)')
@Check('leave_requests_half_day_check', "(half_day = ANY (ARRAY['AM'::text, 'PM'::text]))")
@Check('leave_requests_leave_type_check', "(leave_type = ANY (ARRAY['ANNUAL'::text, 'SICK'::text, 'UNPAID'::text, 'PARENTAL'::text, 'COMPASSIONATE'::text, 'STUDY'::text, 'OTHER'::text]))")
@Check('leave_requests_status_check', "(status = ANY (ARRAY['PENDING'::text, 'APPROVED'::text, 'REJECTED'::text, 'CANCELLED'::text]))")
@Exclusion('leave_requests_no_overlap', "USING gist (tenant_id WITH =, user_id WITH =, tstzrange(start_date, end_date, '[]'::text) WITH &&) WHERE ((status = ANY (ARRAY['PENDING'::text, 'APPROVED'::text])))")
@Index('leave_requests_created_idx', ['tenantId', 'createdAt', 'id'])
@Index('leave_requests_period_idx', ['tenantId', 'startDate', 'endDate'])
@Index('leave_requests_status_created_idx', ['tenantId', 'status', 'createdAt', 'id'])
@Index('leave_requests_user_created_idx', ['tenantId', 'userId', 'createdAt', 'id'])
@Entity({ name: 'leave_requests' })
export class LeaveRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'leave_requests_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'leave_requests_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'leave_type', type: 'text' })
  leaveType!: LeaveType;

  /** First instant of leave: local midnight of the first day (local noon for a PM half day). */
  @Column({ name: 'start_date', type: 'timestamptz' })
  startDate!: Date;

  /** Last instant of leave (inclusive): just before local midnight ending the last day (noon for an AM half day). */
  @Column({ name: 'end_date', type: 'timestamptz' })
  endDate!: Date;

  @Column({ name: 'half_day', type: 'text', nullable: true })
  halfDay!: HalfDay | null;

  @Column({ type: 'integer' })
  days!: number;

  @Column({ name: 'days_decimal', type: 'numeric', precision: 5, scale: 1 })
  daysDecimal!: string;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'text' })
  status!: LeaveStatus;

  @Column({ name: 'current_step', type: 'integer', default: 1 })
  currentStep!: number;

  @ForeignKey(() => UserEntity, { name: 'leave_requests_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  /** The api_keys or oauth_clients row of the integration that submitted it through /public. */
  @Column({ name: 'created_by_credential_id', type: 'uuid', nullable: true })
  createdByCredentialId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** A tenant's approval chain; a tenant without rows uses the default chain. */
@Check('leave_approval_steps_approver_role_check', "(approver_role = ANY (ARRAY['TENANT_OWNER'::text, 'COMPANY_ADMIN'::text, 'HR_MANAGER'::text, 'AREA_MANAGER'::text, 'OPERATIONS_MANAGER'::text, 'OUTLET_MANAGER'::text]))")
@Check('leave_approval_steps_step_check', '((step >= 1) AND (step <= 5))')
@Entity({ name: 'leave_approval_steps' })
export class LeaveApprovalStepEntity {
  @ForeignKey(() => TenantEntity, { name: 'leave_approval_steps_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ type: 'integer' })
  step!: number;

  @Column({ name: 'approver_role', type: 'text' })
  approverRole!: LeaveApproverRole;
}

@Check('leave_request_approvals_decision_check', "(decision = ANY (ARRAY['APPROVED'::text, 'REJECTED'::text]))")
@Check('leave_request_approvals_step_check', '(step >= 1)')
@Index('leave_request_approvals_step_key', ['leaveRequestId', 'step'], { unique: true })
@Entity({ name: 'leave_request_approvals' })
export class LeaveRequestApprovalEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'leave_request_approvals_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => LeaveRequestEntity, { name: 'leave_request_approvals_leave_request_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'leave_request_id', type: 'uuid' })
  leaveRequestId!: string;

  @Column({ type: 'integer' })
  step!: number;

  @Column({ type: 'text' })
  decision!: LeaveDecision;

  @ForeignKey(() => UserEntity, { name: 'leave_request_approvals_decided_by_user_id_fkey' })
  @Column({ name: 'decided_by_user_id', type: 'uuid' })
  decidedByUserId!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz' })
  decidedAt!: Date;
}
