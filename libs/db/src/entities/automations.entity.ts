import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** A workflow automation (issue 30): when its trigger happens at its outlet (or any), its actions run. */
@Check('automations_trigger_check', "(trigger = ANY (ARRAY['ISSUE_HIGH_PRIORITY'::text, 'CHECKLIST_TASK_FAILED'::text, 'ASSET_DUE'::text, 'WORK_ORDER_OVERDUE'::text]))")
@Index('automations_live_idx', ['trigger'], { where: '(active AND (deleted_at IS NULL))' })
@Index('automations_tenant_idx', ['tenantId', 'createdAt'], { where: '(deleted_at IS NULL)' })
@Entity({ name: 'automations' })
export class AutomationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'automations_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  trigger!: string;

  /** Null: every outlet of the tenant. */
  @ForeignKey(() => OutletEntity, { name: 'automations_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true })
  outletId!: string | null;

  /** Validated on the way in (automations.schemas.ts); stored as given. */
  @Column({ type: 'jsonb' })
  actions!: unknown;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @ForeignKey(() => UserEntity, { name: 'automations_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** One automation acting on one subject (an issue, or an overdue work order): the worker's record and its guard against acting twice. */
@Check('automation_runs_outcome_check', "(outcome = ANY (ARRAY['DONE'::text, 'FAILED'::text]))")
@Index('automation_runs_automation_idx', ['automationId', 'createdAt'])
@Unique('automation_runs_automation_subject_key', ['automationId', 'subjectId'])
@Entity({ name: 'automation_runs' })
export class AutomationRunEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'automation_runs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AutomationEntity, { name: 'automation_runs_automation_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'automation_id', type: 'uuid' })
  automationId!: string;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'text' })
  outcome!: string;

  @Column({ type: 'jsonb' })
  detail!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
