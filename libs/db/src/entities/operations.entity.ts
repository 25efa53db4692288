import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/**
 * The operations area (issue 30): what an outlet owns and who looks after it, and the issues raised
 * about it. Names are unique per tenant ignoring case among live rows; the keys are expressions
 * (lower(name), lower(tag)), which @Index cannot state, so the drift test checks their definitions.
 */
@Index('asset_categories_tenant_name_key', { synchronize: false })
@Entity({ name: 'asset_categories' })
export class AssetCategoryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'asset_categories_tenant_id_fkey', onDelete: 'CASCADE' })
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

@Check('vendors_kind_check', "(kind = ANY (ARRAY['SUPPLIER'::text, 'MAINTAINER'::text, 'BOTH'::text]))")
@Index('vendors_tenant_name_key', { synchronize: false })
@Entity({ name: 'vendors' })
export class VendorEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'vendors_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ name: 'contact_name', type: 'text', nullable: true })
  contactName!: string | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  website!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

@Check('assets_check', '((warranty_until IS NULL) OR (purchase_date IS NULL) OR (warranty_until >= purchase_date))')
@Check('assets_status_check', "(status = ANY (ARRAY['ACTIVE'::text, 'UNDER_MAINTENANCE'::text, 'OUT_OF_SERVICE'::text, 'RETIRED'::text]))")
@Index('assets_category_idx', ['categoryId'])
@Index('assets_outlet_idx', ['tenantId', 'outletId', 'name'])
@Index('assets_tenant_tag_key', { synchronize: false })
@Index('assets_vendor_idx', ['vendorId'], { where: '(vendor_id IS NOT NULL)' })
@Entity({ name: 'assets' })
export class AssetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'assets_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'assets_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => AssetCategoryEntity, { name: 'assets_category_id_fkey', onDelete: 'RESTRICT' })
  @Column({ name: 'category_id', type: 'uuid' })
  categoryId!: string;

  @ForeignKey(() => VendorEntity, { name: 'assets_vendor_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'vendor_id', type: 'uuid', nullable: true })
  vendorId!: string | null;

  @Column({ type: 'text' })
  name!: string;

  /** The label on the asset (and its QR code): the bulk import's natural key. */
  @Column({ type: 'text' })
  tag!: string;

  @Column({ name: 'serial_number', type: 'text', nullable: true })
  serialNumber!: string | null;

  @Column({ name: 'purchase_date', type: 'date', nullable: true })
  purchaseDate!: Date | null;

  @Column({ name: 'warranty_until', type: 'date', nullable: true })
  warrantyUntil!: Date | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

@Check('issues_priority_check', "(priority = ANY (ARRAY['LOW'::text, 'MEDIUM'::text, 'HIGH'::text, 'URGENT'::text]))")
@Check('issues_source_check', "(source = ANY (ARRAY['WEB'::text, 'MOBILE'::text, 'CHECKLIST'::text, 'MAINTENANCE'::text, 'QUICK_ISSUE'::text, 'AUTOMATION'::text, 'TROUBLESHOOTING'::text, 'WORK_ORDER'::text]))")
@Check('issues_status_check', "(status = ANY (ARRAY['OPEN'::text, 'IN_PROGRESS'::text, 'RESOLVED'::text, 'CLOSED'::text, 'CANCELLED'::text, 'VERIFIED'::text]))")
@Index('issues_asset_idx', ['assetId', 'createdAt'], { where: '(asset_id IS NOT NULL)' })
@Index('issues_assignee_idx', ['tenantId', 'assigneeUserId'], { where: '(assignee_user_id IS NOT NULL)' })
@Index('issues_outlet_idx', ['tenantId', 'outletId', 'status'])
@Index('issues_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'issues' })
export class IssueEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'issues_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'issues_outlet_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;

  @ForeignKey(() => AssetEntity, { name: 'issues_asset_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'asset_id', type: 'uuid', nullable: true })
  assetId!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text' })
  priority!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text' })
  source!: string;

  @ForeignKey(() => UserEntity, { name: 'issues_reporter_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'reporter_user_id', type: 'uuid', nullable: true })
  reporterUserId!: string | null;

  /** Who handles it: given by a manager or an automation; they see it as its reporter does. */
  @ForeignKey(() => UserEntity, { name: 'issues_assignee_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'assignee_user_id', type: 'uuid', nullable: true })
  assigneeUserId!: string | null;

  @Column({ name: 'resolution_note', type: 'text', nullable: true })
  resolutionNote!: string | null;

  @ForeignKey(() => UserEntity, { name: 'issues_resolved_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'resolved_by_user_id', type: 'uuid', nullable: true })
  resolvedByUserId!: string | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
