import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: workflow automations — a rule (when something happens at an outlet, do these actions)
 * and the record of each time it acted, one per rule and subject, which is also what keeps the
 * worker from acting twice.
 */
export class Automations1764900005000 implements MigrationInterface {
  name = 'Automations1764900005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE automations (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('ISSUE_HIGH_PRIORITY','CHECKLIST_TASK_FAILED','ASSET_DUE')),
        outlet_id uuid REFERENCES outlets(id) ON DELETE CASCADE,
        actions jsonb NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX automations_tenant_idx ON automations (tenant_id, created_at) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX automations_live_idx ON automations (trigger) WHERE active AND deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE automation_runs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        automation_id uuid NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
        subject_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('DONE','FAILED')),
        detail jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT automation_runs_automation_subject_key UNIQUE (automation_id, subject_id)
      )`);
    await q.query(`CREATE INDEX automation_runs_automation_idx ON automation_runs (automation_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE automation_runs`);
    await q.query(`DROP TABLE automations`);
  }
}
