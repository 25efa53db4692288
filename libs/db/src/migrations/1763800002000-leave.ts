import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Leave1763800002000 implements MigrationInterface {
  name = 'Leave1763800002000';

  async up(q: QueryRunner): Promise<void> {
    // Lets one GiST index compare tenant_id and user_id by equality beside the time range.
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await q.query(`
      CREATE TABLE leave_requests (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        leave_type text NOT NULL
          CHECK (leave_type IN ('ANNUAL','SICK','UNPAID','PARENTAL','COMPASSIONATE','STUDY','OTHER')),
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        half_day text CHECK (half_day IN ('AM','PM')),
        days integer NOT NULL CHECK (days >= 1),
        days_decimal numeric(5,1) NOT NULL CHECK (days_decimal > 0),
        reason text,
        status text NOT NULL CHECK (status IN ('PENDING','APPROVED','REJECTED','CANCELLED')),
        current_step integer NOT NULL DEFAULT 1 CHECK (current_step >= 1),
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        -- An api_keys or an oauth_clients row, so no foreign key; the id stays as the audit trail.
        created_by_credential_id uuid,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date > start_date),
        CHECK ((status = 'PENDING') = (decided_at IS NULL)),
        -- Two overlapping live requests of one person can never both commit, however they race.
        -- Both ends are inclusive instants: the end is the last millisecond of the leave.
        CONSTRAINT leave_requests_no_overlap EXCLUDE USING gist (
          tenant_id WITH =,
          user_id WITH =,
          tstzrange(start_date, end_date, '[]') WITH &&
        ) WHERE (status IN ('PENDING','APPROVED'))
      )`);
    // Lists page by (created_at, id); each filter has an index leading with it.
    await q.query(`CREATE INDEX leave_requests_created_idx ON leave_requests (tenant_id, created_at, id)`);
    await q.query(`CREATE INDEX leave_requests_user_created_idx ON leave_requests (tenant_id, user_id, created_at, id)`);
    await q.query(`CREATE INDEX leave_requests_status_created_idx ON leave_requests (tenant_id, status, created_at, id)`);
    await q.query(`CREATE INDEX leave_requests_period_idx ON leave_requests (tenant_id, start_date, end_date)`);

    await q.query(`
      CREATE TABLE leave_approval_steps (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        step integer NOT NULL CHECK (step BETWEEN 1 AND 5),
        approver_role text NOT NULL
          CHECK (approver_role IN ('TENANT_OWNER','COMPANY_ADMIN','HR_MANAGER','AREA_MANAGER','OPERATIONS_MANAGER','OUTLET_MANAGER')),
        PRIMARY KEY (tenant_id, step)
      )`);

    await q.query(`
      CREATE TABLE leave_request_approvals (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        leave_request_id uuid NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
        step integer NOT NULL CHECK (step >= 1),
        decision text NOT NULL CHECK (decision IN ('APPROVED','REJECTED')),
        decided_by_user_id uuid NOT NULL REFERENCES users(id),
        note text,
        decided_at timestamptz NOT NULL
      )`);
    // One decision per step of a request; also serves the lookup of a request's decisions.
    await q.query(`CREATE UNIQUE INDEX leave_request_approvals_step_key ON leave_request_approvals (leave_request_id, step)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['leave_request_approvals', 'leave_approval_steps', 'leave_requests']) {
      await q.query(`DROP TABLE ${t}`);
    }
    // btree_gist stays: it may have been installed before this migration or be used by other objects.
  }
}
