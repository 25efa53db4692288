import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '@wfm/core/scopes';

/** A developer API key; only the keyed hash of the key is stored, `prefix` identifies it in lists. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

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

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  /** Set from the injected clock, not the database default. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

/** An OAuth 2.0 client-credentials client; the secret is stored only as its keyed hash. */
@Entity({ name: 'oauth_clients' })
export class OAuthClientEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

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

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

/** An issued access token (`svc_oauth_…`), by its keyed hash; valid while unexpired and its client unrevoked. */
@Entity({ name: 'oauth_access_tokens' })
export class OAuthAccessTokenEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'oauth_client_id', type: 'uuid' })
  oauthClientId!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text', array: true })
  scopes!: Scope[];

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
