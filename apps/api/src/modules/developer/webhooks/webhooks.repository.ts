import type { DataSource } from '@wfm/db/data-source';
import type { DeliveryStatus, WebhookDeliveryEntity, WebhookSubscriptionEntity } from '@wfm/db/entities/webhook.entity';
import { assignments, exec, keysetPage, many, one, type Columns, type Keyed, type KeysetPosition, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** A subscription row without its sealed secret, which is selected only where it is needed. */
export type Subscription = Omit<WebhookSubscriptionEntity, 'secretSealed'>;
export type NewSubscription = WebhookSubscriptionEntity;
export type SubscriptionChanges = Partial<Pick<WebhookSubscriptionEntity, 'name' | 'url' | 'events' | 'active' | 'failureCount' | 'ordering'>>;

export interface Page {
  limit: number;
  offset: number;
}

/** A delivery as the log shows it, timestamps already formatted as the DTO's ISO strings. */
export type DeliveryLogRow = Row<
  WebhookDeliveryEntity,
  'id' | 'tenantId' | 'webhookId' | 'eventType' | 'payload' | 'status' | 'attempts' | 'maxAttempts' | 'lastError' | 'lastResponseStatus'
> & { nextAttemptAt: string; createdAt: string; updatedAt: string; deliveredAt: string | null };

const SUBSCRIPTION_COLUMNS = `id, tenant_id AS "tenantId", name, url, events, secret_hint AS "secretHint", active, failure_count AS "failureCount", ordering,
  last_success_at AS "lastSuccessAt", last_failure_at AS "lastFailureAt", last_failure_reason AS "lastFailureReason",
  created_by_user_id AS "createdByUserId", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<SubscriptionChanges & { updatedAt: Date }> = {
  name: 'name',
  url: 'url',
  events: 'events',
  active: 'active',
  failureCount: 'failure_count',
  ordering: 'ordering',
  updatedAt: 'updated_at',
};

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DELIVERY_LOG_COLUMNS = `id, tenant_id AS "tenantId", webhook_id AS "webhookId", event_type AS "eventType", payload, status, attempts,
  max_attempts AS "maxAttempts", ${iso('next_attempt_at')} AS "nextAttemptAt", last_error AS "lastError",
  last_response_status AS "lastResponseStatus", ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt",
  ${iso('delivered_at')} AS "deliveredAt"`;

export interface DeliveryFilter {
  status?: DeliveryStatus;
  limit: number;
  eventType?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  /** Rows older than this delivery (of the same subscription) only. */
  before?: string;
}

/**
 * Subscriptions, and the reads of their deliveries only the API makes (the log, the dead count).
 * Attempts and their outcomes go through @wfm/webhooks' deliveries repository, as the worker's do.
 */
export class WebhooksRepository {
  constructor(private readonly ds: DataSource) {}

  /** Newest first; the id breaks ties so pages do not overlap. Without a page, all of them. */
  list(tenantId: string, page?: Page): Promise<Subscription[]> {
    return many(
      this.ds,
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, page?.limit ?? null, page?.offset ?? 0],
    );
  }

  /** The cursor walk of the same order; a creation time never changes. */
  listAfter(tenantId: string, after: KeysetPosition | null, limit: number): Promise<Keyed<Subscription>[]> {
    const params: unknown[] = [tenantId];
    const k = keysetPage({ key: 'created_at', id: 'id', descending: true }, after, limit, params);
    return many(this.ds, `SELECT ${SUBSCRIPTION_COLUMNS}, ${k.select} FROM webhook_subscriptions WHERE ${['tenant_id = $1', ...k.where].join(' AND ')} ${k.tail}`, params);
  }

  find(tenantId: string, id: string): Promise<Subscription | null> {
    return one(this.ds, `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /**
   * Serialises subscription creation per tenant for the length of the transaction, so two
   * concurrent creates cannot both pass the per-tenant cap. Nothing else waits on this lock.
   */
  async lockTenantSubscriptions(tx: Tx, tenantId: string): Promise<void> {
    await exec(tx, `SELECT pg_advisory_xact_lock(hashtextextended('webhook_subscriptions:' || $1, 0))`, [tenantId]);
  }

  async count(tx: Tx, tenantId: string): Promise<number> {
    return (await one<{ n: number }>(tx, `SELECT count(*)::int AS n FROM webhook_subscriptions WHERE tenant_id = $1`, [tenantId]))!.n;
  }

  async insert(tx: Tx, row: NewSubscription): Promise<void> {
    await exec(
      tx,
      `INSERT INTO webhook_subscriptions (id, tenant_id, name, url, events, secret_sealed, secret_hint, active, failure_count, last_success_at,
         last_failure_at, last_failure_reason, created_by_user_id, created_at, updated_at, ordering)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        row.id,
        row.tenantId,
        row.name,
        row.url,
        row.events,
        row.secretSealed,
        row.secretHint,
        row.active,
        row.failureCount,
        row.lastSuccessAt,
        row.lastFailureAt,
        row.lastFailureReason,
        row.createdByUserId,
        row.createdAt,
        row.updatedAt,
        row.ordering,
      ],
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Subscription | null> {
    return one(tx, `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: SubscriptionChanges, at: Date): Promise<Subscription> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Subscription>(
      tx,
      `UPDATE webhook_subscriptions SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)}
        WHERE tenant_id = $1 AND id = $2 RETURNING ${SUBSCRIPTION_COLUMNS}`,
      params,
    );
    return row!;
  }

  /** The delivery log goes with it (ON DELETE CASCADE). */
  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM webhook_subscriptions WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) > 0;
  }

  async replaceSecret(tenantId: string, id: string, sealed: string, hint: string, at: Date): Promise<boolean> {
    const changed = await exec(this.ds, `UPDATE webhook_subscriptions SET secret_sealed = $3, secret_hint = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
      sealed,
      hint,
      at,
    ]);
    return changed > 0;
  }

  /**
   * Newest first. Spec 03's log has no paging, so older rows are out of reach there on purpose; the
   * portal (issue 32) narrows by event type and creation time and pages on with `before`, the id of
   * the last row it was shown.
   */
  deliveries(tenantId: string, webhookId: string, opts: DeliveryFilter): Promise<DeliveryLogRow[]> {
    return many(
      this.ds,
      `SELECT ${DELIVERY_LOG_COLUMNS}
       FROM webhook_deliveries
       WHERE tenant_id = $1 AND webhook_id = $2 AND ($3::text IS NULL OR status = $3)
         AND ($5::text IS NULL OR event_type = $5)
         AND ($6::timestamptz IS NULL OR created_at >= $6) AND ($7::timestamptz IS NULL OR created_at < $7)
         AND ($8::uuid IS NULL OR (created_at, occurred_at, id) <
           (SELECT b.created_at, b.occurred_at, b.id FROM webhook_deliveries b WHERE b.id = $8 AND b.webhook_id = $2))
       ORDER BY created_at DESC, occurred_at DESC, id DESC
       LIMIT $4`,
      [tenantId, webhookId, opts.status ?? null, opts.limit, opts.eventType ?? null, opts.from ?? null, opts.to ?? null, opts.before ?? null],
    );
  }

  delivery(tenantId: string, webhookId: string, deliveryId: string): Promise<DeliveryLogRow | null> {
    return one(this.ds, `SELECT ${DELIVERY_LOG_COLUMNS} FROM webhook_deliveries WHERE tenant_id = $1 AND webhook_id = $2 AND id = $3`, [tenantId, webhookId, deliveryId]);
  }

  async countDead(tenantId: string): Promise<number> {
    return (await one<{ n: number }>(this.ds, `SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'DEAD'`, [tenantId]))!.n;
  }
}
