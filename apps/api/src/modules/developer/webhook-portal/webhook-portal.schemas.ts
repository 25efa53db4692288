import { z } from 'zod';
import { PORTAL_CAPABILITIES } from '@wfm/core/principal';
import { clampedInt } from '../../../http/validation.js';
import { DeliveryDto, WebhookDto } from '../webhooks/webhooks.schemas.js';

/** Issue 32: one hour unless told, a week at most; a link is for a session of work, not a standing credential. */
export const PORTAL_LINK_DEFAULT_MINUTES = 60;
export const PORTAL_LINK_MAX_MINUTES = 7 * 24 * 60;
const MAX_FRAME_ORIGINS = 10;
/** Bounded so one call's UPDATE stays short; `remaining` says when another call has more to do. */
export const REPLAY_BATCH = 500;
const MAX_REPLAY_RANGE_DAYS = 31;

/**
 * An origin the portal page may be framed by: `https://host[:port]`, nothing after it. `http://`
 * only for localhost, where an integrator develops. Anything else (a path, a wildcard, a quote
 * that would break out of the CSP header) is refused here rather than written into a header.
 */
const FrameOrigin = z
  .string()
  .max(200)
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
    return (u.protocol === 'https:' || (u.protocol === 'http:' && local)) && u.origin === v && !u.username;
  }, 'must be an origin such as https://app.example.com (no path; http:// only for localhost)');

export const CreatePortalLinkBody = z.strictObject({
  expiresInMinutes: z.number().int().min(5).max(PORTAL_LINK_MAX_MINUTES).default(PORTAL_LINK_DEFAULT_MINUTES).meta({
    description: `Minutes until the link stops working: 5 to ${PORTAL_LINK_MAX_MINUTES} (7 days), ${PORTAL_LINK_DEFAULT_MINUTES} by default`,
  }),
  capabilities: z
    .array(z.enum(PORTAL_CAPABILITIES))
    .max(PORTAL_CAPABILITIES.length)
    .refine((c) => new Set(c).size === c.length, 'must not repeat a capability')
    .default([])
    .meta({ description: 'What the holder may do besides reading: `replay`, `test`, `rotate`. None (read-only) by default' }),
  frameOrigins: z
    .array(FrameOrigin)
    .max(MAX_FRAME_ORIGINS)
    .default([])
    .meta({ description: 'Origins allowed to show the portal page in an iframe (CSP frame-ancestors); none by default: it cannot be framed' }),
});
export type CreatePortalLinkBody = z.infer<typeof CreatePortalLinkBody>;

export const PortalLinkParams = z.object({ id: z.uuid(), linkId: z.uuid() });

const Timestamp = z.iso.datetime();

export const PortalLinkDto = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  tokenHint: z.string().meta({ description: 'The last 4 characters of the token, to tell links apart' }),
  capabilities: z.array(z.enum(PORTAL_CAPABILITIES)),
  frameOrigins: z.array(z.string()),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});
export type PortalLinkDto = z.infer<typeof PortalLinkDto>;

export const CreatedPortalLinkDto = PortalLinkDto.extend({
  token: z.string().meta({ description: 'The `wpt_…` token, shown only here; the portal API takes it as a Bearer token' }),
  url: z.string().meta({ description: 'The page to open or embed: `<app>/portal/<id>#<token>`; the token rides in the fragment, which no server or log sees' }),
});
export type CreatedPortalLinkDto = z.infer<typeof CreatedPortalLinkDto>;

export const PortalLinksDto = z.object({ links: z.array(PortalLinkDto).meta({ description: 'Links neither expired nor revoked, newest first' }) });
export const RevokedPortalLinkDto = z.object({ revoked: z.literal(true), id: z.uuid() });

/** The subscription as its portal shows it: never the secret, not even masked. */
export const PortalSubscriptionDto = z.object({
  subscription: WebhookDto.omit({ secret: true }),
  link: z.object({ capabilities: z.array(z.enum(PORTAL_CAPABILITIES)), expiresAt: Timestamp }),
});

const Instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Refinements of a range still run when a bound failed to parse (it is then still the raw value). */
function bothDates<T extends { from?: unknown; to?: unknown }>(r: T): r is T & { from: Date; to: Date } {
  return r.from instanceof Date && r.to instanceof Date;
}

export const PortalDeliveriesQuery = z
  .object({
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED', 'DEAD']).optional(),
    eventType: z.string().max(100).optional(),
    from: Instant.optional().meta({ description: 'Created at or after (ISO 8601)' }),
    to: Instant.optional().meta({ description: 'Created before (ISO 8601)' }),
    before: z.uuid().optional().meta({ description: "The previous page's `nextCursor`" }),
    limit: clampedInt(50, 1, 200),
  })
  .refine((q) => !bothDates(q) || q.from < q.to, { path: ['to'], message: 'must be after from' });
export type PortalDeliveriesQuery = z.infer<typeof PortalDeliveriesQuery>;

export const PortalDeliveriesDto = z.object({
  deliveries: z.array(DeliveryDto),
  count: z.number().int().meta({ description: 'Rows in this response' }),
  nextCursor: z.uuid().nullable().meta({ description: 'Pass as `before` for the next (older) page; null on the last page' }),
});

export const PortalDeliveryParams = z.object({ deliveryId: z.uuid() });

export const ReplayFailedBody = z
  .strictObject({ from: Instant, to: Instant })
  .refine((b) => !bothDates(b) || b.from < b.to, { path: ['to'], message: 'must be after from' })
  .refine((b) => !bothDates(b) || b.to.getTime() - b.from.getTime() <= MAX_REPLAY_RANGE_DAYS * 86_400_000, {
    path: ['to'],
    message: `must be at most ${MAX_REPLAY_RANGE_DAYS} days after from`,
  });

export const ReplayFailedDto = z.object({
  requeued: z.number().int().meta({ description: `DEAD deliveries created in [from, to) put back in the queue for one more attempt (at most ${REPLAY_BATCH} a call)` }),
  remaining: z.number().int().meta({ description: 'DEAD deliveries in the range this call left for another (beyond the batch, or in flight)' }),
});
