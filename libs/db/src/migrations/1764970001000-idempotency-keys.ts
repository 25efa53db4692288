import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: a POST's Idempotency-Key and the answer it got, per tenant and calling credential, so
 * that a retry is answered from here instead of running again. The row is written in the same
 * transaction as the request's own changes: it exists exactly when they were committed.
 */
export class IdempotencyKeys1764970001000 implements MigrationInterface {
  name = 'IdempotencyKeys1764970001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        credential text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status integer NOT NULL,
        headers jsonb NOT NULL,
        body bytea,
        body_kept boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, credential, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
