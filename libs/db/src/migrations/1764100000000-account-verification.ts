import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: self-service signups must prove their mailbox before they can sign in, and mail keeps
 * no secret at rest.
 *
 * - `users.verified_at`: null only for a self-service owner who has not opened the mailed link.
 *   Every other path vouches for the account when it creates it (an admin, the platform operator,
 *   the CLI, the demo seed; invites prove the mailbox too), hence the default. Accounts that exist
 *   now were created before the rule and are marked verified as of their creation.
 * - `one_time_tokens` gains the VERIFY_EMAIL purpose.
 * - `mail_outbox.body` is dropped: it held live reset and invite links in plaintext, and nothing
 *   reads a mail back (SMTP delivery uses the text in memory; without SMTP it goes to a 0600 file).
 */
export class AccountVerification1764100000000 implements MigrationInterface {
  name = 'AccountVerification1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN verified_at timestamptz`);
    await q.query(`UPDATE users SET verified_at = created_at`);
    await q.query(`ALTER TABLE users ALTER COLUMN verified_at SET DEFAULT now()`);
    await q.query(`ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check`);
    await q.query(`ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('PASSWORD_RESET','INVITE','VERIFY_EMAIL'))`);
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN body`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN body text NOT NULL DEFAULT ''`);
    await q.query(`DELETE FROM one_time_tokens WHERE purpose = 'VERIFY_EMAIL'`);
    await q.query(`ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check`);
    await q.query(`ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('PASSWORD_RESET','INVITE'))`);
    await q.query(`ALTER TABLE users DROP COLUMN verified_at`);
  }
}
