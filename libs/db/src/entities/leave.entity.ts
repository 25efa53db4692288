import { Column, Entity, PrimaryColumn } from 'typeorm';
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

/** PostgreSQL returns numeric as a string to keep precision; half days need only one decimal. */
const numericColumn = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@Entity({ name: 'leave_requests' })
export class LeaveRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

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

  @Column({ name: 'days_decimal', type: 'numeric', precision: 5, scale: 1, transformer: numericColumn })
  daysDecimal!: number;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'text' })
  status!: LeaveStatus;

  @Column({ name: 'current_step', type: 'integer' })
  currentStep!: number;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  /** The api_keys or oauth_clients row of the integration that submitted it through /public. */
  @Column({ name: 'created_by_credential_id', type: 'uuid', nullable: true })
  createdByCredentialId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A tenant's approval chain; a tenant without rows uses the default chain. */
@Entity({ name: 'leave_approval_steps' })
export class LeaveApprovalStepEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ type: 'integer' })
  step!: number;

  @Column({ name: 'approver_role', type: 'text' })
  approverRole!: LeaveApproverRole;
}

@Entity({ name: 'leave_request_approvals' })
export class LeaveRequestApprovalEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'leave_request_id', type: 'uuid' })
  leaveRequestId!: string;

  @Column({ type: 'integer' })
  step!: number;

  @Column({ type: 'text' })
  decision!: LeaveDecision;

  @Column({ name: 'decided_by_user_id', type: 'uuid' })
  decidedByUserId!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz' })
  decidedAt!: Date;
}
