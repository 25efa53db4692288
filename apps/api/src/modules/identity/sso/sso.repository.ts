import type { Plan, Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { SsoConnectionEntity, SsoDomainEntity, SsoLoginStateEntity } from '@wfm/db/entities/sso.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { ConflictError } from '@wfm/core/errors';

export type ConnectionRow = Row<SsoConnectionEntity>;

export type DomainRow = Row<SsoDomainEntity>;

/** A connection that can sign people in now: enabled, its tenant on single sign-on. */
export interface LiveConnection extends ConnectionRow {
  tenantPlan: Plan;
  tenantSsoEnabled: boolean;
}

/** `browserBindingHash` is the sha256 of the verifier the browser that started the sign-in keeps (login CSRF). */
export type LoginState = Omit<Row<SsoLoginStateEntity>, 'usedAt'> & { provider: 'OIDC' | 'SAML' | 'GOOGLE' };

export type SignInUser = Row<UserEntity, 'id' | 'tenantId' | 'role' | 'status'> & { verified: boolean };

const CONNECTION = `c.id, c.tenant_id AS "tenantId", c.protocol, c.name, c.enabled, c.enforced, c.jit_provisioning AS "jitProvisioning",
  c.default_role AS "defaultRole", c.oidc_issuer AS "oidcIssuer", c.oidc_client_id AS "oidcClientId", c.oidc_client_secret_sealed AS "oidcClientSecretSealed",
  c.saml_idp_entity_id AS "samlIdpEntityId", c.saml_idp_sso_url AS "samlIdpSsoUrl", c.saml_idp_certificates AS "samlIdpCertificates",
  c.saml_metadata_url AS "samlMetadataUrl", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;
const DOMAIN = `d.id, d.tenant_id AS "tenantId", d.connection_id AS "connectionId", d.domain, d.verification_token AS "verificationToken", d.verified_at AS "verifiedAt", d.created_at AS "createdAt"`;
const STATE = `state_hash AS "stateHash", tenant_id AS "tenantId", connection_id AS "connectionId", provider, nonce, code_verifier_sealed AS "codeVerifierSealed",
  saml_request_id AS "samlRequestId", return_to AS "returnTo", tenant_slug AS "tenantSlug", browser_binding_hash AS "browserBindingHash", expires_at AS "expiresAt", created_at AS "createdAt"`;
const SIGN_IN_USER = `u.id, u.tenant_id AS "tenantId", u.role, u.status, (u.verified_at IS NOT NULL) AS verified`;

const DOMAIN_TAKEN = { sso_domains_verified_key: () => new ConflictError('This domain is already verified by another organisation'), sso_domains_tenant_domain_key: () => new ConflictError('This domain is already added') };
const EMAIL_TAKEN = { users_tenant_email_key: () => new ConflictError('A user with this email already exists') };

export class SsoRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string): Promise<ConnectionRow[]> {
    return many(this.ds, `SELECT ${CONNECTION} FROM sso_connections c WHERE c.tenant_id = $1 ORDER BY c.created_at, c.id`, [tenantId]);
  }

  find(db: Tx | null, tenantId: string, id: string): Promise<ConnectionRow | null> {
    return one(db ?? this.ds, `SELECT ${CONNECTION} FROM sso_connections c WHERE c.tenant_id = $1 AND c.id = $2${db ? ' FOR UPDATE' : ''}`, [tenantId, id]);
  }

  async insert(tx: Tx, c: ConnectionRow): Promise<void> {
    await exec(
      tx,
      `INSERT INTO sso_connections (id, tenant_id, protocol, name, enabled, enforced, jit_provisioning, default_role, oidc_issuer, oidc_client_id, oidc_client_secret_sealed,
         saml_idp_entity_id, saml_idp_sso_url, saml_idp_certificates, saml_metadata_url, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [c.id, c.tenantId, c.protocol, c.name, c.enabled, c.enforced, c.jitProvisioning, c.defaultRole, c.oidcIssuer, c.oidcClientId, c.oidcClientSecretSealed, c.samlIdpEntityId, c.samlIdpSsoUrl, c.samlIdpCertificates, c.samlMetadataUrl, c.createdAt, c.updatedAt],
    );
  }

  async update(tx: Tx, c: ConnectionRow): Promise<void> {
    await exec(
      tx,
      `UPDATE sso_connections SET name = $3, enabled = $4, enforced = $5, jit_provisioning = $6, default_role = $7, oidc_issuer = $8, oidc_client_id = $9,
         oidc_client_secret_sealed = $10, saml_idp_entity_id = $11, saml_idp_sso_url = $12, saml_idp_certificates = $13, saml_metadata_url = $14, updated_at = $15
       WHERE tenant_id = $1 AND id = $2`,
      [c.tenantId, c.id, c.name, c.enabled, c.enforced, c.jitProvisioning, c.defaultRole, c.oidcIssuer, c.oidcClientId, c.oidcClientSecretSealed, c.samlIdpEntityId, c.samlIdpSsoUrl, c.samlIdpCertificates, c.samlMetadataUrl, c.updatedAt],
    );
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM sso_connections WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) > 0;
  }

  domainsOf(tenantId: string, connectionIds: string[]): Promise<DomainRow[]> {
    return many(this.ds, `SELECT ${DOMAIN} FROM sso_domains d WHERE d.tenant_id = $1 AND d.connection_id = ANY($2::uuid[]) ORDER BY d.domain`, [tenantId, connectionIds]);
  }

  async addDomain(d: DomainRow): Promise<void> {
    await exec(this.ds, `INSERT INTO sso_domains (id, tenant_id, connection_id, domain, verification_token, verified_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      d.id,
      d.tenantId,
      d.connectionId,
      d.domain,
      d.verificationToken,
      d.verifiedAt,
      d.createdAt,
    ]).catch((err) => onConstraint(err, DOMAIN_TAKEN));
  }

  findDomain(tenantId: string, connectionId: string, id: string): Promise<DomainRow | null> {
    return one(this.ds, `SELECT ${DOMAIN} FROM sso_domains d WHERE d.tenant_id = $1 AND d.connection_id = $2 AND d.id = $3`, [tenantId, connectionId, id]);
  }

  findDomainByName(tenantId: string, domain: string): Promise<DomainRow | null> {
    return one(this.ds, `SELECT ${DOMAIN} FROM sso_domains d WHERE d.tenant_id = $1 AND d.domain = $2`, [tenantId, domain]);
  }

  async markVerified(tenantId: string, id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE sso_domains SET verified_at = $3 WHERE tenant_id = $1 AND id = $2 AND verified_at IS NULL`, [tenantId, id, at]).catch((err) => onConstraint(err, DOMAIN_TAKEN));
  }

  async deleteDomain(tenantId: string, connectionId: string, id: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM sso_domains WHERE tenant_id = $1 AND connection_id = $2 AND id = $3`, [tenantId, connectionId, id])) > 0;
  }

  /** The enabled connection whose verified domain this is, with its tenant's plan and switch. */
  byVerifiedDomain(domain: string): Promise<LiveConnection | null> {
    return one(
      this.ds,
      `SELECT ${CONNECTION}, t.plan AS "tenantPlan", t.sso_enabled AS "tenantSsoEnabled"
         FROM sso_domains d JOIN sso_connections c ON c.id = d.connection_id AND c.tenant_id = d.tenant_id JOIN tenants t ON t.id = c.tenant_id
        WHERE d.domain = $1 AND d.verified_at IS NOT NULL AND c.enabled`,
      [domain],
    );
  }

  /** The connection a sign-in in flight belongs to, whatever it has become since (checked by the caller). */
  liveConnection(tenantId: string, id: string): Promise<LiveConnection | null> {
    return one(
      this.ds,
      `SELECT ${CONNECTION}, t.plan AS "tenantPlan", t.sso_enabled AS "tenantSsoEnabled" FROM sso_connections c JOIN tenants t ON t.id = c.tenant_id WHERE c.tenant_id = $1 AND c.id = $2`,
      [tenantId, id],
    );
  }

  /** The verified domains of a connection: the only addresses it may sign in. */
  async verifiedDomains(tenantId: string, connectionId: string): Promise<Set<string>> {
    const rows = await many<{ domain: string }>(this.ds, `SELECT domain FROM sso_domains WHERE tenant_id = $1 AND connection_id = $2 AND verified_at IS NOT NULL`, [tenantId, connectionId]);
    return new Set(rows.map((r) => r.domain));
  }

  /** Whether the tenant has an enabled, enforced connection (its plan and switch are the caller's to weigh). */
  async enforcement(tenantId: string): Promise<{ enforced: boolean; plan: Plan; ssoEnabled: boolean } | null> {
    return one(
      this.ds,
      `SELECT EXISTS (SELECT 1 FROM sso_connections c WHERE c.tenant_id = t.id AND c.enabled AND c.enforced) AS enforced, t.plan, t.sso_enabled AS "ssoEnabled" FROM tenants t WHERE t.id = $1`,
      [tenantId],
    );
  }

  async insertState(s: LoginState): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO sso_login_states (state_hash, tenant_id, connection_id, provider, nonce, code_verifier_sealed, saml_request_id, return_to, tenant_slug, browser_binding_hash, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [s.stateHash, s.tenantId, s.connectionId, s.provider, s.nonce, s.codeVerifierSealed, s.samlRequestId, s.returnTo, s.tenantSlug, s.browserBindingHash, s.expiresAt, s.createdAt],
    );
  }

  /** Spends a state: it answers once, and only before it expires. */
  spendState(hash: string, now: Date): Promise<LoginState | null> {
    return one(this.ds, `UPDATE sso_login_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING ${STATE}`, [hash, now]);
  }

  /** Old states go; a state is useless ten minutes after it was made. */
  async purgeStates(before: Date): Promise<void> {
    await exec(this.ds, `DELETE FROM sso_login_states WHERE expires_at < $1`, [before]);
    await exec(this.ds, `DELETE FROM sso_used_assertions WHERE expires_at < $1`, [before]);
    await exec(this.ds, `DELETE FROM sso_exchange_codes WHERE expires_at < $1`, [before]);
  }

  /** Records an assertion id; false when it was already used (a replay). */
  async rememberAssertion(tenantId: string, connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
    const row = await one(
      this.ds,
      `INSERT INTO sso_used_assertions (tenant_id, connection_id, assertion_id, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING assertion_id`,
      [tenantId, connectionId, assertionId, expiresAt],
    );
    return row !== null;
  }

  userBySubject(tenantId: string, connectionId: string, subject: string): Promise<SignInUser | null> {
    return one(
      this.ds,
      `SELECT ${SIGN_IN_USER} FROM sso_identities i JOIN users u ON u.id = i.user_id AND u.tenant_id = i.tenant_id
        WHERE i.tenant_id = $1 AND i.connection_id = $2 AND i.subject = $3 AND ${live('u')}`,
      [tenantId, connectionId, subject],
    );
  }

  userByEmail(tenantId: string, email: string): Promise<SignInUser | null> {
    return one(this.ds, `SELECT ${SIGN_IN_USER} FROM users u WHERE u.tenant_id = $1 AND u.email = $2 AND ${live('u')}`, [tenantId, email]);
  }

  /** Live, active, verified accounts with this email, oldest first; narrowed to one tenant by its slug. */
  accountsByEmail(email: string, tenantSlug: string | null): Promise<SignInUser[]> {
    return many(
      this.ds,
      `SELECT ${SIGN_IN_USER} FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.email = $1 AND ${live('u')} AND u.status = 'ACTIVE' AND u.verified_at IS NOT NULL AND ($2::text IS NULL OR t.slug = $2)
        ORDER BY u.created_at, u.id LIMIT 1`,
      [email, tenantSlug],
    );
  }

  async insertUser(tx: Tx, u: { id: string; tenantId: string; fullName: string; email: string; role: Role; at: Date }): Promise<void> {
    await exec(
      tx,
      `INSERT INTO users (id, tenant_id, full_name, email, role, status, verified_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'ACTIVE', $6, $6, $6)`,
      [u.id, u.tenantId, u.fullName, u.email, u.role, u.at],
    ).catch((err) => onConstraint(err, EMAIL_TAKEN));
  }

  async link(db: Tx | null, l: { tenantId: string; connectionId: string; subject: string; userId: string; at: Date }): Promise<void> {
    await exec(
      db ?? this.ds,
      `INSERT INTO sso_identities (tenant_id, connection_id, subject, user_id, created_at, last_sign_in_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (connection_id, subject) DO UPDATE SET last_sign_in_at = EXCLUDED.last_sign_in_at`,
      [l.tenantId, l.connectionId, l.subject, l.userId, l.at],
    );
  }

  async insertExchangeCode(c: { hash: string; tenantId: string; userId: string; browserBindingHash: string; expiresAt: Date; at: Date }): Promise<void> {
    await exec(this.ds, `INSERT INTO sso_exchange_codes (code_hash, tenant_id, user_id, browser_binding_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      c.hash,
      c.tenantId,
      c.userId,
      c.browserBindingHash,
      c.expiresAt,
      c.at,
    ]);
  }

  /**
   * Spends a one-time code, whatever the verifier presented with it: a code tried with the wrong
   * verifier is gone. The user must still be able to sign in.
   */
  spendExchangeCode(hash: string, now: Date): Promise<{ tenantId: string; userId: string; browserBindingHash: string } | null> {
    return one(
      this.ds,
      `UPDATE sso_exchange_codes x SET used_at = $2 FROM users u
        WHERE x.code_hash = $1 AND x.used_at IS NULL AND x.expires_at > $2 AND u.id = x.user_id AND u.tenant_id = x.tenant_id AND ${live('u')} AND u.status = 'ACTIVE'
        RETURNING x.tenant_id AS "tenantId", x.user_id AS "userId", x.browser_binding_hash AS "browserBindingHash"`,
      [hash, now],
    );
  }
}
