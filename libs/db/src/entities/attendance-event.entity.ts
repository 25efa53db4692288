import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { ShiftAssignmentEntity } from './shift-assignment.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export const ATTENDANCE_STATUSES = ['OPEN', 'VERIFIED', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** One clock-in and, once the worker leaves, its clock-out. */
@Check('attendance_events_check', "((status = 'OPEN'::text) = (clock_out_at IS NULL))")
@Check('attendance_events_status_check', "(status = ANY (ARRAY['OPEN'::text, 'VERIFIED'::text, 'PENDING_REVIEW'::text, 'APPROVED'::text, 'REJECTED'::text]))")
@Index('attendance_events_clock_in_idx', ['tenantId', 'clockInAt', 'id'])
@Index('attendance_events_one_open_key', ['tenantId', 'userId'], { unique: true, where: "(status = 'OPEN'::text)" })
@Index('attendance_events_outlet_clock_in_idx', ['tenantId', 'outletId', 'clockInAt'])
@Index('attendance_events_user_clock_in_idx', ['tenantId', 'userId', 'clockInAt'])
@Entity({ name: 'attendance_events' })
export class AttendanceEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'attendance_events_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'attendance_events_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ForeignKey(() => OutletEntity, { name: 'attendance_events_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => ShiftAssignmentEntity, { name: 'attendance_events_shift_assignment_id_fkey', onDelete: 'SET NULL' })
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
  @ForeignKey(() => UserEntity, { name: 'attendance_events_reviewed_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'reviewed_by_user_id', type: 'uuid', nullable: true })
  reviewedByUserId!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
