import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the last requests of each developer credential (API key or OAuth client), for the
 * console's request log. What was asked and how it was answered, never a body or a header: the path
 * is stored redacted and without its query string. Bounded per credential and by age by a job.
 */
export class DeveloperRequestLogs1764972001000 implements MigrationInterface {
  name = 'DeveloperRequestLogs1764972001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE developer_request_logs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        credential_kind text NOT NULL CHECK (credential_kind IN ('API_KEY','OAUTH_CLIENT')),
        credential_id uuid NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        route text,
        status integer NOT NULL,
        duration_ms integer NOT NULL,
        request_id text NOT NULL,
        error_code text,
        occurred_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX developer_request_logs_credential_idx ON developer_request_logs (credential_id, occurred_at, id)`);
    await q.query(`CREATE INDEX developer_request_logs_occurred_idx ON developer_request_logs (occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE developer_request_logs`);
  }
}
