import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { ShiftAssignmentEntity } from './shift-assignment.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';
import type { ShiftType } from './shift-assignment.entity.js';

export const ROSTER_STATUSES = ['PUBLISHED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
export type RosterSource = 'PUBLISH' | 'CLONE' | 'AUTO';

/** A batch of assignments published (or cloned) at one outlet in one call; with roster approval on, its drafts wait for an approver. */
@Check('rosters_assignment_count_check', '(assignment_count >= 0)')
@Check('rosters_source_check', "(source = ANY (ARRAY['PUBLISH'::text, 'CLONE'::text, 'AUTO'::text]))")
@Check('rosters_status_check', "(status = ANY (ARRAY['PUBLISHED'::text, 'PENDING_APPROVAL'::text, 'APPROVED'::text, 'REJECTED'::text]))")
@Index('rosters_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'rosters' })
export class RosterEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'rosters_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'rosters_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ type: 'text' })
  source!: RosterSource;

  @Column({ type: 'text' })
  status!: RosterStatus;

  @Column({ name: 'assignment_count', type: 'integer' })
  assignmentCount!: number;

  @ForeignKey(() => UserEntity, { name: 'rosters_published_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'published_by_user_id', type: 'uuid', nullable: true })
  publishedByUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'rosters_decided_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

export const OPEN_SHIFT_STATUSES = ['OPEN', 'CLAIMED', 'WITHDRAWN'] as const;
export type OpenShiftStatus = (typeof OPEN_SHIFT_STATUSES)[number];

/** A shift released to the marketplace: no one holds it until an eligible person claims it. */
@Check('open_shifts_check', '(scheduled_end > scheduled_start)')
@Check('open_shifts_check1', "((status = 'OPEN'::text) = (closed_at IS NULL))")
@Check('open_shifts_status_check', "(status = ANY (ARRAY['OPEN'::text, 'CLAIMED'::text, 'WITHDRAWN'::text]))")
@Check('open_shifts_type_check', "(type = ANY (ARRAY['REGULAR'::text, 'OVERTIME'::text, 'ON_CALL'::text, 'TRAINING'::text]))")
@Index('open_shifts_open_idx', ['tenantId', 'scheduledStart', 'id'], { where: "(status = 'OPEN'::text)" })
@Index('open_shifts_released_assignment_key', ['releasedAssignmentId'], { unique: true, where: '(released_assignment_id IS NOT NULL)' })
@Entity({ name: 'open_shifts' })
export class OpenShiftEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'open_shifts_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'open_shifts_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ name: 'scheduled_start', type: 'timestamptz' })
  scheduledStart!: Date;

  @Column({ name: 'scheduled_end', type: 'timestamptz' })
  scheduledEnd!: Date;

  @Column({ type: 'text' })
  type!: ShiftType;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'text' })
  status!: OpenShiftStatus;

  @ForeignKey(() => ShiftAssignmentEntity, { name: 'open_shifts_released_assignment_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'released_assignment_id', type: 'uuid', nullable: true })
  releasedAssignmentId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'open_shifts_previous_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'previous_user_id', type: 'uuid', nullable: true })
  previousUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'open_shifts_released_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'released_by_user_id', type: 'uuid', nullable: true })
  releasedByUserId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'open_shifts_claimed_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'claimed_by_user_id', type: 'uuid', nullable: true })
  claimedByUserId!: string | null;

  @ForeignKey(() => ShiftAssignmentEntity, { name: 'open_shifts_claimed_assignment_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'claimed_assignment_id', type: 'uuid', nullable: true })
  claimedAssignmentId!: string | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

export const SWAP_STATUSES = ['PENDING_PEER', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'DECLINED', 'CANCELLED'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** Two people exchanging their shifts: the colleague accepts, then a manager approves. */
@Check('shift_swaps_check', '(requester_assignment_id <> peer_assignment_id)')
@Check('shift_swaps_check1', '(requester_user_id <> peer_user_id)')
@Check('shift_swaps_status_check', "(status = ANY (ARRAY['PENDING_PEER'::text, 'PENDING_APPROVAL'::text, 'APPROVED'::text, 'REJECTED'::text, 'DECLINED'::text, 'CANCELLED'::text]))")
@Index('shift_swaps_open_peer_key', ['peerAssignmentId'], { unique: true, where: "(status = ANY (ARRAY['PENDING_PEER'::text, 'PENDING_APPROVAL'::text]))" })
@Index('shift_swaps_open_requester_key', ['requesterAssignmentId'], { unique: true, where: "(status = ANY (ARRAY['PENDING_PEER'::text, 'PENDING_APPROVAL'::text]))" })
@Index('shift_swaps_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'shift_swaps' })
export class ShiftSwapEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'shift_swaps_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'shift_swaps_requester_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'requester_user_id', type: 'uuid' })
  requesterUserId!: string;

  @ForeignKey(() => ShiftAssignmentEntity, { name: 'shift_swaps_requester_assignment_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'requester_assignment_id', type: 'uuid' })
  requesterAssignmentId!: string;

  @ForeignKey(() => UserEntity, { name: 'shift_swaps_peer_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'peer_user_id', type: 'uuid' })
  peerUserId!: string;

  @ForeignKey(() => ShiftAssignmentEntity, { name: 'shift_swaps_peer_assignment_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'peer_assignment_id', type: 'uuid' })
  peerAssignmentId!: string;

  @Column({ type: 'text' })
  status!: SwapStatus;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @ForeignKey(() => UserEntity, { name: 'shift_swaps_decided_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** Issue 33: a named shift shape of an outlet (local clock times of the outlet's zone), dropped onto the week grid. */
@Check('shift_templates_break_minutes_check', '((break_minutes >= 0) AND (break_minutes <= 720))')
@Check('shift_templates_colour_check', "(colour ~ '^#[0-9a-f]{6}$'::text)")
@Check('shift_templates_end_time_check', "(end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'::text)")
@Check('shift_templates_start_time_check', "(start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'::text)")
@Unique('shift_templates_outlet_name_key', ['tenantId', 'outletId', 'name'])
@Entity({ name: 'shift_templates' })
export class ShiftTemplateEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'shift_templates_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'shift_templates_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'start_time', type: 'text' })
  startTime!: string;

  @Column({ name: 'end_time', type: 'text' })
  endTime!: string;

  @Column({ name: 'break_minutes', type: 'integer', default: 0 })
  breakMinutes!: number;

  @Column({ type: 'text', nullable: true })
  colour!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
