import { uuid } from '@wfm/core/crypto';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { DataSource } from '@wfm/db/data-source';
import { recordEvent, type RecordedEvent } from '@wfm/db/domain-events.repository';
import type { EventCode, EventPayloads } from '@wfm/events/catalog';
import { DEFAULT_RETRY_WAITS_S } from '../attempt.js';
import { parseAllowedTargets } from '../egress.js';
import { serializeEnvelope } from '../envelope.js';
import type { WebhookSettings } from '../settings.js';
import { generateWebhookSecret } from '../signing.js';

/** Rows and settings for delivery tests, written straight to the tables the API manages. */

export const TEST_ENCRYPTION_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const testEncryptor = new AesGcmEncryptor(TEST_ENCRYPTION_KEY);

export function testSettings(over: Partial<WebhookSettings> = {}): WebhookSettings {
  return {
    allowedTargets: parseAllowedTargets('127.0.0.1'),
    timeoutMs: 2000,
    retryWaitsS: DEFAULT_RETRY_WAITS_S,
    // Tests drive sweeps themselves.
    sweepIntervalMs: 3_600_000,
    maxInFlight: 16,
    maxInFlightPerTenant: 4,
    sendTraceparent: false,
    ...over,
  };
}

export interface TestSubscription {
  id: string;
  tenantId: string;
  url: string;
  secret: string;
}

export async function createSubscription(
  ds: DataSource,
  opts: { tenantId: string; url: string; events?: string[]; active?: boolean; secret?: string; name?: string; ordering?: 'unordered' | 'fifo' },
): Promise<TestSubscription> {
  const id = uuid();
  const secret = opts.secret ?? generateWebhookSecret();
  await ds.query(
    `INSERT INTO webhook_subscriptions (id, tenant_id, name, url, events, secret_sealed, secret_hint, active, ordering)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, opts.tenantId, opts.name ?? 'Test hook', opts.url, opts.events ?? ['user.created'], testEncryptor.encrypt(secret), secret.slice(-4), opts.active ?? true, opts.ordering ?? 'unordered'],
  );
  return { id, tenantId: opts.tenantId, url: opts.url, secret };
}

export async function rotateSecret(ds: DataSource, webhookId: string): Promise<string> {
  const secret = generateWebhookSecret();
  await ds.query(`UPDATE webhook_subscriptions SET secret_sealed = $2, secret_hint = $3 WHERE id = $1`, [webhookId, testEncryptor.encrypt(secret), secret.slice(-4)]);
  return secret;
}

export function userCreated(tenantId: string, n = 1): EventPayloads['user.created'] {
  return { tenantId, userId: uuid(), email: `user${n}@example.test`, fullName: `User ${n}` };
}

/** Commits one event, as a service would; the commit is what wakes the worker. */
export async function commitEvent<C extends EventCode>(ds: DataSource, tenantId: string, code: C, payload: EventPayloads[C], at?: Date): Promise<RecordedEvent> {
  return ds.transaction((tx) => recordEvent(tx, tenantId, code, payload, at));
}

/** Many events in one transaction (a burst). */
export async function commitEvents(ds: DataSource, tenantId: string, count: number, at?: Date): Promise<void> {
  await ds.transaction(async (tx) => {
    for (let i = 0; i < count; i++) await recordEvent(tx, tenantId, 'user.created', userCreated(tenantId, i), at);
  });
}

/** A delivery as the worker would have left it, e.g. DEAD after 6 attempts. */
export async function createDelivery(
  ds: DataSource,
  sub: TestSubscription,
  opts: { status?: string; attempts?: number; at?: Date } = {},
): Promise<{ id: string; body: string }> {
  const id = uuid();
  const at = opts.at ?? new Date('2026-01-05T08:00:00Z');
  const payload = userCreated(sub.tenantId);
  const body = serializeEnvelope({ event: 'user.created', tenantId: sub.tenantId, occurredAt: at, payload });
  await ds.query(
    `INSERT INTO webhook_deliveries (id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at, status, attempts, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'user.created', $5, $6, $7, $8, $9, $7, $7, $7)`,
    [id, sub.tenantId, sub.id, uuid(), JSON.stringify(payload), body, at, opts.status ?? 'PENDING', opts.attempts ?? 0],
  );
  return { id, body };
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  last_response_status: number | null;
  delivered_at: Date | null;
  lease_owner: string | null;
  body: string;
  traceparent: string | null;
  tracestate: string | null;
  created_at: Date;
}

export async function deliveriesOf(ds: DataSource, webhookId: string): Promise<DeliveryRow[]> {
  return ds.query(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY occurred_at, id`, [webhookId]);
}

export interface SubscriptionRow {
  active: boolean;
  failure_count: number;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_failure_reason: string | null;
}

export async function subscriptionRow(ds: DataSource, id: string): Promise<SubscriptionRow> {
  const rows: SubscriptionRow[] = await ds.query(
    `SELECT active, failure_count, last_success_at, last_failure_at, last_failure_reason FROM webhook_subscriptions WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}
