import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34: a tenant's request for a higher plan, which the platform operator grants by changing the
 * plan. At most one is pending per tenant (the partial unique index), so a second request is a 409
 * rather than a second mail to the operator; changing the plan closes it (DONE, with the plan granted).
 */
export class PlanRequests1764985001000 implements MigrationInterface {
  name = 'PlanRequests1764985001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plan_requests (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        requested_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        current_plan text NOT NULL CHECK (current_plan IN ('FREE', 'BASIC', 'GROWTH', 'ENTERPRISE')),
        requested_plan text NOT NULL CHECK (requested_plan IN ('FREE', 'BASIC', 'GROWTH', 'ENTERPRISE')),
        message text,
        status text NOT NULL CHECK (status IN ('PENDING', 'DONE')),
        granted_plan text CHECK (granted_plan IN ('FREE', 'BASIC', 'GROWTH', 'ENTERPRISE')),
        created_at timestamptz NOT NULL,
        closed_at timestamptz,
        CHECK ((status = 'PENDING') = (closed_at IS NULL) AND (status = 'PENDING') = (granted_plan IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX plan_requests_pending_key ON plan_requests (tenant_id) WHERE status = 'PENDING'`);
    await q.query(`CREATE INDEX plan_requests_created_idx ON plan_requests (created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE plan_requests`);
  }
}
