import type { DataSource } from 'typeorm';
import type { DeliveryStatus } from './entities/webhook.entity.js';

/** A delivery with what an attempt needs of its subscription, read when the attempt starts. */
export interface DeliveryToAttempt {
  id: string;
  tenantId: string;
  webhookId: string;
  eventType: string;
  body: string;
  url: string;
  secretSealed: string;
}

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

export interface RecordedAttempt {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
}

export interface SubscriptionOutcome {
  webhookId: string;
  tenantId: string;
  at: Date;
  ok: boolean;
  lastError: string | null;
  autoDisableAfter: number;
  disableReason: string;
}

export interface DeliveryLogRow {
  id: string;
  tenantId: string;
  webhookId: string;
  eventType: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  lastResponseStatus: number | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', ${ISO})`;

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

function numbered(sql: string, names: string[]): string {
  return names.reduce((text, name, i) => text.replaceAll(`$${name}`, `$${i + 1}`), sql);
}

/**
 * Webhook delivery state shared by the worker and the API (redeliver, test, log, dead-count).
 * Outcomes are recorded in one statement each, so a delivery and its subscription never disagree
 * and concurrent attempts (a redelivery racing a retry) both count.
 */
export class WebhookDeliveriesRepository {
  constructor(private readonly ds: DataSource) {}

  async recordAttempt(r: AttemptRecord): Promise<RecordedAttempt | null> {
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
       SELECT d.status, d.attempts, d.next_attempt_at FROM d`,
      names,
    );
    const rows: Array<{ status: DeliveryStatus; attempts: number; next_attempt_at: Date }> =
      await this.ds.query(sql, [
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
    const row = rows[0];
    if (!row) return null;
    return { status: row.status, attempts: row.attempts, nextAttemptAt: row.next_attempt_at };
  }

  /**
   * Successful attempts of one worker, recorded together: one statement and one commit for a batch,
   * which is what lets a worker keep up with thousands of deliveries a second. Returns the ids
   * recorded (those whose lease this owner still held).
   */
  async recordSuccesses(owner: string, items: Array<{ deliveryId: string; at: Date; responseStatus: number }>): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.ds.query(
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
    await this.ds.query(
      numbered(`UPDATE webhook_subscriptions s SET ${SUBSCRIPTION_OUTCOME_SET} WHERE s.id = $id AND s.tenant_id = $tenantId AND ${SUBSCRIPTION_OUTCOME_WORTH_WRITING}`, names),
      [o.ok, o.at, o.autoDisableAfter, o.disableReason, o.lastError, o.webhookId, o.tenantId],
    );
  }

  async sealedSecret(tenantId: string, webhookId: string): Promise<string | null> {
    const rows: Array<{ secret_sealed: string }> = await this.ds.query(
      `SELECT secret_sealed FROM webhook_subscriptions WHERE id = $1 AND tenant_id = $2`,
      [webhookId, tenantId],
    );
    return rows[0]?.secret_sealed ?? null;
  }

  async findForAttempt(tenantId: string, deliveryId: string): Promise<DeliveryToAttempt | null> {
    const rows: DeliveryToAttempt[] = await this.ds.query(
      `SELECT d.id, d.tenant_id AS "tenantId", d.webhook_id AS "webhookId", d.event_type AS "eventType", d.body,
              s.url, s.secret_sealed AS "secretSealed"
       FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.webhook_id
       WHERE d.id = $1 AND d.tenant_id = $2`,
      [deliveryId, tenantId],
    );
    return rows[0] ?? null;
  }

  /**
   * Keeps workers off a delivery while a redelivery attempts it. When a worker already holds a live
   * lease nothing changes: the redelivery goes ahead anyway (spec 03: one immediate attempt) and
   * both outcomes are recorded.
   */
  async takeLease(deliveryId: string, owner: string, now: Date, until: Date): Promise<void> {
    await this.ds.query(
      `UPDATE webhook_deliveries SET lease_owner = $2, lease_expires_at = $4
       WHERE id = $1 AND (lease_expires_at IS NULL OR lease_expires_at <= $3)`,
      [deliveryId, owner, now, until],
    );
  }

  /** Hands leases back early (a worker stopping); by id, so no index on lease_owner slows every claim. */
  async releaseLeases(owner: string, deliveryIds: string[]): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `WITH r AS (
         UPDATE webhook_deliveries SET lease_owner = NULL, lease_expires_at = NULL
         WHERE id = ANY($2::uuid[]) AND lease_owner = $1 RETURNING id
       )
       SELECT count(*)::int AS n FROM r`,
      [owner, deliveryIds],
    );
    return rows[0]!.n;
  }

  async subscriptionExists(tenantId: string, webhookId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM webhook_subscriptions WHERE id = $1 AND tenant_id = $2`, [webhookId, tenantId]);
    return rows.length > 0;
  }

  /** Newest first; spec 03 gives no paging, so older rows are out of reach on purpose. */
  async listDeliveries(tenantId: string, webhookId: string, opts: { status?: DeliveryStatus; limit: number }): Promise<DeliveryLogRow[]> {
    return this.ds.query(
      `SELECT id, tenant_id AS "tenantId", webhook_id AS "webhookId", event_type AS "eventType", payload, status, attempts,
              max_attempts AS "maxAttempts", ${iso('next_attempt_at')} AS "nextAttemptAt", last_error AS "lastError",
              last_response_status AS "lastResponseStatus", ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt",
              ${iso('delivered_at')} AS "deliveredAt"
       FROM webhook_deliveries
       WHERE tenant_id = $1 AND webhook_id = $2 AND ($3::text IS NULL OR status = $3)
       ORDER BY created_at DESC, occurred_at DESC, id DESC
       LIMIT $4`,
      [tenantId, webhookId, opts.status ?? null, opts.limit],
    );
  }

  async countDead(tenantId: string): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'DEAD'`,
      [tenantId],
    );
    return rows[0]!.n;
  }
}
