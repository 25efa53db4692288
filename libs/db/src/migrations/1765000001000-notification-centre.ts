import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, the notification centre: what a person was told (one row each, read or not), the
 * delivery of each row by each other channel (retried until it is delivered, refused or given up),
 * and each person's own choices of channel per event (no row: the default). A checklist run
 * remembers when its people were told it is due, so the job tells them once.
 */
export class NotificationCentre1765000001000 implements MigrationInterface {
  name = 'NotificationCentre1765000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event text NOT NULL CHECK (event IN ('roster.published','shift.changed','shift.offered','swap.requested','leave.decided','document.to_sign','checklist.due')),
        title text NOT NULL,
        body text NOT NULL,
        path text NOT NULL,
        created_at timestamptz NOT NULL,
        read_at timestamptz
      )`);
    await q.query(`CREATE INDEX notifications_user_idx ON notifications (tenant_id, user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (tenant_id, user_id) WHERE read_at IS NULL`);
    await q.query(`
      CREATE TABLE notification_deliveries (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email','push','sms','whatsapp')),
        status text NOT NULL CHECK (status IN ('PENDING','DELIVERED','UNDELIVERED','FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        updated_at timestamptz NOT NULL,
        CONSTRAINT notification_deliveries_notification_id_channel_key UNIQUE (notification_id, channel)
      )`);
    await q.query(`CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at) WHERE status = 'PENDING'`);
    await q.query(`
      CREATE TABLE notification_preferences (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event text NOT NULL CHECK (event IN ('roster.published','shift.changed','shift.offered','swap.requested','leave.decided','document.to_sign','checklist.due')),
        channel text NOT NULL CHECK (channel IN ('email','push','sms','whatsapp')),
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, event, channel)
      )`);
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_purpose_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_purpose_check CHECK (purpose IN ('VISITOR_PASS','NOTIFICATION'))`);
    await q.query(`ALTER TABLE checklist_runs ADD COLUMN due_notified_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checklist_runs DROP COLUMN due_notified_at`);
    await q.query(`DELETE FROM messaging_messages WHERE purpose = 'NOTIFICATION'`);
    await q.query(`ALTER TABLE messaging_messages DROP CONSTRAINT messaging_messages_purpose_check`);
    await q.query(`ALTER TABLE messaging_messages ADD CONSTRAINT messaging_messages_purpose_check CHECK (purpose IN ('VISITOR_PASS'))`);
    await q.query(`DROP TABLE notification_preferences`);
    await q.query(`DROP TABLE notification_deliveries`);
    await q.query(`DROP TABLE notifications`);
  }
}
