import { Column, Entity, PrimaryColumn } from 'typeorm';

export const SHIFT_STATUSES = ['PROPOSED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'MISSED'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export const SHIFT_TYPES = ['REGULAR', 'OVERTIME', 'ON_CALL', 'TRAINING'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** One person booked at one outlet for one time window. */
@Entity({ name: 'shift_assignments' })
export class ShiftAssignmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ name: 'scheduled_start', type: 'timestamptz' })
  scheduledStart!: Date;

  @Column({ name: 'scheduled_end', type: 'timestamptz' })
  scheduledEnd!: Date;

  @Column({ type: 'text', default: 'SCHEDULED' })
  status!: ShiftStatus;

  @Column({ type: 'text', default: 'REGULAR' })
  type!: ShiftType;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** The roster it was published or cloned in; null for a shift created on its own. */
  @Column({ name: 'roster_id', type: 'uuid', nullable: true })
  rosterId!: string | null;

  /** Null when an integration created the shift through the developer API. */
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
