import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec 03: webhook subscriptions and their delivery log. */
export class Webhooks1764000000000 implements MigrationInterface {
  name = 'Webhooks1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // The signing secret is needed to sign, so it is sealed (AES-256-GCM), not hashed.
    await q.query(`
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_sealed text NOT NULL,
        secret_hint text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        failure_count integer NOT NULL DEFAULT 0,
        last_success_at timestamptz,
        last_failure_at timestamptz,
        last_failure_reason text,
        created_by_user_id uuid REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_subscriptions_tenant_idx ON webhook_subscriptions (tenant_id, created_at DESC)`);
    await q.query(`CREATE INDEX webhook_subscriptions_events_idx ON webhook_subscriptions USING gin (events) WHERE active`);

    // `body` is the envelope serialised once at dispatch: every attempt sends the same bytes.
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        webhook_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        body text NOT NULL,
        occurred_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','DELIVERED','FAILED','DEAD')),
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 6,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        last_response_status integer,
        delivered_at timestamptz,
        lease_owner text,
        lease_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_id)`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('PENDING','FAILED')`);
    await q.query(`CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_dead_idx ON webhook_deliveries (tenant_id) WHERE status = 'DEAD'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_subscriptions`);
  }
}
