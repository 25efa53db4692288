import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: Apple Wallet passes that carry a person's door credential, and the devices registered
 * for their updates (Apple's Wallet web service protocol). A pass's authentication token is kept
 * twice: as a keyed hash, which requests are checked against, and sealed, because every version of
 * the pass must embed it again. The credential in the pass's barcode is sealed too: it opens doors.
 */
export class WalletPasses1764700005000 implements MigrationInterface {
  name = 'WalletPasses1764700005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_wallet_passes (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        pass_type_identifier text NOT NULL,
        auth_token_hash text NOT NULL,
        auth_token_sealed text NOT NULL,
        state text NOT NULL CHECK (state IN ('ACTIVE','NO_ACCESS','VOID')),
        credential_sealed text,
        credential_expires_at timestamptz,
        renew_at timestamptz,
        updated_at timestamptz NOT NULL,
        pushed_at timestamptz,
        created_at timestamptz NOT NULL,
        CHECK ((state = 'ACTIVE') = (credential_sealed IS NOT NULL AND credential_expires_at IS NOT NULL AND renew_at IS NOT NULL))
      )`);
    // One pass per person and pass type: a second phone gets the same pass, not another credential holder.
    await q.query(`CREATE UNIQUE INDEX access_wallet_passes_user_key ON access_wallet_passes (tenant_id, user_id, pass_type_identifier)`);
    await q.query(`CREATE UNIQUE INDEX access_wallet_passes_auth_key ON access_wallet_passes (auth_token_hash)`);
    await q.query(`
      CREATE TABLE access_wallet_registrations (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        pass_id uuid NOT NULL REFERENCES access_wallet_passes(id) ON DELETE CASCADE,
        device_library_identifier text NOT NULL,
        push_token text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (pass_id, device_library_identifier)
      )`);
    await q.query(`CREATE INDEX access_wallet_registrations_device_idx ON access_wallet_registrations (device_library_identifier)`);
    await q.query(`CREATE INDEX access_wallet_registrations_tenant_idx ON access_wallet_registrations (tenant_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE access_wallet_registrations`);
    await q.query(`DROP TABLE access_wallet_passes`);
  }
}
