import { Column, Entity, PrimaryColumn } from 'typeorm';

export const ATTENDANCE_STATUSES = ['OPEN', 'VERIFIED', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** One clock-in and, once the worker leaves, its clock-out. */
@Entity({ name: 'attendance_events' })
export class AttendanceEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ name: 'shift_assignment_id', type: 'uuid', nullable: true })
  shiftAssignmentId!: string | null;

  @Column({ name: 'clock_in_at', type: 'timestamptz' })
  clockInAt!: Date;

  @Column({ name: 'clock_out_at', type: 'timestamptz', nullable: true })
  clockOutAt!: Date | null;

  @Column({ type: 'text' })
  status!: AttendanceStatus;

  @Column({ name: 'review_note', type: 'text', nullable: true })
  reviewNote!: string | null;

  /** Null when an integration reviewed the event through the developer API. */
  @Column({ name: 'reviewed_by_user_id', type: 'uuid', nullable: true })
  reviewedByUserId!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
