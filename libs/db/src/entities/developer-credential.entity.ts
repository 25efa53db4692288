import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';
import type { Scope } from '@wfm/core/scopes';

/** A developer API key; only the keyed hash of the key is stored, `prefix` identifies it in lists. */
@Index('api_keys_key_hash_key', ['keyHash'], { unique: true })
@Index('api_keys_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'api_keys_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  prefix!: string;

  @Column({ name: 'key_hash', type: 'text', select: false })
  keyHash!: string;

  @Column({ type: 'text', array: true })
  scopes!: Scope[];

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'api_keys_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  /** Set from the injected clock, not the database default. */
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

/** An OAuth 2.0 client-credentials client; the secret is stored only as its keyed hash. */
@Index('oauth_clients_client_id_key', ['clientId'], { unique: true })
@Index('oauth_clients_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'oauth_clients' })
export class OAuthClientEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'oauth_clients_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** The public identifier sent as `client_id` (`svc_client_…`). */
  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ name: 'secret_hash', type: 'text', select: false })
  secretHash!: string;

  @Column({ name: 'allowed_scopes', type: 'text', array: true })
  allowedScopes!: Scope[];

  @ForeignKey(() => UserEntity, { name: 'oauth_clients_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

/** An issued access token (`svc_oauth_…`), by its keyed hash; valid while unexpired and its client unrevoked. */
@Index('oauth_access_tokens_client_expiry_idx', ['oauthClientId', 'expiresAt'])
@Index('oauth_access_tokens_token_hash_key', ['tokenHash'], { unique: true })
@Entity({ name: 'oauth_access_tokens' })
export class OAuthAccessTokenEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'oauth_access_tokens_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => OAuthClientEntity, { name: 'oauth_access_tokens_oauth_client_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'oauth_client_id', type: 'uuid' })
  oauthClientId!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text', array: true })
  scopes!: Scope[];

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
