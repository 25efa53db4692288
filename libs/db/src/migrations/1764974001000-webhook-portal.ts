import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32, part E: the embeddable webhook portal and ordered (FIFO) delivery.
 *
 * A portal link opens one subscription's portal to whoever holds its token: the token is kept as a
 * keyed hash only, with its expiry, revocation, capabilities and the origins allowed to frame it.
 *
 * A subscription's `ordering` is `unordered` (spec 03) or `fifo`. Each delivery carries the
 * ordering its subscription had when it was created, so the worker's claim reads no subscription
 * row to know whether a delivery must wait; the partial index serves the "an earlier one is still
 * waiting" probe of a FIFO claim.
 */
export class WebhookPortal1764974001000 implements MigrationInterface {
  name = 'WebhookPortal1764974001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_subscriptions ADD COLUMN ordering text NOT NULL DEFAULT 'unordered'`);
    await q.query(`ALTER TABLE webhook_subscriptions ADD CONSTRAINT webhook_subscriptions_ordering_check CHECK (ordering IN ('unordered','fifo'))`);
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN fifo boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE INDEX webhook_deliveries_waiting_order_idx ON webhook_deliveries (webhook_id, occurred_at, created_at, id) WHERE status IN ('PENDING','FAILED')`,
    );
    await q.query(`
      CREATE TABLE webhook_portal_links (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        webhook_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        token_hint text NOT NULL,
        capabilities text[] NOT NULL,
        frame_origins text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX webhook_portal_links_webhook_idx ON webhook_portal_links (webhook_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_portal_links`);
    await q.query(`DROP INDEX webhook_deliveries_waiting_order_idx`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN fifo`);
    await q.query(`ALTER TABLE webhook_subscriptions DROP CONSTRAINT webhook_subscriptions_ordering_check`);
    await q.query(`ALTER TABLE webhook_subscriptions DROP COLUMN ordering`);
  }
}
