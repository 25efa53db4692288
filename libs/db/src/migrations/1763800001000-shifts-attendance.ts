import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ShiftsAttendance1763800001000 implements MigrationInterface {
  name = 'ShiftsAttendance1763800001000';

  async up(q: QueryRunner): Promise<void> {
    // Lets one GiST index compare tenant_id and user_id by equality beside the time range.
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await q.query(`
      CREATE TABLE shift_assignments (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        scheduled_start timestamptz NOT NULL,
        scheduled_end timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'SCHEDULED'
          CHECK (status IN ('PROPOSED','SCHEDULED','IN_PROGRESS','COMPLETED','CANCELLED','MISSED')),
        type text NOT NULL DEFAULT 'REGULAR' CHECK (type IN ('REGULAR','OVERTIME','ON_CALL','TRAINING')),
        note text,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (scheduled_end > scheduled_start),
        -- The database, not a read-then-write check, guarantees that two overlapping shifts of one
        -- person never both commit, however the requests race. '[)' ranges let one shift end
        -- exactly when the next begins.
        CONSTRAINT shift_assignments_no_overlap EXCLUDE USING gist (
          tenant_id WITH =,
          user_id WITH =,
          tstzrange(scheduled_start, scheduled_end, '[)') WITH &&
        ) WHERE (status <> 'CANCELLED')
      )`);
    await q.query(`CREATE INDEX shift_assignments_user_start_idx ON shift_assignments (tenant_id, user_id, scheduled_start)`);
    await q.query(`CREATE INDEX shift_assignments_outlet_start_idx ON shift_assignments (tenant_id, outlet_id, scheduled_start)`);
    await q.query(`CREATE INDEX shift_assignments_start_idx ON shift_assignments (tenant_id, scheduled_start, id)`);

    await q.query(`
      CREATE TABLE attendance_events (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        shift_assignment_id uuid REFERENCES shift_assignments(id) ON DELETE SET NULL,
        clock_in_at timestamptz NOT NULL,
        clock_out_at timestamptz,
        status text NOT NULL CHECK (status IN ('OPEN','VERIFIED','PENDING_REVIEW','APPROVED','REJECTED')),
        review_note text,
        reviewed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'OPEN') = (clock_out_at IS NULL))
      )`);
    // One open clock-in per person, so two racing clock-ins cannot both succeed.
    await q.query(`CREATE UNIQUE INDEX attendance_events_one_open_key ON attendance_events (tenant_id, user_id) WHERE status = 'OPEN'`);
    await q.query(`CREATE INDEX attendance_events_clock_in_idx ON attendance_events (tenant_id, clock_in_at, id)`);
    await q.query(`CREATE INDEX attendance_events_user_clock_in_idx ON attendance_events (tenant_id, user_id, clock_in_at)`);
    await q.query(`CREATE INDEX attendance_events_outlet_clock_in_idx ON attendance_events (tenant_id, outlet_id, clock_in_at)`);

    await q.query(`
      CREATE TABLE policies (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        title text NOT NULL,
        body text NOT NULL,
        requires_acknowledgement boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX policies_tenant_created_idx ON policies (tenant_id, created_at, id)`);

    await q.query(`
      CREATE TABLE policy_acknowledgements (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        version integer NOT NULL,
        acknowledged_at timestamptz NOT NULL,
        PRIMARY KEY (policy_id, user_id, version)
      )`);
    await q.query(`CREATE INDEX policy_acknowledgements_user_idx ON policy_acknowledgements (tenant_id, user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['policy_acknowledgements', 'policies', 'attendance_events', 'shift_assignments']) {
      await q.query(`DROP TABLE ${t}`);
    }
    // btree_gist stays: it may have been installed before this migration or be used by other objects.
  }
}
