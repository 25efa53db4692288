import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Check('access_wallet_passes_check', "((state = 'ACTIVE'::text) = ((credential_sealed IS NOT NULL) AND (credential_expires_at IS NOT NULL) AND (renew_at IS NOT NULL)))")
@Check('access_wallet_passes_state_check', "(state = ANY (ARRAY['ACTIVE'::text, 'NO_ACCESS'::text, 'VOID'::text]))")
@Index('access_wallet_passes_auth_key', ['authTokenHash'], { unique: true })
@Index('access_wallet_passes_user_key', ['tenantId', 'userId', 'passTypeIdentifier'], { unique: true })
@Entity({ name: 'access_wallet_passes' })
export class AccessWalletPassEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_wallet_passes_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'access_wallet_passes_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'pass_type_identifier', type: 'text' })
  passTypeIdentifier!: string;

  @Column({ name: 'auth_token_hash', type: 'text' })
  authTokenHash!: string;

  @Column({ name: 'auth_token_sealed', type: 'text' })
  authTokenSealed!: string;

  @Column({ type: 'text' })
  state!: string;

  @Column({ name: 'credential_sealed', type: 'text', nullable: true })
  credentialSealed!: string | null;

  @Column({ name: 'credential_expires_at', type: 'timestamptz', nullable: true })
  credentialExpiresAt!: Date | null;

  @Column({ name: 'renew_at', type: 'timestamptz', nullable: true })
  renewAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'pushed_at', type: 'timestamptz', nullable: true })
  pushedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Index('access_wallet_registrations_device_idx', ['deviceLibraryIdentifier'])
@Index('access_wallet_registrations_tenant_idx', ['tenantId'])
@Entity({ name: 'access_wallet_registrations' })
export class AccessWalletRegistrationEntity {
  @ForeignKey(() => TenantEntity, { name: 'access_wallet_registrations_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AccessWalletPassEntity, { name: 'access_wallet_registrations_pass_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'pass_id', type: 'uuid' })
  passId!: string;

  @PrimaryColumn({ name: 'device_library_identifier', type: 'text' })
  deviceLibraryIdentifier!: string;

  @Column({ name: 'push_token', type: 'text' })
  pushToken!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
