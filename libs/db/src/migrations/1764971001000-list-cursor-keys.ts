import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: cursor walks of /public/shifts and /public/outlets go by creation, (created_at, id),
 * which no edit can move; these indexes let each page start where the last one ended instead of
 * sorting the tenant's rows again.
 */
export class ListCursorKeys1764971001000 implements MigrationInterface {
  name = 'ListCursorKeys1764971001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX shift_assignments_created_idx ON shift_assignments (tenant_id, created_at, id)`);
    await q.query(`CREATE INDEX outlets_tenant_created_idx ON outlets (tenant_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outlets_tenant_created_idx`);
    await q.query(`DROP INDEX shift_assignments_created_idx`);
  }
}
