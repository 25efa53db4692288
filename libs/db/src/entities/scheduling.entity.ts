import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ShiftType } from './shift-assignment.entity.js';

export const ROSTER_STATUSES = ['PUBLISHED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
export type RosterSource = 'PUBLISH' | 'CLONE';

/** A batch of assignments published (or cloned) at one outlet in one call; with roster approval on, its drafts wait for an approver. */
@Entity({ name: 'rosters' })
export class RosterEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ type: 'text' })
  source!: RosterSource;

  @Column({ type: 'text' })
  status!: RosterStatus;

  @Column({ name: 'assignment_count', type: 'integer' })
  assignmentCount!: number;

  @Column({ name: 'published_by_user_id', type: 'uuid', nullable: true })
  publishedByUserId!: string | null;

  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const OPEN_SHIFT_STATUSES = ['OPEN', 'CLAIMED', 'WITHDRAWN'] as const;
export type OpenShiftStatus = (typeof OPEN_SHIFT_STATUSES)[number];

/** A shift released to the marketplace: no one holds it until an eligible person claims it. */
@Entity({ name: 'open_shifts' })
export class OpenShiftEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

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

  @Column({ name: 'released_assignment_id', type: 'uuid', nullable: true })
  releasedAssignmentId!: string | null;

  @Column({ name: 'previous_user_id', type: 'uuid', nullable: true })
  previousUserId!: string | null;

  @Column({ name: 'released_by_user_id', type: 'uuid', nullable: true })
  releasedByUserId!: string | null;

  @Column({ name: 'claimed_by_user_id', type: 'uuid', nullable: true })
  claimedByUserId!: string | null;

  @Column({ name: 'claimed_assignment_id', type: 'uuid', nullable: true })
  claimedAssignmentId!: string | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const SWAP_STATUSES = ['PENDING_PEER', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'DECLINED', 'CANCELLED'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** Two people exchanging their shifts: the colleague accepts, then a manager approves. */
@Entity({ name: 'shift_swaps' })
export class ShiftSwapEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'requester_user_id', type: 'uuid' })
  requesterUserId!: string;

  @Column({ name: 'requester_assignment_id', type: 'uuid' })
  requesterAssignmentId!: string;

  @Column({ name: 'peer_user_id', type: 'uuid' })
  peerUserId!: string;

  @Column({ name: 'peer_assignment_id', type: 'uuid' })
  peerAssignmentId!: string;

  @Column({ type: 'text' })
  status!: SwapStatus;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
