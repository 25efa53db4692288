import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 13: rosters and their approval, the open-shifts marketplace, shift swaps. */
export class Scheduling1764200000000 implements MigrationInterface {
  name = 'Scheduling1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenants ADD COLUMN roster_approval_required boolean NOT NULL DEFAULT false`);

    await q.query(`
      CREATE TABLE rosters (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        source text NOT NULL CHECK (source IN ('PUBLISH','CLONE')),
        status text NOT NULL CHECK (status IN ('PUBLISHED','PENDING_APPROVAL','APPROVED','REJECTED')),
        assignment_count integer NOT NULL CHECK (assignment_count >= 0),
        published_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        decision_note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX rosters_tenant_created_idx ON rosters (tenant_id, created_at DESC, id)`);

    await q.query(`ALTER TABLE shift_assignments ADD COLUMN roster_id uuid REFERENCES rosters(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX shift_assignments_roster_idx ON shift_assignments (tenant_id, roster_id) WHERE roster_id IS NOT NULL`);
    // The missed clock-out job looks only at shifts in progress, across tenants, by end time.
    await q.query(`CREATE INDEX shift_assignments_in_progress_end_idx ON shift_assignments (scheduled_end) WHERE status = 'IN_PROGRESS'`);

    await q.query(`
      CREATE TABLE open_shifts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        scheduled_start timestamptz NOT NULL,
        scheduled_end timestamptz NOT NULL,
        type text NOT NULL CHECK (type IN ('REGULAR','OVERTIME','ON_CALL','TRAINING')),
        note text,
        status text NOT NULL CHECK (status IN ('OPEN','CLAIMED','WITHDRAWN')),
        released_assignment_id uuid REFERENCES shift_assignments(id) ON DELETE SET NULL,
        previous_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        released_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        claimed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        claimed_assignment_id uuid REFERENCES shift_assignments(id) ON DELETE SET NULL,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (scheduled_end > scheduled_start),
        CHECK ((status = 'OPEN') = (closed_at IS NULL))
      )`);
    await q.query(`CREATE INDEX open_shifts_open_idx ON open_shifts (tenant_id, scheduled_start, id) WHERE status = 'OPEN'`);
    // A shift is released once: a second release of the same assignment cannot commit.
    await q.query(`CREATE UNIQUE INDEX open_shifts_released_assignment_key ON open_shifts (released_assignment_id) WHERE released_assignment_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE shift_swaps (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        requester_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        requester_assignment_id uuid NOT NULL REFERENCES shift_assignments(id) ON DELETE CASCADE,
        peer_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        peer_assignment_id uuid NOT NULL REFERENCES shift_assignments(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('PENDING_PEER','PENDING_APPROVAL','APPROVED','REJECTED','DECLINED','CANCELLED')),
        note text,
        decided_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        decision_note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (requester_assignment_id <> peer_assignment_id),
        CHECK (requester_user_id <> peer_user_id)
      )`);
    await q.query(`CREATE INDEX shift_swaps_tenant_created_idx ON shift_swaps (tenant_id, created_at DESC, id)`);
    // One open swap per shift, so two swaps cannot both move it.
    await q.query(`CREATE UNIQUE INDEX shift_swaps_open_requester_key ON shift_swaps (requester_assignment_id) WHERE status IN ('PENDING_PEER','PENDING_APPROVAL')`);
    await q.query(`CREATE UNIQUE INDEX shift_swaps_open_peer_key ON shift_swaps (peer_assignment_id) WHERE status IN ('PENDING_PEER','PENDING_APPROVAL')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shift_swaps`);
    await q.query(`DROP TABLE open_shifts`);
    await q.query(`DROP INDEX shift_assignments_in_progress_end_idx`);
    await q.query(`DROP INDEX shift_assignments_roster_idx`);
    await q.query(`ALTER TABLE shift_assignments DROP COLUMN roster_id`);
    await q.query(`DROP TABLE rosters`);
    await q.query(`ALTER TABLE tenants DROP COLUMN roster_approval_required`);
  }
}
