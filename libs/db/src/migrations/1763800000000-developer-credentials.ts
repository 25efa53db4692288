import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeveloperCredentials1763800000000 implements MigrationInterface {
  name = 'DeveloperCredentials1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // Secrets are stored only as keyed hashes; the unique index on the hash is the lookup path.
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash)`);
    await q.query(`CREATE INDEX api_keys_tenant_created_idx ON api_keys (tenant_id, created_at, id)`);

    await q.query(`
      CREATE TABLE oauth_clients (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        client_id text NOT NULL,
        secret_hash text NOT NULL,
        allowed_scopes text[] NOT NULL,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX oauth_clients_client_id_key ON oauth_clients (client_id)`);
    await q.query(`CREATE INDEX oauth_clients_tenant_created_idx ON oauth_clients (tenant_id, created_at, id)`);

    await q.query(`
      CREATE TABLE oauth_access_tokens (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        oauth_client_id uuid NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX oauth_access_tokens_token_hash_key ON oauth_access_tokens (token_hash)`);
    // Serves the client's cascade and the clean-up of its expired tokens at each exchange.
    await q.query(`CREATE INDEX oauth_access_tokens_client_expiry_idx ON oauth_access_tokens (oauth_client_id, expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['oauth_access_tokens', 'oauth_clients', 'api_keys']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
