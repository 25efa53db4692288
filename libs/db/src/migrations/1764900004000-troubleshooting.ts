import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: troubleshooting guides (for an asset category or one asset, ordered steps) and the
 * sessions staff run from an asset. A session copies the guide's steps when it starts, so an edit
 * made meanwhile does not change the steps it is answering; an unresolved session names the issue
 * it raised, at most one.
 */
export class Troubleshooting1764900004000 implements MigrationInterface {
  name = 'Troubleshooting1764900004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE troubleshooting_guides (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        category_id uuid REFERENCES asset_categories(id) ON DELETE CASCADE,
        asset_id uuid REFERENCES assets(id) ON DELETE CASCADE,
        title text NOT NULL,
        symptom text NOT NULL,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        active boolean NOT NULL,
        steps jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CHECK ((category_id IS NULL) <> (asset_id IS NULL))
      )`);
    await q.query(`CREATE INDEX troubleshooting_guides_category_idx ON troubleshooting_guides (tenant_id, category_id) WHERE category_id IS NOT NULL`);
    await q.query(`CREATE INDEX troubleshooting_guides_asset_idx ON troubleshooting_guides (asset_id) WHERE asset_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE troubleshooting_sessions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        guide_id uuid NOT NULL REFERENCES troubleshooting_guides(id) ON DELETE CASCADE,
        asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        symptom text NOT NULL,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        steps jsonb NOT NULL,
        answers jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('RUNNING','RESOLVED','UNRESOLVED')),
        issue_id uuid UNIQUE REFERENCES issues(id) ON DELETE SET NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'RUNNING') = (ended_at IS NULL)),
        CHECK (issue_id IS NULL OR status = 'UNRESOLVED')
      )`);
    await q.query(`CREATE INDEX troubleshooting_sessions_guide_idx ON troubleshooting_sessions (guide_id, status)`);
    await q.query(`CREATE INDEX troubleshooting_sessions_user_idx ON troubleshooting_sessions (tenant_id, user_id, started_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE troubleshooting_sessions`);
    await q.query(`DROP TABLE troubleshooting_guides`);
  }
}
