import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which outlets a person looks after. An OUTLET_MANAGER reads the access zones, readers and audit
 * of these outlets only (issue 4); nothing else reads the table yet.
 */
export class UserOutlets1763900001000 implements MigrationInterface {
  name = 'UserOutlets1763900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_outlets (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, outlet_id)
      )`);
    await q.query(`CREATE INDEX user_outlets_outlet_idx ON user_outlets (outlet_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_outlets`);
  }
}
