import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the W3C trace context of the request that wrote an outbox event travels with the event
 * and with each delivery made of it, so the webhook worker's attempts continue the request's trace.
 * Null when tracing was off or the request was not sampled.
 */
export class TraceContext1764973001000 implements MigrationInterface {
  name = 'TraceContext1764973001000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['domain_events', 'webhook_deliveries']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN traceparent text NULL, ADD COLUMN tracestate text NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['domain_events', 'webhook_deliveries']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN traceparent, DROP COLUMN tracestate`);
    }
  }
}
