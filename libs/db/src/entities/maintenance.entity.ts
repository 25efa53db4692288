import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AssetCategoryEntity, AssetEntity, IssueEntity, VendorEntity } from './operations.entity.js';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/**
 * Maintenance at the outlets (issue 30): what falls due on an asset, the work done about it and the
 * record kept of it. A schedule covers one asset or every asset of a category; each (schedule, asset)
 * pair keeps its own due state in maintenance_due, written when first raised or serviced.
 */
@Check('maintenance_schedules_interval_unit_check', "(interval_unit = ANY (ARRAY['DAYS'::text, 'WEEKS'::text, 'MONTHS'::text, 'USAGE'::text]))")
@Check('maintenance_schedules_interval_value_check', '(interval_value > 0)')
@Check('maintenance_schedules_meter_check', "((interval_unit = 'USAGE'::text) = (meter IS NOT NULL))")
@Check('maintenance_schedules_priority_check', "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))")
@Check('maintenance_schedules_target_check', '((asset_id IS NULL) <> (category_id IS NULL))')
@Index('maintenance_schedules_asset_idx', ['assetId'], { where: '(asset_id IS NOT NULL)' })
@Index('maintenance_schedules_category_idx', ['categoryId'], { where: '(category_id IS NOT NULL)' })
@Index('maintenance_schedules_tenant_idx', ['tenantId', 'createdAt'])
@Entity({ name: 'maintenance_schedules' })
export class MaintenanceScheduleEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'maintenance_schedules_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AssetEntity, { name: 'maintenance_schedules_asset_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  @ForeignKey(() => AssetCategoryEntity, { name: 'maintenance_schedules_category_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  instructions!: string | null;

  @Column({ type: 'text' })
  priority!: string;

  @Column({ name: 'interval_unit', type: 'text' })
  intervalUnit!: string;

  @Column({ name: 'interval_value', type: 'integer' })
  intervalValue!: number;

  /** The meter a USAGE schedule counts (hours, cycles); null for the calendar units. */
  @Column({ type: 'text', nullable: true })
  meter!: string | null;

  /** The first due date of each asset it covers, until a service against it moves that asset's on. */
  @Column({ name: 'starts_on', type: 'date' })
  startsOn!: Date;

  @ForeignKey(() => VendorEntity, { name: 'maintenance_schedules_vendor_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'vendor_id', type: 'uuid', nullable: true })
  vendorId!: string | null;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A (schedule, asset) pair's state; a pair without a row is due on the schedule's start (or first reading plus the interval). */
@Index('maintenance_due_asset_idx', ['assetId'])
@Index('maintenance_due_issue_idx', ['issueId'], { where: '(issue_id IS NOT NULL)' })
@Entity({ name: 'maintenance_due' })
export class MaintenanceDueEntity {
  @ForeignKey(() => MaintenanceScheduleEntity, { name: 'maintenance_due_schedule_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'schedule_id', type: 'uuid' })
  scheduleId!: string;

  @ForeignKey(() => AssetEntity, { name: 'maintenance_due_asset_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'asset_id', type: 'uuid' })
  assetId!: string;

  @ForeignKey(() => TenantEntity, { name: 'maintenance_due_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'next_due_on', type: 'date', nullable: true })
  nextDueOn!: Date | null;

  @Column({ name: 'next_due_reading', type: 'double precision', nullable: true })
  nextDueReading!: number | null;

  @Column({ name: 'last_serviced_on', type: 'date', nullable: true })
  lastServicedOn!: Date | null;

  /** The issue the due job raised for the pair; the job raises no other while it is OPEN or IN_PROGRESS. */
  @ForeignKey(() => IssueEntity, { name: 'maintenance_due_issue_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issue_id', type: 'uuid', nullable: true })
  issueId!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('asset_meter_readings_value_check', '(value >= (0)::double precision)')
@Index('asset_meter_readings_asset_idx', ['assetId', 'meter', 'recordedAt'])
@Entity({ name: 'asset_meter_readings' })
export class AssetMeterReadingEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'asset_meter_readings_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AssetEntity, { name: 'asset_meter_readings_asset_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'asset_id', type: 'uuid' })
  assetId!: string;

  @Column({ type: 'text' })
  meter!: string;

  @Column({ type: 'double precision' })
  value!: number;

  @ForeignKey(() => UserEntity, { name: 'asset_meter_readings_recorded_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'recorded_by_user_id', type: 'uuid', nullable: true })
  recordedByUserId!: string | null;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;
}

@Check('work_orders_assignee_check', '((vendor_id IS NULL) OR (assignee_user_id IS NULL))')
@Check('work_orders_priority_check', "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))")
@Check('work_orders_status_check', "(status = ANY (ARRAY['OPEN'::text, 'ASSIGNED'::text, 'IN_PROGRESS'::text, 'COMPLETED'::text, 'VERIFIED'::text, 'CANCELLED'::text]))")
@Index('work_orders_asset_idx', ['assetId'], { where: '(asset_id IS NOT NULL)' })
@Index('work_orders_assignee_idx', ['assigneeUserId'], { where: '(assignee_user_id IS NOT NULL)' })
@Index('work_orders_issue_idx', ['issueId'], { where: '(issue_id IS NOT NULL)' })
@Index('work_orders_outlet_idx', ['tenantId', 'outletId', 'status'])
@Index('work_orders_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'work_orders' })
export class WorkOrderEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'work_orders_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'work_orders_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => AssetEntity, { name: 'work_orders_asset_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  @ForeignKey(() => IssueEntity, { name: 'work_orders_issue_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issue_id', type: 'uuid', nullable: true })
  issueId!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text' })
  priority!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'due_on', type: 'date', nullable: true })
  dueOn!: Date | null;

  @ForeignKey(() => VendorEntity, { name: 'work_orders_vendor_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'vendor_id', type: 'uuid', nullable: true })
  vendorId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'work_orders_assignee_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'assignee_user_id', type: 'uuid', nullable: true })
  assigneeUserId!: string | null;

  @Column({ name: 'completion_note', type: 'text', nullable: true })
  completionNote!: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'work_orders_verified_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'verified_by_user_id', type: 'uuid', nullable: true })
  verifiedByUserId!: string | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'work_orders_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('asset_service_logs_cost_check', '((cost_minor IS NULL) = (currency IS NULL))')
@Check('asset_service_logs_cost_minor_check', '(cost_minor >= 0)')
@Check('asset_service_logs_performer_check', '((vendor_id IS NULL) OR (performed_by_user_id IS NULL))')
@Index('asset_service_logs_asset_idx', ['assetId', 'performedOn'])
@Entity({ name: 'asset_service_logs' })
export class AssetServiceLogEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'asset_service_logs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AssetEntity, { name: 'asset_service_logs_asset_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'asset_id', type: 'uuid' })
  assetId!: string;

  @Column({ name: 'performed_on', type: 'date' })
  performedOn!: Date;

  @ForeignKey(() => VendorEntity, { name: 'asset_service_logs_vendor_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'vendor_id', type: 'uuid', nullable: true })
  vendorId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'asset_service_logs_performed_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'performed_by_user_id', type: 'uuid', nullable: true })
  performedByUserId!: string | null;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'cost_minor', type: 'bigint', nullable: true })
  costMinor!: string | null;

  @Column({ type: 'text', nullable: true })
  currency!: string | null;

  @ForeignKey(() => MaintenanceScheduleEntity, { name: 'asset_service_logs_schedule_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'schedule_id', type: 'uuid', nullable: true })
  scheduleId!: string | null;

  @ForeignKey(() => IssueEntity, { name: 'asset_service_logs_issue_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issue_id', type: 'uuid', nullable: true })
  issueId!: string | null;

  @ForeignKey(() => UserEntity, { name: 'asset_service_logs_recorded_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'recorded_by_user_id', type: 'uuid', nullable: true })
  recordedByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
