import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: e-signature links. Documents (uploaded or generated PDFs, kept in the file storage with
 * their SHA-256) and the requests to sign them, one signer each: the keyed hash of the link's
 * token, its lifetime, and once signed the evidence (who, when, from where) and the signed file.
 * A request's status is derived from its timestamps (SENT, VIEWED, SIGNED, REVOKED, EXPIRED).
 */
export class Esign1764700003000 implements MigrationInterface {
  name = 'Esign1764700003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE esign_documents (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        title text NOT NULL,
        file_name text NOT NULL,
        source text NOT NULL CHECK (source IN ('UPLOADED','GENERATED')),
        storage_key text NOT NULL UNIQUE,
        sha256 text NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes > 0),
        page_count integer NOT NULL CHECK (page_count > 0),
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX esign_documents_tenant_idx ON esign_documents (tenant_id, created_at DESC, id)`);
    await q.query(`
      CREATE TABLE esign_requests (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        document_id uuid NOT NULL REFERENCES esign_documents(id) ON DELETE CASCADE,
        signer_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        signer_name text NOT NULL,
        signer_email text NOT NULL,
        message text,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        viewed_at timestamptz,
        revoked_at timestamptz,
        revoked_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        signed_at timestamptz,
        signed_full_name text,
        signature_method text CHECK (signature_method IN ('IMAGE','TYPED')),
        signed_ip text,
        signed_user_agent text,
        signed_request_id text,
        signed_storage_key text UNIQUE,
        signed_sha256 text,
        signed_size_bytes integer,
        signed_page_count integer,
        content_sha256 text,
        content_bytes integer,
        CHECK (revoked_at IS NULL OR signed_at IS NULL),
        CHECK ((signed_at IS NULL) = (signed_storage_key IS NULL) AND (signed_at IS NULL) = (signed_sha256 IS NULL) AND (signed_at IS NULL) = (signed_full_name IS NULL))
      )`);
    await q.query(`CREATE INDEX esign_requests_tenant_idx ON esign_requests (tenant_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX esign_requests_document_idx ON esign_requests (tenant_id, document_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE esign_requests`);
    await q.query(`DROP TABLE esign_documents`);
  }
}
