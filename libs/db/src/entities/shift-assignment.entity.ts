import { Check, Column, Entity, Exclusion, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { RosterEntity } from './scheduling.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export const SHIFT_STATUSES = ['PROPOSED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'MISSED'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export const SHIFT_TYPES = ['REGULAR', 'OVERTIME', 'ON_CALL', 'TRAINING'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** One person booked at one outlet for one time window. */
@Check('shift_assignments_check', '(scheduled_end > scheduled_start)')
@Check('shift_assignments_status_check', "(status = ANY (ARRAY['PROPOSED'::text, 'SCHEDULED'::text, 'IN_PROGRESS'::text, 'COMPLETED'::text, 'CANCELLED'::text, 'MISSED'::text]))")
@Check('shift_assignments_type_check', "(type = ANY (ARRAY['REGULAR'::text, 'OVERTIME'::text, 'ON_CALL'::text, 'TRAINING'::text]))")
@Exclusion('shift_assignments_no_overlap', "USING gist (tenant_id WITH =, user_id WITH =, tstzrange(scheduled_start, scheduled_end, '[)'::text) WITH &&) WHERE ((status <> 'CANCELLED'::text))")
@Index('shift_assignments_created_idx', ['tenantId', 'createdAt', 'id'])
@Index('shift_assignments_in_progress_end_idx', ['scheduledEnd'], { where: "(status = 'IN_PROGRESS'::text)" })
@Index('shift_assignments_outlet_start_idx', ['tenantId', 'outletId', 'scheduledStart'])
@Index('shift_assignments_roster_idx', ['tenantId', 'rosterId'], { where: '(roster_id IS NOT NULL)' })
@Index('shift_assignments_start_idx', ['tenantId', 'scheduledStart', 'id'])
@Index('shift_assignments_user_start_idx', ['tenantId', 'userId', 'scheduledStart'])
@Entity({ name: 'shift_assignments' })
export class ShiftAssignmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'shift_assignments_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'shift_assignments_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ForeignKey(() => OutletEntity, { name: 'shift_assignments_outlet_id_fkey', onDelete: 'CASCADE' })
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

  /** Null when an integration created the shift through the developer API. */
  @ForeignKey(() => UserEntity, { name: 'shift_assignments_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  /** The roster it was published or cloned in; null for a shift created on its own. */
  @ForeignKey(() => RosterEntity, { name: 'shift_assignments_roster_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'roster_id', type: 'uuid', nullable: true })
  rosterId!: string | null;
}
