import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33's channels: SMS through Twilio beside WhatsApp in the delivery records (a notification, the
 * invitation or password reset of a mobile-only person are what such a message may now be about),
 * and each person's Web Push subscriptions.
 */
export class NotificationChannels1765000100000 implements MigrationInterface {
  name = 'NotificationChannels1765000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_provider_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_provider_check CHECK (provider IN ('WHATSAPP', 'TWILIO_SMS'))`);
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_purpose_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_purpose_check CHECK (purpose IN ('VISITOR_PASS', 'NOTIFICATION', 'INVITE', 'PASSWORD_RESET'))`);
    await q.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        user_agent text,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX push_subscriptions_user_endpoint_key ON push_subscriptions (tenant_id, user_id, endpoint)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_subscriptions`);
    await q.query(`DELETE FROM messaging_messages WHERE provider = 'TWILIO_SMS' OR purpose IN ('INVITE', 'PASSWORD_RESET')`);
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_purpose_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_purpose_check CHECK (purpose IN ('VISITOR_PASS', 'NOTIFICATION'))`);
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_provider_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_provider_check CHECK (provider IN ('WHATSAPP'))`);
  }
}
