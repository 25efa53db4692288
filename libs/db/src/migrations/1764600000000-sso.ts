import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16: single sign-on. A tenant's connections to its identity provider (OIDC or SAML), the
 * email domains it has proved it owns, the short-lived state of a sign-in in flight, the assertion
 * ids already used (replay protection), the people's identities at a provider, and the one-time
 * codes a browser trades for a token pair.
 */
export class Sso1764600000000 implements MigrationInterface {
  name = 'Sso1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sso_connections (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        protocol text NOT NULL CHECK (protocol IN ('OIDC','SAML')),
        name text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        enforced boolean NOT NULL DEFAULT false,
        jit_provisioning boolean NOT NULL DEFAULT true,
        default_role text NOT NULL DEFAULT 'STAFF',
        oidc_issuer text,
        oidc_client_id text,
        oidc_client_secret_sealed text,
        saml_idp_entity_id text,
        saml_idp_sso_url text,
        saml_idp_certificates text[],
        saml_metadata_url text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (protocol <> 'OIDC' OR (oidc_issuer IS NOT NULL AND oidc_client_id IS NOT NULL AND oidc_client_secret_sealed IS NOT NULL)),
        CHECK (protocol <> 'SAML' OR (saml_idp_entity_id IS NOT NULL AND saml_idp_sso_url IS NOT NULL AND cardinality(saml_idp_certificates) > 0))
      )`);
    await q.query(`CREATE INDEX sso_connections_tenant_idx ON sso_connections (tenant_id, created_at, id)`);
    await q.query(`
      CREATE TABLE sso_domains (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
        domain text NOT NULL,
        verification_token text NOT NULL,
        verified_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    // A domain may be claimed by several tenants while unproved, but proved by one only.
    await q.query(`CREATE UNIQUE INDEX sso_domains_verified_key ON sso_domains (domain) WHERE verified_at IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX sso_domains_tenant_domain_key ON sso_domains (tenant_id, domain)`);
    await q.query(`
      CREATE TABLE sso_login_states (
        state_hash text PRIMARY KEY,
        tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
        connection_id uuid REFERENCES sso_connections(id) ON DELETE CASCADE,
        provider text NOT NULL,
        nonce text,
        code_verifier_sealed text,
        saml_request_id text,
        return_to text,
        tenant_slug text,
        browser_binding_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sso_login_states_expiry_idx ON sso_login_states (expires_at)`);
    await q.query(`CREATE UNIQUE INDEX sso_login_states_saml_request_key ON sso_login_states (connection_id, saml_request_id) WHERE saml_request_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE sso_used_assertions (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
        assertion_id text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (connection_id, assertion_id)
      )`);
    await q.query(`
      CREATE TABLE sso_identities (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_sign_in_at timestamptz NOT NULL,
        PRIMARY KEY (connection_id, subject)
      )`);
    await q.query(`CREATE INDEX sso_identities_user_idx ON sso_identities (tenant_id, user_id)`);
    await q.query(`
      CREATE TABLE sso_exchange_codes (
        code_hash text PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        browser_binding_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['sso_exchange_codes', 'sso_identities', 'sso_used_assertions', 'sso_login_states', 'sso_domains', 'sso_connections']) await q.query(`DROP TABLE ${table}`);
  }
}
