import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 16: the identity provider's id of a provisioned person (SCIM externalId). */
export class Scim1764500000000 implements MigrationInterface {
  name = 'Scim1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN scim_external_id text`);
    await q.query(`CREATE UNIQUE INDEX users_tenant_scim_external_id_key ON users (tenant_id, scim_external_id) WHERE deleted_at IS NULL AND scim_external_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_tenant_scim_external_id_key`);
    await q.query(`ALTER TABLE users DROP COLUMN scim_external_id`);
  }
}
