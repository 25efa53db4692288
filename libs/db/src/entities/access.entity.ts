import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { HoursJson } from '@wfm/access/hours';
import type { AuditEventType } from '@wfm/access/decision';

export type GrantStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED';

@Entity({ name: 'access_zones' })
export class AccessZoneEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'outlet_id', type: 'uuid', nullable: true }) outletId!: string | null;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ name: 'hours_json', type: 'jsonb', nullable: true }) hoursJson!: HoursJson | null;
  @Column({ type: 'boolean', default: true }) active!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt!: Date | null;
}

@Entity({ name: 'access_zone_readers' })
export class AccessZoneReaderEntity {
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @PrimaryColumn({ name: 'zone_id', type: 'uuid' }) zoneId!: string;
  @PrimaryColumn({ name: 'reader_id', type: 'text' }) readerId!: string;
}

@Entity({ name: 'access_visitor_passes' })
export class AccessVisitorPassEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'visitor_name', type: 'text' }) visitorName!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', nullable: true }) phone!: string | null;
  @Column({ name: 'invite_code_hash', type: 'text' }) inviteCodeHash!: string;
  @Column({ name: 'invite_code_prefix', type: 'text' }) inviteCodePrefix!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true }) createdByUserId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_redeemed_at', type: 'timestamptz', nullable: true }) lastRedeemedAt!: Date | null;
}

@Entity({ name: 'access_grants' })
export class AccessGrantEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ name: 'visitor_pass_id', type: 'uuid', nullable: true }) visitorPassId!: string | null;
  @Column({ name: 'zone_id', type: 'uuid' }) zoneId!: string;
  @Column({ type: 'text', default: 'ACTIVE' }) status!: GrantStatus;
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true }) createdByUserId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'revoked_by_user_id', type: 'uuid', nullable: true }) revokedByUserId!: string | null;
  @Column({ name: 'revoke_reason', type: 'text', nullable: true }) revokeReason!: string | null;
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true }) expiredAt!: Date | null;
}

@Entity({ name: 'access_audit' })
export class AccessAuditEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ name: 'zone_id', type: 'uuid', nullable: true }) zoneId!: string | null;
  @Column({ name: 'visitor_pass_id', type: 'uuid', nullable: true }) visitorPassId!: string | null;
  @Column({ name: 'credential_id', type: 'text' }) credentialId!: string;
  @Column({ name: 'reader_id', type: 'text' }) readerId!: string;
  @Column({ name: 'event_type', type: 'text' }) eventType!: AuditEventType;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
  @Column({ type: 'text' }) source!: string;
}

@Entity({ name: 'access_readers' })
export class AccessReaderEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'reader_id', type: 'text' }) readerId!: string;
  @Column({ name: 'firmware_version', type: 'text', nullable: true }) firmwareVersion!: string | null;
  @Column({ name: 'ip_address', type: 'text', nullable: true }) ipAddress!: string | null;
  @Column({ name: 'first_seen_at', type: 'timestamptz' }) firstSeenAt!: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz' }) lastSeenAt!: Date;
}

@Entity({ name: 'access_reader_keys' })
export class AccessReaderKeyEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'key_hash', type: 'text' }) keyHash!: string;
  @Column({ type: 'text' }) prefix!: string;
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true }) createdByUserId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}

@Entity({ name: 'access_signing_keys' })
export class AccessSigningKeyEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'public_key', type: 'text' }) publicKey!: string;
  @Column({ name: 'private_key_sealed', type: 'text', select: false }) privateKeySealed!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true }) retiredAt!: Date | null;
}

@Entity({ name: 'access_integrations' })
export class AccessIntegrationEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'text' }) provider!: string;
  @Column({ name: 'display_name', type: 'text' }) displayName!: string;
  @Column({ name: 'config_sealed', type: 'text', select: false }) configSealed!: string;
  @Column({ name: 'webhook_secret_sealed', type: 'text', select: false }) webhookSecretSealed!: string;
  @Column({ type: 'text', default: 'CONNECTED' }) status!: string;
  @Column({ name: 'last_sync_at', type: 'timestamptz', nullable: true }) lastSyncAt!: Date | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

@Entity({ name: 'access_external_doors' })
export class AccessExternalDoorEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'integration_id', type: 'uuid' }) integrationId!: string;
  @Column({ name: 'external_id', type: 'text' }) externalId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'zone_id', type: 'uuid', nullable: true }) zoneId!: string | null;
  @Column({ name: 'discovered_at', type: 'timestamptz' }) discoveredAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
