import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the webhook worker needs beyond the tables: its outbox wake-up and fair-claim indexes. */
export class WebhookDeliveryWorker1764000001000 implements MigrationInterface {
  name = 'WebhookDeliveryWorker1764000001000';

  async up(q: QueryRunner): Promise<void> {
    // NOTIFY is delivered on commit only, so a worker woken by it always sees the new event; one
    // notification per statement, since the worker reads every pending event when woken anyway.
    await q.query(`
      CREATE FUNCTION wfm_notify_domain_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('wfm_domain_events', '');
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER domain_events_notify AFTER INSERT ON domain_events
      FOR EACH STATEMENT EXECUTE FUNCTION wfm_notify_domain_events()`);

    // Dispatch and attempts are claimed tenant by tenant (round-robin), so both need per-tenant
    // access to pending rows without scanning a tenant's history.
    await q.query(`CREATE INDEX domain_events_undispatched_tenant_idx ON domain_events (tenant_id, occurred_at) WHERE dispatched_at IS NULL`);
    await q.query(`CREATE INDEX webhook_deliveries_tenant_due_idx ON webhook_deliveries (tenant_id, next_attempt_at) WHERE status IN ('PENDING','FAILED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_tenant_due_idx`);
    await q.query(`DROP INDEX domain_events_undispatched_tenant_idx`);
    await q.query(`DROP TRIGGER domain_events_notify ON domain_events`);
    await q.query(`DROP FUNCTION wfm_notify_domain_events()`);
  }
}
