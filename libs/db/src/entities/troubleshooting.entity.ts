import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { AssetCategoryEntity, AssetEntity, IssueEntity } from './operations.entity.js';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/**
 * Issue 30: troubleshooting guides, for a whole asset category or for one asset (exactly one of
 * the two), and the sessions staff run with them. Steps are a short ordered list read and written
 * whole, so they are one jsonb array (`[{ id, instruction, caution }]`) rather than a table.
 */
@Check('troubleshooting_guides_check', '((category_id IS NULL) <> (asset_id IS NULL))')
@Check('troubleshooting_guides_priority_check', "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))")
@Index('troubleshooting_guides_asset_idx', ['assetId'], { where: '(asset_id IS NOT NULL)' })
@Index('troubleshooting_guides_category_idx', ['tenantId', 'categoryId'], { where: '(category_id IS NOT NULL)' })
@Entity({ name: 'troubleshooting_guides' })
export class TroubleshootingGuideEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'troubleshooting_guides_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AssetCategoryEntity, { name: 'troubleshooting_guides_category_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId!: string | null;

  @ForeignKey(() => AssetEntity, { name: 'troubleshooting_guides_asset_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  symptom!: string;

  /** The priority of the issue an unresolved session raises. */
  @Column({ type: 'text' })
  priority!: string;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'jsonb' })
  steps!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A guide run for an asset: the guide's title, symptom, priority and steps as they were when it started. */
@Check('troubleshooting_sessions_check', "((status = 'RUNNING'::text) = (ended_at IS NULL))")
@Check('troubleshooting_sessions_check1', "((issue_id IS NULL) OR (status = 'UNRESOLVED'::text))")
@Check('troubleshooting_sessions_priority_check', "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))")
@Check('troubleshooting_sessions_status_check', "(status = ANY (ARRAY['RUNNING'::text, 'RESOLVED'::text, 'UNRESOLVED'::text]))")
@Unique('troubleshooting_sessions_issue_id_key', ['issueId'])
@Index('troubleshooting_sessions_guide_idx', ['guideId', 'status'])
@Index('troubleshooting_sessions_user_idx', ['tenantId', 'userId', 'startedAt'])
@Entity({ name: 'troubleshooting_sessions' })
export class TroubleshootingSessionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'troubleshooting_sessions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => TroubleshootingGuideEntity, { name: 'troubleshooting_sessions_guide_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'guide_id', type: 'uuid' })
  guideId!: string;

  @ForeignKey(() => AssetEntity, { name: 'troubleshooting_sessions_asset_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'asset_id', type: 'uuid' })
  assetId!: string;

  @ForeignKey(() => OutletEntity, { name: 'troubleshooting_sessions_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => UserEntity, { name: 'troubleshooting_sessions_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  symptom!: string;

  @Column({ type: 'text' })
  priority!: string;

  @Column({ type: 'jsonb' })
  steps!: unknown;

  /** `[{ stepId, fixed, answeredAt }]`, in the order answered. */
  @Column({ type: 'jsonb' })
  answers!: unknown;

  @Column({ type: 'text' })
  status!: string;

  @ForeignKey(() => IssueEntity, { name: 'troubleshooting_sessions_issue_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'issue_id', type: 'uuid', nullable: true })
  issueId!: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
