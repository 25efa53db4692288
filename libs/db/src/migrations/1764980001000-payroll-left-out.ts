import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34: a run lists the people it could not pay (no pay settings and no salaried contract),
 * as computed with the run, instead of leaving them out without a word.
 */
export class PayrollLeftOut1764980001000 implements MigrationInterface {
  name = 'PayrollLeftOut1764980001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payroll_runs ADD COLUMN left_out jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payroll_runs DROP COLUMN left_out`);
  }
}
