import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tenants (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        slug text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('FREE','BASIC','GROWTH','ENTERPRISE')),
        timezone text NOT NULL,
        public_api_enabled boolean NOT NULL DEFAULT false,
        sso_enabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX tenants_slug_key ON tenants (slug)`);

    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        full_name text NOT NULL,
        email text,
        mobile text,
        role text NOT NULL,
        status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','INACTIVE')),
        employee_code text,
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (email IS NOT NULL OR mobile IS NOT NULL)
      )`);
    // Uniqueness holds among live users only, so a removed person can be re-added.
    await q.query(`CREATE UNIQUE INDEX users_tenant_email_key ON users (tenant_id, email) WHERE deleted_at IS NULL AND email IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX users_tenant_mobile_key ON users (tenant_id, mobile) WHERE deleted_at IS NULL AND mobile IS NOT NULL`);
    await q.query(`CREATE INDEX users_email_idx ON users (email) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX users_mobile_idx ON users (mobile) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX users_tenant_created_idx ON users (tenant_id, created_at, id)`);

    await q.query(`
      CREATE TABLE outlets (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        code text NOT NULL,
        city text NOT NULL,
        address text,
        status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','INACTIVE')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX outlets_tenant_code_key ON outlets (tenant_id, lower(code))`);

    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text
      )`);
    await q.query(`CREATE INDEX auth_sessions_user_idx ON auth_sessions (tenant_id, user_id)`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)`);

    await q.query(`
      CREATE TABLE one_time_tokens (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('PASSWORD_RESET','INVITE')),
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX one_time_tokens_hash_key ON one_time_tokens (token_hash)`);

    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        to_address text NOT NULL,
        template text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        transport text NOT NULL,
        sent_at timestamptz,
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mail_outbox_tenant_idx ON mail_outbox (tenant_id, created_at)`);

    await q.query(`
      CREATE TABLE domain_events (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        type text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        dispatched_at timestamptz
      )`);
    await q.query(`CREATE INDEX domain_events_pending_idx ON domain_events (occurred_at) WHERE dispatched_at IS NULL`);
    await q.query(`CREATE INDEX domain_events_tenant_idx ON domain_events (tenant_id, occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['domain_events', 'mail_outbox', 'one_time_tokens', 'refresh_tokens', 'auth_sessions', 'outlets', 'users', 'tenants']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
