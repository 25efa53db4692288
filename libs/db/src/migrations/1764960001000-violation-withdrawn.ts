import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: a schedule breach whose shift was moved, given away or cancelled before the work is
 * WITHDRAWN rather than left OPEN: the list tells what the schedule breaks now, and a breach found
 * again by a later check is OPEN again under the same key.
 */
export class ViolationWithdrawn1764960001000 implements MigrationInterface {
  name = 'ViolationWithdrawn1764960001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE compliance_violations DROP CONSTRAINT compliance_violations_status_check`);
    await q.query(`ALTER TABLE compliance_violations ADD CONSTRAINT compliance_violations_status_check CHECK (status IN ('OPEN','OVERRIDDEN','WITHDRAWN'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE compliance_violations SET status = 'OPEN' WHERE status = 'WITHDRAWN'`);
    await q.query(`ALTER TABLE compliance_violations DROP CONSTRAINT compliance_violations_status_check`);
    await q.query(`ALTER TABLE compliance_violations ADD CONSTRAINT compliance_violations_status_check CHECK (status IN ('OPEN','OVERRIDDEN'))`);
  }
}
