import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, checklists: tenant-wide templates with ordered tasks, schedules of a template at an
 * outlet, and runs, one per schedule occurrence, each holding a copy of the tasks it asked with
 * their answers (editing a template never rewrites a run).
 */
export class Checklists1764900002000 implements MigrationInterface {
  name = 'Checklists1764900002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE checklist_templates (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX checklist_templates_tenant_name_key ON checklist_templates (tenant_id, lower(name)) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE checklist_template_tasks (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        template_id uuid NOT NULL REFERENCES checklist_templates(id) ON DELETE CASCADE,
        position integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('YES_NO','NUMBER','PHOTO','NOTE')),
        label text NOT NULL,
        required boolean NOT NULL,
        pass_answer boolean,
        min_value double precision,
        max_value double precision,
        unit text,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        CONSTRAINT checklist_template_tasks_template_id_position_key UNIQUE (template_id, position),
        CONSTRAINT checklist_template_tasks_bounds_check CHECK (min_value IS NULL OR max_value IS NULL OR min_value <= max_value)
      )`);
    await q.query(`CREATE INDEX checklist_template_tasks_asset_idx ON checklist_template_tasks (asset_id) WHERE asset_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE checklist_schedules (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        template_id uuid NOT NULL REFERENCES checklist_templates(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        weekdays integer[] NOT NULL,
        local_time time NOT NULL,
        window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 5 AND 1440),
        active boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX checklist_schedules_outlet_idx ON checklist_schedules (tenant_id, outlet_id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX checklist_schedules_template_idx ON checklist_schedules (template_id)`);

    await q.query(`
      CREATE TABLE checklist_runs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        schedule_id uuid NOT NULL REFERENCES checklist_schedules(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        run_date date NOT NULL,
        name text NOT NULL,
        opens_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('OPEN','COMPLETED','MISSED')),
        completed_at timestamptz,
        completed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT checklist_runs_schedule_id_run_date_key UNIQUE (schedule_id, run_date)
      )`);
    await q.query(`CREATE INDEX checklist_runs_outlet_idx ON checklist_runs (tenant_id, outlet_id, run_date)`);
    await q.query(`CREATE INDEX checklist_runs_open_idx ON checklist_runs (closes_at) WHERE status = 'OPEN'`);

    await q.query(`
      CREATE TABLE checklist_run_tasks (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        run_id uuid NOT NULL REFERENCES checklist_runs(id) ON DELETE CASCADE,
        position integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('YES_NO','NUMBER','PHOTO','NOTE')),
        label text NOT NULL,
        required boolean NOT NULL,
        pass_answer boolean,
        min_value double precision,
        max_value double precision,
        unit text,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        answer_yes boolean,
        answer_number double precision,
        answer_note text,
        photo_key text,
        photo_media_type text,
        photo_sha256 text,
        photo_bytes integer,
        answered_at timestamptz,
        answered_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        failed boolean,
        issue_id uuid REFERENCES issues(id) ON DELETE SET NULL,
        CONSTRAINT checklist_run_tasks_run_id_position_key UNIQUE (run_id, position)
      )`);
    await q.query(`CREATE INDEX checklist_run_tasks_issue_idx ON checklist_run_tasks (issue_id) WHERE issue_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE checklist_run_tasks`);
    await q.query(`DROP TABLE checklist_runs`);
    await q.query(`DROP TABLE checklist_schedules`);
    await q.query(`DROP TABLE checklist_template_tasks`);
    await q.query(`DROP TABLE checklist_templates`);
  }
}
