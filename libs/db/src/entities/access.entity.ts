import { Check, Column, CreateDateColumn, DeleteDateColumn, Entity, ForeignKey, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';
import type { HoursJson } from '@wfm/access/hours';
import type { AuditEventType } from '@wfm/access/decision';

export type GrantStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED';

@Index('access_zones_tenant_idx', ['tenantId', 'createdAt'], { where: '(deleted_at IS NULL)' })
@Entity({ name: 'access_zones' })
export class AccessZoneEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_zones_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OutletEntity, { name: 'access_zones_outlet_id_fkey' })
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true })
  outletId!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'hours_json', type: 'jsonb', nullable: true })
  hoursJson!: HoursJson | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

@Index('access_zone_readers_reader_key', ['tenantId', 'readerId'], { unique: true })
@Entity({ name: 'access_zone_readers' })
export class AccessZoneReaderEntity {
  @ForeignKey(() => TenantEntity, { name: 'access_zone_readers_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AccessZoneEntity, { name: 'access_zone_readers_zone_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'zone_id', type: 'uuid' })
  zoneId!: string;

  @PrimaryColumn({ name: 'reader_id', type: 'text' })
  readerId!: string;
}

@Index('access_visitor_passes_code_key', ['inviteCodeHash'], { unique: true })
@Index('access_visitor_passes_tenant_idx', ['tenantId', 'expiresAt'])
@Entity({ name: 'access_visitor_passes' })
export class AccessVisitorPassEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_visitor_passes_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'visitor_name', type: 'text' })
  visitorName!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'invite_code_hash', type: 'text' })
  inviteCodeHash!: string;

  @Column({ name: 'invite_code_prefix', type: 'text' })
  inviteCodePrefix!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'access_visitor_passes_created_by_user_id_fkey' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_redeemed_at', type: 'timestamptz', nullable: true })
  lastRedeemedAt!: Date | null;
}

@Check('access_grants_check', '((user_id IS NULL) <> (visitor_pass_id IS NULL))')
@Check('access_grants_status_check', "(status = ANY (ARRAY['ACTIVE'::text, 'REVOKED'::text, 'EXPIRED'::text]))")
@Index('access_grants_active_user_zone_key', ['tenantId', 'userId', 'zoneId'], { unique: true, where: "((status = 'ACTIVE'::text) AND (user_id IS NOT NULL))" })
@Index('access_grants_pass_idx', ['visitorPassId'], { where: '(visitor_pass_id IS NOT NULL)' })
@Index('access_grants_tenant_status_idx', ['tenantId', 'status'])
@Index('access_grants_user_idx', ['tenantId', 'userId'])
@Index('access_grants_zone_idx', ['zoneId'], { where: "(status = 'ACTIVE'::text)" })
@Entity({ name: 'access_grants' })
export class AccessGrantEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_grants_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'access_grants_user_id_fkey' })
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ForeignKey(() => AccessVisitorPassEntity, { name: 'access_grants_visitor_pass_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'visitor_pass_id', type: 'uuid', nullable: true })
  visitorPassId!: string | null;

  @ForeignKey(() => AccessZoneEntity, { name: 'access_grants_zone_id_fkey' })
  @Column({ name: 'zone_id', type: 'uuid' })
  zoneId!: string;

  @Column({ type: 'text', default: 'ACTIVE' })
  status!: GrantStatus;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @ForeignKey(() => UserEntity, { name: 'access_grants_created_by_user_id_fkey' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'access_grants_revoked_by_user_id_fkey' })
  @Column({ name: 'revoked_by_user_id', type: 'uuid', nullable: true })
  revokedByUserId!: string | null;

  @Column({ name: 'revoke_reason', type: 'text', nullable: true })
  revokeReason!: string | null;

  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true })
  expiredAt!: Date | null;
}

@Check('access_audit_event_type_check', "(event_type = ANY (ARRAY['GRANTED'::text, 'DENIED_NO_GRANT'::text, 'DENIED_EXPIRED'::text, 'DENIED_OUTSIDE_HOURS'::text, 'DENIED_ZONE_INACTIVE'::text, 'UNKNOWN_CREDENTIAL'::text, 'UNKNOWN_READER'::text, 'REVOKED'::text]))")
@Index('access_audit_tenant_time_idx', ['tenantId', 'occurredAt'])
@Index('access_audit_user_time_idx', ['tenantId', 'userId', 'occurredAt'])
@Index('access_audit_zone_time_idx', ['tenantId', 'zoneId', 'occurredAt'])
@Entity({ name: 'access_audit' })
export class AccessAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_audit_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'zone_id', type: 'uuid', nullable: true })
  zoneId!: string | null;

  @Column({ name: 'visitor_pass_id', type: 'uuid', nullable: true })
  visitorPassId!: string | null;

  @Column({ name: 'credential_id', type: 'text' })
  credentialId!: string;

  @Column({ name: 'reader_id', type: 'text' })
  readerId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: AuditEventType;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'text' })
  source!: string;
}

@Index('access_readers_reader_key', ['tenantId', 'readerId'], { unique: true })
@Entity({ name: 'access_readers' })
export class AccessReaderEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_readers_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'reader_id', type: 'text' })
  readerId!: string;

  @Column({ name: 'firmware_version', type: 'text', nullable: true })
  firmwareVersion!: string | null;

  @Column({ name: 'ip_address', type: 'text', nullable: true })
  ipAddress!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}

@Index('access_reader_keys_hash_key', ['keyHash'], { unique: true })
@Entity({ name: 'access_reader_keys' })
export class AccessReaderKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_reader_keys_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  @Column({ type: 'text' })
  prefix!: string;

  @ForeignKey(() => UserEntity, { name: 'access_reader_keys_created_by_user_id_fkey' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

@Index('access_signing_keys_current_key', ['tenantId'], { unique: true, where: '(retired_at IS NULL)' })
@Index('access_signing_keys_tenant_idx', ['tenantId', 'createdAt'])
@Entity({ name: 'access_signing_keys' })
export class AccessSigningKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_signing_keys_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ name: 'private_key_sealed', type: 'text', select: false })
  privateKeySealed!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;
}

@Index('access_integrations_tenant_idx', ['tenantId'])
@Entity({ name: 'access_integrations' })
export class AccessIntegrationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_integrations_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'config_sealed', type: 'text', select: false })
  configSealed!: string;

  @Column({ name: 'webhook_secret_sealed', type: 'text', select: false })
  webhookSecretSealed!: string;

  @Column({ type: 'text', default: 'CONNECTED' })
  status!: string;

  @Column({ name: 'last_sync_at', type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Index('access_external_doors_key', ['integrationId', 'externalId'], { unique: true })
@Entity({ name: 'access_external_doors' })
export class AccessExternalDoorEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'access_external_doors_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => AccessIntegrationEntity, { name: 'access_external_doors_integration_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'integration_id', type: 'uuid' })
  integrationId!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ type: 'text' })
  name!: string;

  @ForeignKey(() => AccessZoneEntity, { name: 'access_external_doors_zone_id_fkey' })
  @Column({ name: 'zone_id', type: 'uuid', nullable: true })
  zoneId!: string | null;

  @Column({ name: 'discovered_at', type: 'timestamptz' })
  discoveredAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}


@Entity({ name: 'access_feed_versions' })
export class AccessFeedVersionEntity {
  @ForeignKey(() => TenantEntity, { name: 'access_feed_versions_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'bigint' })
  version!: string;
}
