import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, auto-scheduling: staffing targets (heads per outlet, role and hour of the week, entered
 * or derived from a demand CSV) and schedule proposals. A proposal's shifts and its report are read
 * and written whole, so they are one jsonb document rather than a table; accepting one creates the
 * shift assignments, in a roster of source AUTO when the tenant requires roster approval.
 */
export class AutoScheduler1764940001000 implements MigrationInterface {
  name = 'AutoScheduler1764940001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staffing_targets (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role = lower(btrim(role)) AND length(role) BETWEEN 1 AND 100),
        weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
        required integer NOT NULL CHECK (required BETWEEN 0 AND 500),
        source text NOT NULL CHECK (source IN ('ENTERED','DEMAND_CSV')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX staffing_targets_slot_key ON staffing_targets (tenant_id, outlet_id, role, weekday, hour)`);

    await q.query(`
      CREATE TABLE schedule_proposals (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        week_start date NOT NULL,
        outlet_ids uuid[] NOT NULL,
        status text NOT NULL CHECK (status IN ('QUEUED','RUNNING','READY','FAILED','ACCEPTED','DISCARDED')),
        result jsonb,
        failure text,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'READY' OR status = 'ACCEPTED') = (result IS NOT NULL) OR status = 'DISCARDED'),
        CHECK ((status IN ('ACCEPTED','DISCARDED')) = (decided_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX schedule_proposals_tenant_created_idx ON schedule_proposals (tenant_id, created_at DESC, id)`);

    await q.query(`ALTER TABLE rosters DROP CONSTRAINT rosters_source_check`);
    await q.query(`ALTER TABLE rosters ADD CONSTRAINT rosters_source_check CHECK (source IN ('PUBLISH','CLONE','AUTO'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM rosters WHERE source = 'AUTO'`);
    await q.query(`ALTER TABLE rosters DROP CONSTRAINT rosters_source_check`);
    await q.query(`ALTER TABLE rosters ADD CONSTRAINT rosters_source_check CHECK (source IN ('PUBLISH','CLONE'))`);
    await q.query(`DROP TABLE schedule_proposals`);
    await q.query(`DROP TABLE staffing_targets`);
  }
}
