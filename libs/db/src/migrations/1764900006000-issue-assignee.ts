import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: an issue can be given to someone to handle (by a manager, or by an automation's ASSIGN action). */
export class IssueAssignee1764900006000 implements MigrationInterface {
  name = 'IssueAssignee1764900006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE issues ADD COLUMN assignee_user_id uuid REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX issues_assignee_idx ON issues (tenant_id, assignee_user_id) WHERE assignee_user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE issues DROP COLUMN assignee_user_id`);
  }
}
