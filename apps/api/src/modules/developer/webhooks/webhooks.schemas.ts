import { z } from 'zod';
import { EVENT_CODES, TEST_EVENT, isEventCode } from '@wfm/events/catalog';
import { envelopeSchema, publicListQuery } from '../../../http/public-list.js';
import { clampedInt } from '../../../http/validation.js';

const MAX_URL_LENGTH = 2000;
const MAX_EVENTS = 50;
const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'DEAD'] as const;

const Name = z.string().trim().min(3).max(120);

/**
 * Spec 03: `https://`, at most 2000 characters. Whether the host may be reached is the egress
 * check's business (422), not validation's.
 */
const Url = z
  .string()
  .max(MAX_URL_LENGTH, { abort: true })
  .refine((v) => /^https:\/\//i.test(v) && URL.canParse(v), 'must be a valid URL starting with https://');

/** One message per offending element, naming it, so a client can point at the bad code. */
const Events = z
  .array(z.string())
  .min(1)
  .max(MAX_EVENTS, { abort: true })
  .superRefine((codes, ctx) => {
    const seen = new Map<string, number>();
    codes.forEach((code, i) => {
      if (code === TEST_EVENT) {
        ctx.addIssue({ code: 'custom', path: [i], message: `must not be ${TEST_EVENT}: it is sent only by the test route` });
      } else if (!isEventCode(code)) {
        ctx.addIssue({ code: 'custom', path: [i], message: 'must be one of the event codes of GET /webhooks/events' });
      } else if (seen.has(code)) {
        ctx.addIssue({ code: 'custom', path: [i], message: `must not repeat events.${seen.get(code)}` });
      }
      if (!seen.has(code)) seen.set(code, i);
    });
  })
  .meta({ description: 'Event codes from GET /webhooks/events, each at most once' });

/** Issue 32, not in spec 03: `fifo` holds each delivery until the one before it was delivered or died. */
const Ordering = z.enum(['unordered', 'fifo']).meta({
  description: '`unordered` (default, spec 03) or `fifo`: a delivery waits until the previous event of this subscription was delivered or went DEAD (docs/webhooks.md, "Ordered delivery")',
});

export const CreateWebhookBody = z.strictObject({ name: Name, url: Url, events: Events, ordering: Ordering.default('unordered') });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

/** `active: true` also resets failureCount (spec 03, rule 2). */
export const UpdateWebhookBody = z
  .strictObject({ name: Name.optional(), url: Url.optional(), events: Events.optional(), active: z.boolean().optional(), ordering: Ordering.optional() })
  .refine(hasAnyField, 'must contain at least one of: name, url, events, active, ordering');
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookIdParams = z.object({ id: z.uuid() });
export const DeliveryIdParams = z.object({ deliveryId: z.uuid() });

/** Spec 03, rule 3: no paging; out-of-range limits are clamped as on /public lists. */
export const DeliveriesQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
});
export type DeliveriesQuery = z.infer<typeof DeliveriesQuery>;

export const PublicWebhooksQuery = publicListQuery({});
export type PublicWebhooksQuery = z.infer<typeof PublicWebhooksQuery>;
export const CatalogQuery = publicListQuery({});
export type CatalogQuery = z.infer<typeof CatalogQuery>;

const Timestamp = z.iso.datetime();

export const WebhookDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_CODES as [string, ...string[]])),
  secret: z.string().meta({
    description: 'The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters',
  }),
  active: z.boolean(),
  failureCount: z.number().int().meta({ description: 'Consecutive failed attempts; the tenth switches the subscription off' }),
  ordering: Ordering,
  lastSuccessAt: Timestamp.nullable(),
  lastFailureAt: Timestamp.nullable(),
  lastFailureReason: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type WebhookDto = z.infer<typeof WebhookDto>;

export const WebhookEventsDto = z.object({ events: z.array(z.string()) });
export const DeletedDto = z.object({ deleted: z.literal(true), id: z.uuid() });
export const RotatedDto = z.object({ id: z.uuid(), secret: z.string().meta({ description: 'The new full secret; the old one stops at once' }) });
export type RotatedDto = z.infer<typeof RotatedDto>;

export const TestResultDto = z.object({
  ok: z.boolean(),
  status: z.number().int().meta({ description: "The receiver's HTTP status, or 0 without a response" }),
  bodyExcerpt: z.string().meta({ description: 'First 500 characters of the response body, or the error message' }),
});
export type TestResultDto = z.infer<typeof TestResultDto>;

export const DeliveryDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  webhookId: z.uuid(),
  eventType: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: Timestamp,
  lastError: z.string().nullable().meta({ description: 'Null until the first failed attempt' }),
  lastResponseStatus: z.number().int().nullable().meta({ description: '0 when an attempt got no HTTP response; null before any attempt' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  deliveredAt: Timestamp.nullable(),
});
export type DeliveryDto = z.infer<typeof DeliveryDto>;

export const DeliveriesDto = z.object({
  deliveries: z.array(DeliveryDto),
  count: z.number().int().meta({ description: 'Rows in this response, not a total' }),
});
export type DeliveriesDto = z.infer<typeof DeliveriesDto>;

export const DeadCountDto = z.object({ dead: z.number().int() });
export const RedeliveredDto = z.object({
  id: z.uuid(),
  requeued: z.boolean(),
  status: z.enum(['DELIVERED', 'FAILED', 'DEAD']),
});
export type RedeliveredDto = z.infer<typeof RedeliveredDto>;

export const CatalogEntryDto = z.object({
  code: z.string(),
  group: z.string(),
  description: z.string(),
  firesWhen: z.string(),
  doesNotFireWhen: z.string().nullable(),
  samplePayload: z.record(z.string(), z.unknown()),
});
export const PublicWebhooksPage = envelopeSchema(WebhookDto);
export const CatalogPage = envelopeSchema(CatalogEntryDto);
