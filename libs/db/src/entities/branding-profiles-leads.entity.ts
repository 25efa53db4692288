import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('tenant_branding_accent_color_check', "(accent_color ~ '^#[0-9A-F]{6}$'::text)")
@Check('tenant_branding_check', '(((logo_key IS NULL) = (logo_media_type IS NULL)) AND ((logo_key IS NULL) = (logo_sha256 IS NULL)) AND ((logo_key IS NULL) = (logo_bytes IS NULL)) AND ((logo_key IS NULL) = (logo_uploaded_at IS NULL)))')
@Check('tenant_branding_logo_media_type_check', "(logo_media_type = ANY (ARRAY['image/png'::text, 'image/jpeg'::text, 'image/svg+xml'::text]))")
@Check('tenant_branding_primary_color_check', "(primary_color ~ '^#[0-9A-F]{6}$'::text)")
@Entity({ name: 'tenant_branding' })
export class TenantBrandingEntity {
  @ForeignKey(() => TenantEntity, { name: 'tenant_branding_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'primary_color', type: 'text', nullable: true })
  primaryColor!: string | null;

  @Column({ name: 'accent_color', type: 'text', nullable: true })
  accentColor!: string | null;

  @Column({ name: 'logo_key', type: 'text', nullable: true })
  logoKey!: string | null;

  @Column({ name: 'logo_media_type', type: 'text', nullable: true })
  logoMediaType!: string | null;

  @Column({ name: 'logo_sha256', type: 'text', nullable: true })
  logoSha256!: string | null;

  @Column({ name: 'logo_bytes', type: 'integer', nullable: true })
  logoBytes!: number | null;

  @Column({ name: 'logo_uploaded_at', type: 'timestamptz', nullable: true })
  logoUploadedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Check('user_public_profiles_check', '(((photo_key IS NULL) = (photo_media_type IS NULL)) AND ((photo_key IS NULL) = (photo_sha256 IS NULL)) AND ((photo_key IS NULL) = (photo_bytes IS NULL)) AND ((photo_key IS NULL) = (photo_uploaded_at IS NULL)))')
@Check('user_public_profiles_photo_media_type_check', "(photo_media_type = ANY (ARRAY['image/png'::text, 'image/jpeg'::text]))")
@Index('user_public_profiles_public_id_key', ['publicId'], { unique: true })
@Index('user_public_profiles_tenant_idx', ['tenantId', 'userId'])
@Entity({ name: 'user_public_profiles' })
export class UserPublicProfileEntity {
  @ForeignKey(() => UserEntity, { name: 'user_public_profiles_user_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ForeignKey(() => TenantEntity, { name: 'user_public_profiles_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'public_id', type: 'text' })
  publicId!: string;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @ForeignKey(() => OutletEntity, { name: 'user_public_profiles_outlet_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true })
  outletId!: string | null;

  @Column({ name: 'photo_key', type: 'text', nullable: true })
  photoKey!: string | null;

  @Column({ name: 'photo_media_type', type: 'text', nullable: true })
  photoMediaType!: string | null;

  @Column({ name: 'photo_sha256', type: 'text', nullable: true })
  photoSha256!: string | null;

  @Column({ name: 'photo_bytes', type: 'integer', nullable: true })
  photoBytes!: number | null;

  @Column({ name: 'photo_uploaded_at', type: 'timestamptz', nullable: true })
  photoUploadedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Index('sales_leads_created_idx', ['createdAt', 'id'])
@Entity({ name: 'sales_leads' })
export class SalesLeadEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  company!: string;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
