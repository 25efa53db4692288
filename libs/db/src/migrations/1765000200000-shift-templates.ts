import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 33: an outlet's shift templates, the shapes a manager drops onto the week grid. */
export class ShiftTemplates1765000200000 implements MigrationInterface {
  name = 'ShiftTemplates1765000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shift_templates (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        name text NOT NULL,
        start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        break_minutes integer NOT NULL DEFAULT 0 CHECK (break_minutes >= 0 AND break_minutes <= 720),
        colour text CHECK (colour ~ '^#[0-9a-f]{6}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT shift_templates_outlet_name_key UNIQUE (tenant_id, outlet_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shift_templates`);
  }
}
