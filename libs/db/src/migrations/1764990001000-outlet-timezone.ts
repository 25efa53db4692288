import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 33: an outlet may keep its own timezone; null means the company's. */
export class OutletTimezone1764990001000 implements MigrationInterface {
  name = 'OutletTimezone1764990001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outlets ADD COLUMN timezone text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outlets DROP COLUMN timezone`);
  }
}
