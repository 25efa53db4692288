import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { AssetEntity, IssueEntity } from './operations.entity.js';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

const KIND_CHECK = "(kind = ANY (ARRAY['YES_NO'::text, 'NUMBER'::text, 'PHOTO'::text, 'NOTE'::text]))";
const PRIORITY_CHECK = "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))";

/**
 * Checklists (issue 30): a tenant-wide template of ordered tasks, scheduled at outlets. Template
 * names are unique per tenant ignoring case among live rows (an expression key the drift test checks).
 */
@Index('checklist_templates_tenant_name_key', { synchronize: false })
@Entity({ name: 'checklist_templates' })
export class ChecklistTemplateEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'checklist_templates_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A task of a template as it stands now; a run copies these when it is created. */
@Check('checklist_template_tasks_bounds_check', '((min_value IS NULL) OR (max_value IS NULL) OR (min_value <= max_value))')
@Check('checklist_template_tasks_kind_check', KIND_CHECK)
@Check('checklist_template_tasks_priority_check', PRIORITY_CHECK)
@Unique('checklist_template_tasks_template_id_position_key', ['templateId', 'position'])
@Index('checklist_template_tasks_asset_idx', ['assetId'], { where: '(asset_id IS NOT NULL)' })
@Entity({ name: 'checklist_template_tasks' })
export class ChecklistTemplateTaskEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'checklist_template_tasks_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => ChecklistTemplateEntity, { name: 'checklist_template_tasks_template_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'template_id', type: 'uuid' })
  templateId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'boolean' })
  required!: boolean;

  /** YES_NO: the answer that passes. */
  @Column({ name: 'pass_answer', type: 'boolean', nullable: true })
  passAnswer!: boolean | null;

  @Column({ name: 'min_value', type: 'double precision', nullable: true })
  minValue!: number | null;

  @Column({ name: 'max_value', type: 'double precision', nullable: true })
  maxValue!: number | null;

  @Column({ type: 'text', nullable: true })
  unit!: string | null;

  @ForeignKey(() => AssetEntity, { name: 'checklist_template_tasks_asset_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  /** The priority of the issue a failure raises. */
  @Column({ type: 'text' })
  priority!: string;
}

/** A template at an outlet on ISO weekdays (1 = Monday) at a local time of the outlet's timezone. */
@Check('checklist_schedules_window_minutes_check', '((window_minutes >= 5) AND (window_minutes <= 1440))')
@Index('checklist_schedules_outlet_idx', ['tenantId', 'outletId'], { where: '(deleted_at IS NULL)' })
@Index('checklist_schedules_template_idx', ['templateId'])
@Entity({ name: 'checklist_schedules' })
export class ChecklistScheduleEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'checklist_schedules_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => ChecklistTemplateEntity, { name: 'checklist_schedules_template_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'template_id', type: 'uuid' })
  templateId!: string;

  @ForeignKey(() => OutletEntity, { name: 'checklist_schedules_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @Column({ type: 'integer', array: true })
  weekdays!: number[];

  /** 'HH:MM:SS' as pg returns a time. */
  @Column({ name: 'local_time', type: 'time' })
  localTime!: string;

  @Column({ name: 'window_minutes', type: 'integer' })
  windowMinutes!: number;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** One occurrence of a schedule: at most one per schedule and local date. */
@Check('checklist_runs_status_check', "(status = ANY (ARRAY['OPEN'::text, 'COMPLETED'::text, 'MISSED'::text]))")
@Unique('checklist_runs_schedule_id_run_date_key', ['scheduleId', 'runDate'])
@Index('checklist_runs_outlet_idx', ['tenantId', 'outletId', 'runDate'])
@Index('checklist_runs_open_idx', ['closesAt'], { where: "(status = 'OPEN'::text)" })
@Entity({ name: 'checklist_runs' })
export class ChecklistRunEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'checklist_runs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => ChecklistScheduleEntity, { name: 'checklist_runs_schedule_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'schedule_id', type: 'uuid' })
  scheduleId!: string;

  @ForeignKey(() => OutletEntity, { name: 'checklist_runs_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  /** The local date of the occurrence, 'YYYY-MM-DD' (read as text). */
  @Column({ name: 'run_date', type: 'date' })
  runDate!: Date;

  /** The template's name when the run was made. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'opens_at', type: 'timestamptz' })
  opensAt!: Date;

  @Column({ name: 'closes_at', type: 'timestamptz' })
  closesAt!: Date;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'checklist_runs_completed_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'completed_by_user_id', type: 'uuid', nullable: true })
  completedByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When the people on shift at its outlet were told it is due (issue 33); null until then. */
  @Column({ name: 'due_notified_at', type: 'timestamptz', nullable: true })
  dueNotifiedAt?: Date | null;
}

/** A task as the run asked it (copied from the template) and its answer. */
@Check('checklist_run_tasks_kind_check', KIND_CHECK)
@Check('checklist_run_tasks_priority_check', PRIORITY_CHECK)
@Unique('checklist_run_tasks_run_id_position_key', ['runId', 'position'])
@Index('checklist_run_tasks_issue_idx', ['issueId'], { where: '(issue_id IS NOT NULL)' })
@Entity({ name: 'checklist_run_tasks' })
export class ChecklistRunTaskEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'checklist_run_tasks_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => ChecklistRunEntity, { name: 'checklist_run_tasks_run_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'boolean' })
  required!: boolean;

  @Column({ name: 'pass_answer', type: 'boolean', nullable: true })
  passAnswer!: boolean | null;

  @Column({ name: 'min_value', type: 'double precision', nullable: true })
  minValue!: number | null;

  @Column({ name: 'max_value', type: 'double precision', nullable: true })
  maxValue!: number | null;

  @Column({ type: 'text', nullable: true })
  unit!: string | null;

  @ForeignKey(() => AssetEntity, { name: 'checklist_run_tasks_asset_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  @Column({ type: 'text' })
  priority!: string;

  @Column({ name: 'answer_yes', type: 'boolean', nullable: true })
  answerYes!: boolean | null;

  @Column({ name: 'answer_number', type: 'double precision', nullable: true })
  answerNumber!: number | null;

  @Column({ name: 'answer_note', type: 'text', nullable: true })
  answerNote!: string | null;

  @Column({ name: 'photo_key', type: 'text', nullable: true })
  photoKey!: string | null;

  @Column({ name: 'photo_media_type', type: 'text', nullable: true })
  photoMediaType!: string | null;

  @Column({ name: 'photo_sha256', type: 'text', nullable: true })
  photoSha256!: string | null;

  @Column({ name: 'photo_bytes', type: 'integer', nullable: true })
  photoBytes!: number | null;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'checklist_run_tasks_answered_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'answered_by_user_id', type: 'uuid', nullable: true })
  answeredByUserId!: string | null;

  /** Null until answered; true for a YES_NO with the other answer or a NUMBER out of bounds. */
  @Column({ type: 'boolean', nullable: true })
  failed!: boolean | null;

  /** The issue the first failure raised; a later failure of the same task raises none. */
  @ForeignKey(() => IssueEntity, { name: 'checklist_run_tasks_issue_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issue_id', type: 'uuid', nullable: true })
  issueId!: string | null;
}
