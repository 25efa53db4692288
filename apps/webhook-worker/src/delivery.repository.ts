import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import type { Plan } from '@wfm/core/tenancy';
import type { DeliveryToAttempt } from '@wfm/db/webhook-deliveries.repository';

export interface PendingEvent {
  id: string;
  tenantId: string;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export interface ActiveSubscription {
  id: string;
  tenantId: string;
  events: string[];
}

export interface NewDelivery {
  id: string;
  tenantId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  body: string;
  occurredAt: Date;
}

export interface ClaimRequest {
  owner: string;
  now: Date;
  /** FAILED deliveries are retried only once a sweep has passed their due time (spec 03, Limits). */
  sweepCutoff: Date;
  leaseUntil: Date;
  limit: number;
  perTenantCap: number;
  /** This worker's attempts in flight per tenant, which count against the cap. */
  inFlight: ReadonlyMap<string, number>;
  /** Round-robin position: tenants after this one are served first. */
  after: string | null;
}

// Distinct tenants with pending rows by a loose index scan: one index probe per tenant, however
// deep one tenant's backlog is. Served in rotation after the cursor, so no tenant is always first.
const tenantsWith = (table: string, pending: (alias: string) => string) => `
  t AS (
    (SELECT x.tenant_id FROM ${table} x WHERE ${pending('x')} ORDER BY x.tenant_id LIMIT 1)
    UNION ALL
    SELECT (SELECT x.tenant_id FROM ${table} x WHERE ${pending('x')} AND x.tenant_id > t.tenant_id ORDER BY x.tenant_id LIMIT 1)
    FROM t WHERE t.tenant_id IS NOT NULL
  ),
  o AS (
    SELECT tenant_id FROM t WHERE tenant_id IS NOT NULL
    ORDER BY COALESCE(tenant_id <= $1::uuid, false), tenant_id
  )`;

/** The worker's own queries: claiming outbox events and due deliveries. */
export class WorkerDeliveryRepository {
  constructor(private readonly ds: DataSource) {}

  /** Locks up to `limit` undispatched events, at most `perTenant` of each tenant, oldest first per tenant. */
  async claimEvents(tx: Tx, opts: { after: string | null; limit: number; perTenant: number }): Promise<PendingEvent[]> {
    return tx.query(
      `WITH RECURSIVE ${tenantsWith('domain_events', (x) => `${x}.dispatched_at IS NULL`)}
       SELECT e.id, e.tenant_id AS "tenantId", e.type, e.payload, e.occurred_at AS "occurredAt"
       FROM o CROSS JOIN LATERAL (
         SELECT id, tenant_id, type, payload, occurred_at FROM domain_events e
         WHERE e.tenant_id = o.tenant_id AND e.dispatched_at IS NULL
         ORDER BY e.occurred_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       ) e
       LIMIT $2`,
      [opts.after, opts.limit, opts.perTenant],
    );
  }

  async tenantPlans(tx: Tx, tenantIds: string[]): Promise<Map<string, Plan>> {
    const rows: Array<{ id: string; plan: Plan }> = await tx.query(`SELECT id, plan FROM tenants WHERE id = ANY($1::uuid[])`, [tenantIds]);
    return new Map(rows.map((r) => [r.id, r.plan]));
  }

  async activeSubscriptions(tx: Tx, tenantIds: string[], codes: string[]): Promise<ActiveSubscription[]> {
    return tx.query(
      `SELECT id, tenant_id AS "tenantId", events FROM webhook_subscriptions
       WHERE active AND tenant_id = ANY($1::uuid[]) AND events && $2::text[]`,
      [tenantIds, codes],
    );
  }

  /** Idempotent per (subscription, event), so a dispatch repeated after a crash adds nothing. */
  async insertDeliveries(tx: Tx, rows: NewDelivery[], now: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted: unknown[] = await tx.query(
      `INSERT INTO webhook_deliveries
         (id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT r.id, r.tenant_id, r.webhook_id, r.event_id, r.event_type, r.payload::jsonb, r.body, r.occurred_at, 'PENDING', 0, $9, $9, $9
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
         AS r(id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at)
       ON CONFLICT (webhook_id, event_id) DO NOTHING
       RETURNING id`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.tenantId),
        rows.map((r) => r.webhookId),
        rows.map((r) => r.eventId),
        rows.map((r) => r.eventType),
        rows.map((r) => JSON.stringify(r.payload)),
        rows.map((r) => r.body),
        rows.map((r) => r.occurredAt),
        now,
      ],
    );
    return inserted.length;
  }

  async markDispatched(tx: Tx, eventIds: string[], at: Date): Promise<void> {
    await tx.query(`UPDATE domain_events SET dispatched_at = $2 WHERE id = ANY($1::uuid[])`, [eventIds, at]);
  }

  /**
   * Leases due deliveries for this worker, round-robin across tenants and within each tenant's
   * cap, and returns them with their subscription's URL and sealed secret as they are now.
   * SKIP LOCKED lets several workers claim at once without waiting on or taking each other's rows.
   */
  async claimDue(r: ClaimRequest): Promise<DeliveryToAttempt[]> {
    const tenants = [...r.inFlight.keys()];
    return this.ds.query(
      `WITH RECURSIVE ${tenantsWith('webhook_deliveries', (x) => `${x}.status IN ('PENDING','FAILED')`)},
       picked AS (
         SELECT c.id FROM o CROSS JOIN LATERAL (
           SELECT d.id FROM webhook_deliveries d
           WHERE d.tenant_id = o.tenant_id AND d.status IN ('PENDING','FAILED')
             AND d.next_attempt_at <= $2
             AND (d.status = 'PENDING' OR d.next_attempt_at <= $3)
             AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= $2)
           ORDER BY d.next_attempt_at
           LIMIT GREATEST(0, $6::int - COALESCE((SELECT f.n FROM unnest($7::uuid[], $8::int[]) AS f(tenant_id, n) WHERE f.tenant_id = o.tenant_id), 0))
           FOR UPDATE SKIP LOCKED
         ) c
         LIMIT $5
       ),
       claimed AS (
         UPDATE webhook_deliveries d SET lease_owner = $9, lease_expires_at = $4
         FROM picked p, webhook_subscriptions s
         WHERE d.id = p.id AND s.id = d.webhook_id
         RETURNING d.id, d.tenant_id AS "tenantId", d.webhook_id AS "webhookId", d.event_type AS "eventType", d.body,
                   s.url, s.secret_sealed AS "secretSealed"
       )
       SELECT * FROM claimed`,
      [r.after, r.now, r.sweepCutoff, r.leaseUntil, r.limit, r.perTenantCap, tenants, tenants.map((t) => r.inFlight.get(t) ?? 0), r.owner],
    );
  }
}
