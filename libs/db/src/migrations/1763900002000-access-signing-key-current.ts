import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one current (unretired) credential signing key per tenant: minting signs with "the"
 * current key, so two would make the choice arbitrary. The API serialises creation and rotation per
 * tenant; this index keeps the rule whatever else writes the table.
 */
export class AccessSigningKeyCurrent1763900002000 implements MigrationInterface {
  name = 'AccessSigningKeyCurrent1763900002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX access_signing_keys_current_key ON access_signing_keys (tenant_id) WHERE retired_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX access_signing_keys_current_key`);
  }
}
