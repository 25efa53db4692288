import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';
import type { Role } from '@wfm/core/tenancy';

export type SsoProtocol = 'OIDC' | 'SAML';

@Check('sso_connections_check', "((protocol <> 'OIDC'::text) OR ((oidc_issuer IS NOT NULL) AND (oidc_client_id IS NOT NULL) AND (oidc_client_secret_sealed IS NOT NULL)))")
@Check('sso_connections_check1', "((protocol <> 'SAML'::text) OR ((saml_idp_entity_id IS NOT NULL) AND (saml_idp_sso_url IS NOT NULL) AND (cardinality(saml_idp_certificates) > 0)))")
@Check('sso_connections_protocol_check', "(protocol = ANY (ARRAY['OIDC'::text, 'SAML'::text]))")
@Index('sso_connections_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'sso_connections' })
export class SsoConnectionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'sso_connections_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  protocol!: SsoProtocol;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'boolean', default: false })
  enforced!: boolean;

  @Column({ name: 'jit_provisioning', type: 'boolean', default: true })
  jitProvisioning!: boolean;

  @Column({ name: 'default_role', type: 'text', default: 'STAFF' })
  defaultRole!: Role;

  @Column({ name: 'oidc_issuer', type: 'text', nullable: true })
  oidcIssuer!: string | null;

  @Column({ name: 'oidc_client_id', type: 'text', nullable: true })
  oidcClientId!: string | null;

  @Column({ name: 'oidc_client_secret_sealed', type: 'text', nullable: true })
  oidcClientSecretSealed!: string | null;

  @Column({ name: 'saml_idp_entity_id', type: 'text', nullable: true })
  samlIdpEntityId!: string | null;

  @Column({ name: 'saml_idp_sso_url', type: 'text', nullable: true })
  samlIdpSsoUrl!: string | null;

  @Column({ name: 'saml_idp_certificates', type: 'text', array: true, nullable: true })
  samlIdpCertificates!: string[] | null;

  @Column({ name: 'saml_metadata_url', type: 'text', nullable: true })
  samlMetadataUrl!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Index('sso_domains_tenant_domain_key', ['tenantId', 'domain'], { unique: true })
@Index('sso_domains_verified_key', ['domain'], { unique: true, where: '(verified_at IS NOT NULL)' })
@Entity({ name: 'sso_domains' })
export class SsoDomainEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'sso_domains_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => SsoConnectionEntity, { name: 'sso_domains_connection_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @Column({ type: 'text' })
  domain!: string;

  @Column({ name: 'verification_token', type: 'text' })
  verificationToken!: string;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Index('sso_login_states_expiry_idx', ['expiresAt'])
@Index('sso_login_states_saml_request_key', ['connectionId', 'samlRequestId'], { unique: true, where: '(saml_request_id IS NOT NULL)' })
@Entity({ name: 'sso_login_states' })
export class SsoLoginStateEntity {
  @PrimaryColumn({ name: 'state_hash', type: 'text' })
  stateHash!: string;

  @ForeignKey(() => TenantEntity, { name: 'sso_login_states_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId!: string | null;

  @ForeignKey(() => SsoConnectionEntity, { name: 'sso_login_states_connection_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'connection_id', type: 'uuid', nullable: true })
  connectionId!: string | null;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text', nullable: true })
  nonce!: string | null;

  @Column({ name: 'code_verifier_sealed', type: 'text', nullable: true })
  codeVerifierSealed!: string | null;

  @Column({ name: 'saml_request_id', type: 'text', nullable: true })
  samlRequestId!: string | null;

  @Column({ name: 'return_to', type: 'text', nullable: true })
  returnTo!: string | null;

  @Column({ name: 'tenant_slug', type: 'text', nullable: true })
  tenantSlug!: string | null;

  @Column({ name: 'browser_binding_hash', type: 'text' })
  browserBindingHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}


@Entity({ name: 'sso_used_assertions' })
export class SsoUsedAssertionEntity {
  @ForeignKey(() => TenantEntity, { name: 'sso_used_assertions_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => SsoConnectionEntity, { name: 'sso_used_assertions_connection_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @PrimaryColumn({ name: 'assertion_id', type: 'text' })
  assertionId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

@Index('sso_identities_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'sso_identities' })
export class SsoIdentityEntity {
  @ForeignKey(() => TenantEntity, { name: 'sso_identities_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => SsoConnectionEntity, { name: 'sso_identities_connection_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'connection_id', type: 'uuid' })
  connectionId!: string;

  @PrimaryColumn({ type: 'text' })
  subject!: string;

  @ForeignKey(() => UserEntity, { name: 'sso_identities_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz' })
  lastSignInAt!: Date;
}


@Entity({ name: 'sso_exchange_codes' })
export class SsoExchangeCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @ForeignKey(() => TenantEntity, { name: 'sso_exchange_codes_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'sso_exchange_codes_user_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'browser_binding_hash', type: 'text' })
  browserBindingHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
