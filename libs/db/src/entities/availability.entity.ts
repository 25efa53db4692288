import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export const AVAILABILITY_KINDS = ['AVAILABLE', 'UNAVAILABLE'] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];

export const AVAILABILITY_CONFLICT_MODES = ['OFF', 'WARN', 'BLOCK'] as const;
export type AvailabilityConflictMode = (typeof AVAILABILITY_CONFLICT_MODES)[number];

/**
 * A weekly window of a person, on an ISO weekday (1 = Monday) between two wall-clock minutes of
 * the tenant's timezone. An end at or before the start runs past midnight into the next day.
 */
@Check('availability_windows_effective_check', '((effective_from IS NULL) OR (effective_to IS NULL) OR (effective_from <= effective_to))')
@Check('availability_windows_end_minute_check', '((end_minute >= 1) AND (end_minute <= 1440))')
@Check('availability_windows_kind_check', "(kind = ANY (ARRAY['AVAILABLE'::text, 'UNAVAILABLE'::text]))")
@Check('availability_windows_start_minute_check', '((start_minute >= 0) AND (start_minute <= 1439))')
@Check('availability_windows_weekday_check', '((weekday >= 1) AND (weekday <= 7))')
@Index('availability_windows_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'availability_windows' })
export class AvailabilityWindowEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'availability_windows_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'availability_windows_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  kind!: AvailabilityKind;

  @Column({ type: 'integer' })
  weekday!: number;

  @Column({ name: 'start_minute', type: 'integer' })
  startMinute!: number;

  @Column({ name: 'end_minute', type: 'integer' })
  endMinute!: number;

  /** First local date the window applies on, 'YYYY-MM-DD' (read as text); null: always has. */
  @Column({ name: 'effective_from', type: 'date', nullable: true })
  effectiveFrom!: string | null;

  /** Last local date it applies on, included; null: open-ended. */
  @Column({ name: 'effective_to', type: 'date', nullable: true })
  effectiveTo!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A one-off stretch of time a person cannot work, [startsAt, endsAt). */
@Check('availability_time_off_check', '(ends_at > starts_at)')
@Index('availability_time_off_user_idx', ['tenantId', 'userId', 'startsAt'])
@Entity({ name: 'availability_time_off' })
export class AvailabilityTimeOffEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'availability_time_off_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'availability_time_off_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @ForeignKey(() => UserEntity, { name: 'availability_time_off_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
