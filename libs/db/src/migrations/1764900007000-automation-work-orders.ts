import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: automations also react to a work order that is overdue. */
export class AutomationWorkOrders1764900007000 implements MigrationInterface {
  name = 'AutomationWorkOrders1764900007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE automations DROP CONSTRAINT automations_trigger_check`);
    await q.query(`ALTER TABLE automations ADD CONSTRAINT automations_trigger_check CHECK (trigger IN ('ISSUE_HIGH_PRIORITY','CHECKLIST_TASK_FAILED','ASSET_DUE','WORK_ORDER_OVERDUE'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM automations WHERE trigger = 'WORK_ORDER_OVERDUE'`);
    await q.query(`ALTER TABLE automations DROP CONSTRAINT automations_trigger_check`);
    await q.query(`ALTER TABLE automations ADD CONSTRAINT automations_trigger_check CHECK (trigger IN ('ISSUE_HIGH_PRIORITY','CHECKLIST_TASK_FAILED','ASSET_DUE'))`);
  }
}
