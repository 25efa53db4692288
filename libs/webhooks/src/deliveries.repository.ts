import type { Plan } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { DomainEventEntity } from '@wfm/db/entities/domain-event.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { WebhookDeliveryEntity, WebhookSubscriptionEntity } from '@wfm/db/entities/webhook.entity';
import { exec, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/**
 * A delivery with what an attempt needs of its subscription, read when the attempt starts; the
 * event and trace fields and the attempts so far are for the attempt's span.
 */
export type DeliveryToAttempt = Row<WebhookDeliveryEntity, 'id' | 'tenantId' | 'webhookId' | 'eventId' | 'eventType' | 'body' | 'attempts' | 'traceparent' | 'tracestate'> &
  Row<WebhookSubscriptionEntity, 'url' | 'secretSealed'>;

/** A delivery the worker claimed; `fifo` ones hold the next delivery of their subscription back until they end. */
export type ClaimedDelivery = DeliveryToAttempt & Row<WebhookDeliveryEntity, 'fifo'>;

export interface AttemptRecord {
  deliveryId: string;
  /** Whoever attempted: a worker id, or the token of a redelivery. */
  owner: string;
  /** True for the worker: a lease lost to another worker means this outcome is not recorded. */
  requireLease: boolean;
  at: Date;
  ok: boolean;
  lastError: string | null;
  lastResponseStatus: number;
  retryWaitsS: readonly number[];
  /** Applied to the scheduled wait: the ±10 % of spec 03. */
  jitter: number;
  autoDisableAfter: number;
  /** Stored as `lastFailureReason` when this failure switches the subscription off. */
  disableReason: string;
}

export type RecordedAttempt = Row<WebhookDeliveryEntity, 'status' | 'attempts' | 'nextAttemptAt'>;

export interface SubscriptionOutcome {
  webhookId: string;
  tenantId: string;
  at: Date;
  ok: boolean;
  lastError: string | null;
  autoDisableAfter: number;
  disableReason: string;
}

export type PendingEvent = Row<DomainEventEntity, 'id' | 'tenantId' | 'type' | 'payload' | 'occurredAt' | 'traceparent' | 'tracestate'>;

export type ActiveSubscription = Row<WebhookSubscriptionEntity, 'id' | 'tenantId' | 'events' | 'ordering'>;

export type NewDelivery = Pick<WebhookDeliveryEntity, 'id' | 'tenantId' | 'webhookId' | 'eventId' | 'eventType' | 'payload' | 'body' | 'occurredAt' | 'traceparent' | 'tracestate' | 'fifo'>;

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

/**
 * The subscription side of an outcome, shared by deliveries and the test route (spec 03, States:
 * Subscription). A success resets the consecutive-failure count; the failure that reaches the
 * threshold switches an active subscription off and stores why. Nothing here switches one on.
 * While a subscription is off, failures of its already-queued deliveries still count but keep the
 * reason it went off.
 */
const SUBSCRIPTION_OUTCOME_SET = `
  failure_count = CASE WHEN $ok THEN 0 ELSE s.failure_count + 1 END,
  last_success_at = CASE WHEN $ok THEN $at ELSE s.last_success_at END,
  last_failure_at = CASE WHEN $ok THEN s.last_failure_at ELSE $at END,
  last_failure_reason = CASE
    WHEN $ok OR NOT s.active THEN s.last_failure_reason
    WHEN s.failure_count + 1 >= $threshold THEN $disableReason
    ELSE $lastError END,
  active = s.active AND ($ok OR s.failure_count + 1 < $threshold),
  updated_at = CASE WHEN s.active AND NOT $ok AND s.failure_count + 1 >= $threshold THEN $at ELSE s.updated_at END`;

// A success that would change nothing but a last_success_at under a second old leaves the row
// alone: under load every attempt to a receiver would otherwise queue on this one row's lock.
const SUBSCRIPTION_OUTCOME_WORTH_WRITING = `NOT ($ok AND s.failure_count = 0 AND COALESCE(s.last_success_at >= $at::timestamptz - interval '1 second', false))`;

const ATTEMPT_COLUMNS = `d.id, d.tenant_id AS "tenantId", d.webhook_id AS "webhookId", d.event_id AS "eventId", d.event_type AS "eventType", d.body,
  d.attempts, d.traceparent, d.tracestate, s.url, s.secret_sealed AS "secretSealed"`;

function numbered(sql: string, names: string[]): string {
  return names.reduce((text, name, i) => text.replaceAll(`$${name}`, `$${i + 1}`), sql);
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

/**
 * Webhook delivery state, for the worker (dispatching events into deliveries, claiming and
 * attempting them) and for the API's test and redeliver routes, which attempt the same way.
 * Outcomes are recorded in one statement each, so a delivery and its subscription never disagree
 * and concurrent attempts (a redelivery racing a retry) both count.
 */
export class WebhookDeliveriesRepository {
  constructor(private readonly ds: DataSource) {}

  recordAttempt(r: AttemptRecord): Promise<RecordedAttempt | null> {
    const names = ['ok', 'at', 'threshold', 'disableReason', 'lastError', 'status', 'waits', 'jitter', 'owner', 'requireLease', 'id'];
    const sql = numbered(
      `WITH d AS (
         UPDATE webhook_deliveries SET
           attempts = attempts + 1,
           status = CASE WHEN $ok THEN 'DELIVERED' WHEN attempts + 1 >= max_attempts THEN 'DEAD' ELSE 'FAILED' END,
           next_attempt_at = CASE WHEN NOT $ok AND attempts + 1 < max_attempts
             THEN $at::timestamptz + make_interval(secs => ($waits::float8[])[LEAST(attempts + 1, cardinality($waits::float8[]))] * $jitter)
             ELSE next_attempt_at END,
           last_error = $lastError,
           last_response_status = $status,
           delivered_at = CASE WHEN $ok THEN $at ELSE delivered_at END,
           lease_owner = CASE WHEN lease_owner = $owner THEN NULL ELSE lease_owner END,
           lease_expires_at = CASE WHEN lease_owner = $owner THEN NULL ELSE lease_expires_at END,
           updated_at = $at
         WHERE id = $id AND (NOT $requireLease OR lease_owner = $owner)
         RETURNING webhook_id, status, attempts, next_attempt_at
       ), s AS (
         UPDATE webhook_subscriptions s SET ${SUBSCRIPTION_OUTCOME_SET}
         FROM d WHERE s.id = d.webhook_id AND ${SUBSCRIPTION_OUTCOME_WORTH_WRITING}
       )
       SELECT d.status, d.attempts, d.next_attempt_at AS "nextAttemptAt" FROM d`,
      names,
    );
    return one<RecordedAttempt>(this.ds, sql, [
      r.ok,
      r.at,
      r.autoDisableAfter,
      r.disableReason,
      r.lastError,
      r.lastResponseStatus,
      r.retryWaitsS,
      r.jitter,
      r.owner,
      r.requireLease,
      r.deliveryId,
    ]);
  }

  /**
   * Successful attempts of one worker, recorded together: one statement and one commit for a batch,
   * which is what lets a worker keep up with thousands of deliveries a second. Returns the ids
   * recorded (those whose lease this owner still held).
   */
  async recordSuccesses(owner: string, items: Array<{ deliveryId: string; at: Date; responseStatus: number }>): Promise<string[]> {
    const rows = await many<{ id: string }>(
      this.ds,
      `WITH i AS (
         SELECT * FROM unnest($2::uuid[], $3::timestamptz[], $4::int[]) AS i(id, at, code)
       ), d AS (
         UPDATE webhook_deliveries w SET
           attempts = w.attempts + 1, status = 'DELIVERED', last_error = NULL, last_response_status = i.code,
           delivered_at = i.at, lease_owner = NULL, lease_expires_at = NULL, updated_at = i.at
         FROM i WHERE w.id = i.id AND w.lease_owner = $1
         RETURNING w.id, w.webhook_id, i.at
       ), s AS (
         UPDATE webhook_subscriptions s SET failure_count = 0, last_success_at = x.at
         FROM (SELECT webhook_id, max(at) AS at FROM d GROUP BY webhook_id) x
         WHERE s.id = x.webhook_id AND NOT (s.failure_count = 0 AND COALESCE(s.last_success_at >= x.at - interval '1 second', false))
       )
       SELECT id FROM d`,
      [owner, items.map((i) => i.deliveryId), items.map((i) => i.at), items.map((i) => i.responseStatus)],
    );
    return rows.map((r) => r.id);
  }

  /** The test route's outcome: it counts toward auto-disable but is not logged as a delivery. */
  async recordSubscriptionOutcome(o: SubscriptionOutcome): Promise<void> {
    const names = ['ok', 'at', 'threshold', 'disableReason', 'lastError', 'id', 'tenantId'];
    await exec(
      this.ds,
      numbered(`UPDATE webhook_subscriptions s SET ${SUBSCRIPTION_OUTCOME_SET} WHERE s.id = $id AND s.tenant_id = $tenantId AND ${SUBSCRIPTION_OUTCOME_WORTH_WRITING}`, names),
      [o.ok, o.at, o.autoDisableAfter, o.disableReason, o.lastError, o.webhookId, o.tenantId],
    );
  }

  async sealedSecret(tenantId: string, webhookId: string): Promise<string | null> {
    const row = await one<{ secret_sealed: string }>(this.ds, `SELECT secret_sealed FROM webhook_subscriptions WHERE id = $1 AND tenant_id = $2`, [webhookId, tenantId]);
    return row?.secret_sealed ?? null;
  }

  findForAttempt(tenantId: string, deliveryId: string): Promise<DeliveryToAttempt | null> {
    return one(
      this.ds,
      `SELECT ${ATTEMPT_COLUMNS}
       FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.webhook_id
       WHERE d.id = $1 AND d.tenant_id = $2`,
      [deliveryId, tenantId],
    );
  }

  /**
   * Keeps workers off a delivery while a redelivery attempts it. When a worker already holds a live
   * lease nothing changes: the redelivery goes ahead anyway (spec 03: one immediate attempt) and
   * both outcomes are recorded.
   */
  async takeLease(deliveryId: string, owner: string, now: Date, until: Date): Promise<void> {
    await exec(
      this.ds,
      `UPDATE webhook_deliveries SET lease_owner = $2, lease_expires_at = $4
       WHERE id = $1 AND (lease_expires_at IS NULL OR lease_expires_at <= $3)`,
      [deliveryId, owner, now, until],
    );
  }

  /**
   * Issue 32, the portal's "replay every failed delivery": DEAD deliveries of one subscription
   * created in [from, to), oldest first, at most `limit`, put back to PENDING and due now, so the
   * worker makes one more attempt each. Their attempt count stays (as on redeliver): a failure
   * leaves them DEAD again. Only DEAD rows are taken, so a second call while the first call's rows
   * wait or are in flight finds nothing to add; `remaining` is what the limit left for another call.
   */
  async requeueDead(r: { tenantId: string; webhookId: string; from: Date; to: Date; limit: number; now: Date }): Promise<{ requeued: number; remaining: number }> {
    const row = await one<{ requeued: number; remaining: number }>(
      this.ds,
      `WITH picked AS (
         SELECT id FROM webhook_deliveries
         WHERE tenant_id = $1 AND webhook_id = $2 AND status = 'DEAD' AND created_at >= $3 AND created_at < $4
         ORDER BY created_at, id
         LIMIT $5
         FOR UPDATE SKIP LOCKED
       ), moved AS (
         UPDATE webhook_deliveries d SET status = 'PENDING', next_attempt_at = $6, updated_at = $6
         FROM picked WHERE d.id = picked.id
         RETURNING d.id
       )
       SELECT (SELECT count(*)::int FROM moved) AS requeued,
              (SELECT count(*)::int FROM webhook_deliveries
               WHERE tenant_id = $1 AND webhook_id = $2 AND status = 'DEAD' AND created_at >= $3 AND created_at < $4
                 AND id NOT IN (SELECT id FROM moved)) AS remaining`,
      [r.tenantId, r.webhookId, r.from, r.to, r.limit, r.now],
    );
    return row!;
  }

  /**
   * The queue across all tenants, for the operator's metrics: deliveries waiting for an attempt
   * (first or retry) and the oldest one's creation, and events not yet turned into deliveries.
   * An operator view of the worker's whole backlog, so deliberately not scoped to one tenant; both
   * counts read partial indexes that hold only the waiting rows.
   */
  async queueStats(): Promise<{ waiting: number; oldestWaitingAt: Date | null; undispatchedEvents: number }> {
    const row = await one<{ waiting: string; oldest: Date | null; undispatched: string }>(
      this.ds,
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status IN ('PENDING','FAILED')) AS waiting,
              (SELECT min(created_at) FROM webhook_deliveries WHERE status IN ('PENDING','FAILED')) AS oldest,
              (SELECT count(*) FROM domain_events WHERE dispatched_at IS NULL) AS undispatched`,
      [],
    );
    return { waiting: Number(row!.waiting), oldestWaitingAt: row!.oldest, undispatchedEvents: Number(row!.undispatched) };
  }

  /** Hands leases back early (a worker stopping); by id, so no index on lease_owner slows every claim. */
  async releaseLeases(owner: string, deliveryIds: string[]): Promise<number> {
    return exec(this.ds, `UPDATE webhook_deliveries SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ANY($2::uuid[]) AND lease_owner = $1`, [
      owner,
      deliveryIds,
    ]);
  }

  /** Locks up to `limit` undispatched events, at most `perTenant` of each tenant, oldest first per tenant. */
  async claimEvents(tx: Tx, opts: { after: string | null; limit: number; perTenant: number }): Promise<PendingEvent[]> {
    return many(
      tx,
      `WITH RECURSIVE ${tenantsWith('domain_events', (x) => `${x}.dispatched_at IS NULL`)}
       SELECT e.id, e.tenant_id AS "tenantId", e.type, e.payload, e.occurred_at AS "occurredAt", e.traceparent, e.tracestate
       FROM o CROSS JOIN LATERAL (
         SELECT id, tenant_id, type, payload, occurred_at, traceparent, tracestate FROM domain_events e
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
    const rows = await many<Row<TenantEntity, 'id' | 'plan'>>(tx, `SELECT id, plan FROM tenants WHERE id = ANY($1::uuid[])`, [tenantIds]);
    return new Map(rows.map((r) => [r.id, r.plan]));
  }

  async activeSubscriptions(tx: Tx, tenantIds: string[], codes: string[]): Promise<ActiveSubscription[]> {
    return many(
      tx,
      `SELECT id, tenant_id AS "tenantId", events, ordering FROM webhook_subscriptions
       WHERE active AND tenant_id = ANY($1::uuid[]) AND events && $2::text[]`,
      [tenantIds, codes],
    );
  }

  /** Idempotent per (subscription, event), so a dispatch repeated after a crash adds nothing. */
  async insertDeliveries(tx: Tx, rows: NewDelivery[], now: Date): Promise<number> {
    if (rows.length === 0) return 0;
    return exec(
      tx,
      `INSERT INTO webhook_deliveries
         (id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at, traceparent, tracestate, fifo, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT r.id, r.tenant_id, r.webhook_id, r.event_id, r.event_type, r.payload::jsonb, r.body, r.occurred_at, r.traceparent, r.tracestate, r.fifo, 'PENDING', 0, $9, $9, $9
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $10::text[], $11::text[], $12::boolean[])
         AS r(id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at, traceparent, tracestate, fifo)
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
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
        rows.map((r) => r.traceparent),
        rows.map((r) => r.tracestate),
        rows.map((r) => r.fifo),
      ],
    );
  }

  async markDispatched(tx: Tx, eventIds: string[], at: Date): Promise<void> {
    await exec(tx, `UPDATE domain_events SET dispatched_at = $2 WHERE id = ANY($1::uuid[])`, [eventIds, at]);
  }

  /**
   * Leases due deliveries for this worker, round-robin across tenants and within each tenant's
   * cap, and returns them with their subscription's URL and sealed secret as they are now.
   * SKIP LOCKED lets several workers claim at once without waiting on or taking each other's rows.
   *
   * A FIFO delivery (issue 32) is claimable only while no earlier delivery of its subscription, in
   * event order, is still PENDING or FAILED. A delivery stays PENDING or FAILED while leased, so the
   * one in flight holds back the next one in every worker process: the order is the database's,
   * not any process's. Locked rows are skipped, not waited for, and still block through the probe.
   */
  async claimDue(r: ClaimRequest): Promise<ClaimedDelivery[]> {
    const tenants = [...r.inFlight.keys()];
    return many(
      this.ds,
      `WITH RECURSIVE ${tenantsWith('webhook_deliveries', (x) => `${x}.status IN ('PENDING','FAILED')`)},
       picked AS (
         SELECT c.id FROM o CROSS JOIN LATERAL (
           SELECT d.id FROM webhook_deliveries d
           WHERE d.tenant_id = o.tenant_id AND d.status IN ('PENDING','FAILED')
             AND d.next_attempt_at <= $2
             AND (d.status = 'PENDING' OR d.next_attempt_at <= $3)
             AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= $2)
             AND (NOT d.fifo OR NOT EXISTS (
               SELECT 1 FROM webhook_deliveries e
               WHERE e.webhook_id = d.webhook_id AND e.status IN ('PENDING','FAILED')
                 AND (e.occurred_at, e.created_at, e.id) < (d.occurred_at, d.created_at, d.id)))
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
         RETURNING ${ATTEMPT_COLUMNS}, d.fifo
       )
       SELECT * FROM claimed`,
      [r.after, r.now, r.sweepCutoff, r.leaseUntil, r.limit, r.perTenantCap, tenants, tenants.map((t) => r.inFlight.get(t) ?? 0), r.owner],
    );
  }
}
