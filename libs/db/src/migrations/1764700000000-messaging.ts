import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: messages sent to a phone through a messaging provider (WhatsApp Cloud API), one row
 * per attempt, with the delivery statuses the provider reports later. The text is not kept: it
 * carries the visitor's magic link, whose invite code is stored only as a hash.
 */
export class Messaging1764700000000 implements MigrationInterface {
  name = 'Messaging1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging_messages (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('WHATSAPP')),
        provider_message_id text,
        recipient text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('VISITOR_PASS')),
        subject_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('NOT_ACCEPTED','ACCEPTED','SENT','FAILED','DELIVERED','READ')),
        error text,
        created_at timestamptz NOT NULL,
        sent_at timestamptz,
        delivered_at timestamptz,
        read_at timestamptz,
        failed_at timestamptz,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'NOT_ACCEPTED') = (provider_message_id IS NULL))
      )`);
    // The provider's message id names one message across every tenant: statuses are found by it.
    await q.query(`CREATE UNIQUE INDEX messaging_messages_provider_id_key ON messaging_messages (provider, provider_message_id) WHERE provider_message_id IS NOT NULL`);
    await q.query(`CREATE INDEX messaging_messages_subject_idx ON messaging_messages (tenant_id, purpose, subject_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging_messages`);
  }
}
