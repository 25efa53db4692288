import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec 02: door access control, management side and the daemon's audit. */
export class AccessControl1763900000000 implements MigrationInterface {
  name = 'AccessControl1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_zones (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid REFERENCES outlets(id),
        name text NOT NULL,
        description text,
        hours_json jsonb,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX access_zones_tenant_idx ON access_zones (tenant_id, created_at) WHERE deleted_at IS NULL`);

    // Bindings of live zones only (deleted with the zone), so a reader id is in at most one live zone.
    await q.query(`
      CREATE TABLE access_zone_readers (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        zone_id uuid NOT NULL REFERENCES access_zones(id) ON DELETE CASCADE,
        reader_id text NOT NULL,
        PRIMARY KEY (zone_id, reader_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX access_zone_readers_reader_key ON access_zone_readers (tenant_id, reader_id)`);

    // The invite code is a secret: only its keyed hash is kept, plus a short prefix to recognise it.
    await q.query(`
      CREATE TABLE access_visitor_passes (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        visitor_name text NOT NULL,
        email text,
        phone text,
        invite_code_hash text NOT NULL,
        invite_code_prefix text NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_by_user_id uuid REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_redeemed_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX access_visitor_passes_code_key ON access_visitor_passes (invite_code_hash)`);
    await q.query(`CREATE INDEX access_visitor_passes_tenant_idx ON access_visitor_passes (tenant_id, expires_at)`);

    // A grant ties a user, or a visitor pass (the "shared invite code"), to a zone.
    await q.query(`
      CREATE TABLE access_grants (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id),
        visitor_pass_id uuid REFERENCES access_visitor_passes(id) ON DELETE CASCADE,
        zone_id uuid NOT NULL REFERENCES access_zones(id),
        status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','REVOKED','EXPIRED')),
        expires_at timestamptz,
        note text,
        created_by_user_id uuid REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        revoked_by_user_id uuid REFERENCES users(id),
        revoke_reason text,
        expired_at timestamptz,
        CHECK ((user_id IS NULL) <> (visitor_pass_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX access_grants_active_user_zone_key ON access_grants (tenant_id, user_id, zone_id) WHERE status = 'ACTIVE' AND user_id IS NOT NULL`);
    await q.query(`CREATE INDEX access_grants_tenant_status_idx ON access_grants (tenant_id, status)`);
    await q.query(`CREATE INDEX access_grants_zone_idx ON access_grants (zone_id) WHERE status = 'ACTIVE'`);
    await q.query(`CREATE INDEX access_grants_user_idx ON access_grants (tenant_id, user_id)`);
    await q.query(`CREATE INDEX access_grants_pass_idx ON access_grants (visitor_pass_id) WHERE visitor_pass_id IS NOT NULL`);

    // Audit ids are made by whoever writes the row (the daemon, for taps), so re-inserting a spooled row is idempotent.
    await q.query(`
      CREATE TABLE access_audit (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid,
        zone_id uuid,
        visitor_pass_id uuid,
        credential_id text NOT NULL,
        reader_id text NOT NULL,
        event_type text NOT NULL CHECK (event_type IN ('GRANTED','DENIED_NO_GRANT','DENIED_EXPIRED','DENIED_OUTSIDE_HOURS','DENIED_ZONE_INACTIVE','UNKNOWN_CREDENTIAL','UNKNOWN_READER','REVOKED')),
        reason text,
        occurred_at timestamptz NOT NULL,
        source text NOT NULL
      )`);
    await q.query(`CREATE INDEX access_audit_tenant_time_idx ON access_audit (tenant_id, occurred_at DESC)`);
    await q.query(`CREATE INDEX access_audit_user_time_idx ON access_audit (tenant_id, user_id, occurred_at DESC)`);
    await q.query(`CREATE INDEX access_audit_zone_time_idx ON access_audit (tenant_id, zone_id, occurred_at DESC)`);

    await q.query(`
      CREATE TABLE access_readers (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        reader_id text NOT NULL,
        firmware_version text,
        ip_address text,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX access_readers_reader_key ON access_readers (tenant_id, reader_id)`);

    await q.query(`
      CREATE TABLE access_reader_keys (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL,
        prefix text NOT NULL,
        created_by_user_id uuid REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX access_reader_keys_hash_key ON access_reader_keys (key_hash)`);

    // Ed25519 credential signing keys per tenant. The private half is sealed with a key only the API
    // holds; daemons read public keys only, so a compromised edge daemon cannot mint credentials.
    await q.query(`
      CREATE TABLE access_signing_keys (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        public_key text NOT NULL,
        private_key_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    await q.query(`CREATE INDEX access_signing_keys_tenant_idx ON access_signing_keys (tenant_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE access_integrations (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        provider text NOT NULL,
        display_name text NOT NULL,
        config_sealed text NOT NULL,
        webhook_secret_sealed text NOT NULL,
        status text NOT NULL DEFAULT 'CONNECTED',
        last_sync_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX access_integrations_tenant_idx ON access_integrations (tenant_id)`);

    await q.query(`
      CREATE TABLE access_external_doors (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        integration_id uuid NOT NULL REFERENCES access_integrations(id) ON DELETE CASCADE,
        external_id text NOT NULL,
        name text NOT NULL,
        zone_id uuid REFERENCES access_zones(id),
        discovered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX access_external_doors_key ON access_external_doors (integration_id, external_id)`);

    // Per-tenant version of the access change feed, bumped in the same transaction as each change.
    await q.query(`
      CREATE TABLE access_feed_versions (
        tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
        version bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'access_feed_versions',
      'access_external_doors',
      'access_integrations',
      'access_signing_keys',
      'access_reader_keys',
      'access_readers',
      'access_audit',
      'access_grants',
      'access_visitor_passes',
      'access_zone_readers',
      'access_zones',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
