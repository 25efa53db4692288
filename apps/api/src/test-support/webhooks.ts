import { uuid } from '@wfm/core/crypto';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { DataSource } from '@wfm/db/data-source';
import { WebhookDeliveryEntity, WebhookSubscriptionEntity, type DeliveryStatus } from '@wfm/db/entities/webhook.entity';
import { EVENT_CATALOG, type EventCode } from '@wfm/events/catalog';
import { generateWebhookSecret } from '@wfm/webhooks/signing';
import { serializeEnvelope } from '@wfm/webhooks/envelope';
import { TEST_DATA_ENCRYPTION_KEY } from './harness.js';

const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);

/** The fields of a webhook subscription in an answer (spec 03). */
export const SUBSCRIPTION_KEYS = [
  'id',
  'tenantId',
  'name',
  'url',
  'events',
  'secret',
  'active',
  'failureCount',
  'ordering',
  'lastSuccessAt',
  'lastFailureAt',
  'lastFailureReason',
  'createdAt',
  'updatedAt',
];

export interface SubscriptionRow {
  id: string;
  secret: string;
}

/**
 * A subscription written straight to the table, sealed with the harness's key, for tests that need
 * one on a plan where POST /webhooks is refused, or at a given time.
 */
export async function insertSubscription(
  ds: DataSource,
  tenantId: string,
  over: Partial<Pick<WebhookSubscriptionEntity, 'name' | 'url' | 'events' | 'active' | 'failureCount' | 'createdAt' | 'ordering'>> = {},
): Promise<SubscriptionRow> {
  const id = uuid();
  const secret = generateWebhookSecret();
  const at = over.createdAt ?? new Date();
  await ds.getRepository(WebhookSubscriptionEntity).insert({
    id,
    tenantId,
    name: over.name ?? 'Seeded subscription',
    url: over.url ?? 'https://1.1.1.1/hooks',
    events: over.events ?? ['user.created'],
    secretSealed: encryptor.encrypt(secret),
    secretHint: secret.slice(-4),
    active: over.active ?? true,
    failureCount: over.failureCount ?? 0,
    ordering: over.ordering ?? 'unordered',
    lastSuccessAt: null,
    lastFailureAt: null,
    lastFailureReason: null,
    createdByUserId: null,
    createdAt: at,
    updatedAt: at,
  });
  return { id, secret };
}

/** A delivery row as the worker would have left it; the body is the real envelope of the sample payload. */
export async function insertDelivery(
  ds: DataSource,
  sub: { id: string; tenantId: string },
  over: Partial<Pick<WebhookDeliveryEntity, 'status' | 'attempts' | 'lastError' | 'lastResponseStatus' | 'deliveredAt' | 'createdAt' | 'nextAttemptAt'>> & {
    eventType?: EventCode;
  } = {},
): Promise<WebhookDeliveryEntity> {
  const eventType = over.eventType ?? 'user.created';
  const payload = { ...EVENT_CATALOG[eventType].samplePayload } as Record<string, unknown>;
  const at = over.createdAt ?? new Date();
  const id = uuid();
  await ds.getRepository(WebhookDeliveryEntity).insert({
    id,
    tenantId: sub.tenantId,
    webhookId: sub.id,
    eventId: uuid(),
    eventType,
    payload: payload as never,
    body: serializeEnvelope({ event: eventType, tenantId: sub.tenantId, occurredAt: at, payload: payload as never }),
    occurredAt: at,
    status: (over.status ?? 'PENDING') as DeliveryStatus,
    attempts: over.attempts ?? 0,
    maxAttempts: 6,
    fifo: false,
    nextAttemptAt: over.nextAttemptAt ?? at,
    lastError: over.lastError ?? null,
    lastResponseStatus: over.lastResponseStatus ?? null,
    deliveredAt: over.deliveredAt ?? null,
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: at,
    updatedAt: at,
  });
  return ds.getRepository(WebhookDeliveryEntity).findOneByOrFail({ id });
}
