import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export const STAFFING_TARGET_SOURCES = ['ENTERED', 'DEMAND_CSV'] as const;
export type StaffingTargetSource = (typeof STAFFING_TARGET_SOURCES)[number];

/**
 * Issue 31: heads an outlet needs in a role in one hour of the week (ISO weekday 1 = Monday, local
 * hour in the outlet's timezone). The role is stored trimmed and in lower case, so "Barista" and
 * "barista " are one role.
 */
@Check('staffing_targets_hour_check', '((hour >= 0) AND (hour <= 23))')
@Check('staffing_targets_required_check', '((required >= 0) AND (required <= 500))')
@Check('staffing_targets_role_check', '((role = lower(btrim(role))) AND ((length(role) >= 1) AND (length(role) <= 100)))')
@Check('staffing_targets_source_check', "(source = ANY (ARRAY['ENTERED'::text, 'DEMAND_CSV'::text]))")
@Check('staffing_targets_weekday_check', '((weekday >= 1) AND (weekday <= 7))')
@Index('staffing_targets_slot_key', ['tenantId', 'outletId', 'role', 'weekday', 'hour'], { unique: true })
@Entity({ name: 'staffing_targets' })
export class StaffingTargetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'staffing_targets_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'staffing_targets_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ type: 'text' })
  role!: string;

  @Column({ type: 'smallint' })
  weekday!: number;

  @Column({ type: 'smallint' })
  hour!: number;

  @Column({ type: 'integer' })
  required!: number;

  @Column({ type: 'text' })
  source!: StaffingTargetSource;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const PROPOSAL_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'ACCEPTED', 'DISCARDED'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Issue 31: a week's schedule the auto-scheduler proposes for one or more outlets; `result` holds its shifts and report. */
@Check('schedule_proposals_check', "((((status = 'READY'::text) OR (status = 'ACCEPTED'::text)) = (result IS NOT NULL)) OR (status = 'DISCARDED'::text))")
@Check('schedule_proposals_check1', "((status = ANY (ARRAY['ACCEPTED'::text, 'DISCARDED'::text])) = (decided_at IS NOT NULL))")
@Check('schedule_proposals_status_check', "(status = ANY (ARRAY['QUEUED'::text, 'RUNNING'::text, 'READY'::text, 'FAILED'::text, 'ACCEPTED'::text, 'DISCARDED'::text]))")
@Index('schedule_proposals_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'schedule_proposals' })
export class ScheduleProposalEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'schedule_proposals_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  /** The Monday the week starts on, in its outlets' timezone (they share one). */
  @Column({ name: 'week_start', type: 'date' })
  weekStart!: string;

  @Column({ name: 'outlet_ids', type: 'uuid', array: true })
  outletIds!: string[];

  @Column({ type: 'text' })
  status!: ProposalStatus;

  @Column({ type: 'jsonb', nullable: true })
  result!: unknown;

  @Column({ type: 'text', nullable: true })
  failure!: string | null;

  @ForeignKey(() => UserEntity, { name: 'schedule_proposals_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'schedule_proposals_decided_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
