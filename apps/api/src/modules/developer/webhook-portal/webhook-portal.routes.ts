import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper, currentPortal, currentUser } from '../../../http/auth.guard.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';
import { requireWebhooksPlan } from '../webhooks/webhooks.guard.js';
import { DeliveryDto, RedeliveredDto, RotatedDto, TestResultDto, WebhookIdParams } from '../webhooks/webhooks.schemas.js';
import type { WebhookPortalService } from './webhook-portal.service.js';
import {
  CreatePortalLinkBody,
  CreatedPortalLinkDto,
  PortalDeliveriesDto,
  PortalDeliveriesQuery,
  PortalDeliveryParams,
  PortalLinkParams,
  PortalLinksDto,
  PortalSubscriptionDto,
  ReplayFailedBody,
  ReplayFailedDto,
  RevokedPortalLinkDto,
} from './webhook-portal.schemas.js';

const TAGS = ['webhooks'];
const PORTAL_TAGS = ['webhook portal'];
const E404 = { description: 'No such subscription in the tenant' };
const E404_LINK = { description: 'No such subscription in the tenant, or no such unrevoked link of it' };
const E403_PLAN = { description: 'Role or scope not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`)' };
const P403_PLAN = { description: 'The capability is missing from the link, or the plan no longer includes webhooks' };

/**
 * Issue 32: links to a subscription's embeddable portal, made by whoever manages the subscription
 * (the same roles and scopes as its other routes), and the portal API the link's token opens.
 */
export function webhookPortalRoutes(r: ApiRouter, portal: WebhookPortalService): void {
  const admin = { kind: 'user', roles: TENANT_ADMINS } as const;
  const userActor = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.userId };
  };
  const developerActor = (req: Parameters<typeof currentDeveloper>[0]) => ({ tenantId: currentDeveloper(req).tenantId, userId: null });

  for (const [prefix, write, read, actor] of [
    ['', admin, admin, userActor],
    ['/public', { kind: 'developer', scope: 'webhooks:write' }, { kind: 'developer', scope: 'webhooks:read' }, developerActor],
  ] as const) {
    r.post(
      `${prefix}/webhooks/:id/portal-links`,
      {
        summary: "Make a link to the subscription's portal; its token is shown only here",
        tags: prefix ? ['developer API'] : TAGS,
        auth: write,
        guards: [requireWebhooksPlan],
        params: WebhookIdParams,
        body: CreatePortalLinkBody,
        responses: { 201: { description: 'The link, its token and the URL to open or embed', schema: CreatedPortalLinkDto }, 403: E403_PLAN, 404: E404 },
      },
      async ({ req, params, body }) => created(await portal.createLink(actor(req), params.id, body)),
    );

    r.get(
      `${prefix}/webhooks/:id/portal-links`,
      {
        summary: "The subscription's portal links that still work (neither expired nor revoked), without their tokens",
        tags: prefix ? ['developer API'] : TAGS,
        auth: read,
        params: WebhookIdParams,
        responses: { 200: { description: 'The active links', schema: PortalLinksDto }, 404: E404 },
      },
      async ({ req, params }) => ok(await portal.links(actor(req).tenantId, params.id)),
    );

    r.delete(
      `${prefix}/webhooks/:id/portal-links/:linkId`,
      {
        summary: 'Revoke a portal link: its token stops working at once',
        tags: prefix ? ['developer API'] : TAGS,
        auth: write,
        params: PortalLinkParams,
        responses: { 200: { description: 'Revoked', schema: RevokedPortalLinkDto }, 404: E404_LINK },
      },
      async ({ req, params }) => ok(await portal.revoke(actor(req).tenantId, params.id, params.linkId)),
    );
  }

  r.get(
    '/webhook-portal/subscription',
    {
      summary: "The link's subscription (never its secret) and what the link may do",
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'read' },
      responses: { 200: { description: 'The subscription', schema: PortalSubscriptionDto } },
    },
    async ({ req }) => ok(await portal.subscription(currentPortal(req))),
  );

  r.get(
    '/webhook-portal/deliveries',
    {
      summary: "The subscription's deliveries, newest first, by status, event type and creation time, page by page",
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'read' },
      query: PortalDeliveriesQuery,
      responses: { 200: { description: 'One page', schema: PortalDeliveriesDto } },
    },
    async ({ req, query }) => ok(await portal.deliveries(currentPortal(req), query)),
  );

  r.get(
    '/webhook-portal/deliveries/:deliveryId',
    {
      summary: 'One delivery with its payload, attempts and last response',
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'read' },
      params: PortalDeliveryParams,
      responses: { 200: { description: 'The delivery', schema: DeliveryDto }, 404: { description: 'No such delivery of this subscription' } },
    },
    async ({ req, params }) => ok(await portal.delivery(currentPortal(req), params.deliveryId)),
  );

  // Before /deliveries/:deliveryId/replay: "replay-failed" is not a delivery id.
  r.post(
    '/webhook-portal/deliveries/replay-failed',
    {
      summary: 'Queue every DEAD delivery created in [from, to) for one more attempt; a delivery already queued is not queued twice',
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'replay' },
      guards: [requireWebhooksPlan],
      body: ReplayFailedBody,
      responses: { 201: { description: 'How many were queued, and how many are left for another call', schema: ReplayFailedDto }, 403: P403_PLAN },
    },
    async ({ req, body }) => created(await portal.replayDead(currentPortal(req), body)),
  );

  r.post(
    '/webhook-portal/deliveries/:deliveryId/replay',
    {
      summary: 'Send one delivery again now, as POST /webhooks/deliveries/:deliveryId/redeliver does',
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'replay' },
      guards: [requireWebhooksPlan],
      params: PortalDeliveryParams,
      responses: {
        201: { description: 'The outcome of the attempt', schema: RedeliveredDto },
        403: P403_PLAN,
        404: { description: 'No such delivery of this subscription' },
      },
    },
    async ({ req, params }) => created(await portal.replay(currentPortal(req), params.deliveryId)),
  );

  r.post(
    '/webhook-portal/test',
    {
      summary: 'Send one webhook.test event now, as POST /webhooks/:id/test does',
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'test' },
      guards: [requireWebhooksPlan],
      responses: {
        201: { description: 'What the receiver answered; a failing receiver is still 201 with ok false', schema: TestResultDto },
        403: P403_PLAN,
        422: { description: 'The url failed the egress check' },
      },
    },
    async ({ req }) => created(await portal.test(currentPortal(req))),
  );

  r.post(
    '/webhook-portal/rotate',
    {
      summary: 'Issue a new signing secret, shown once; the old one stops verifying at once (spec 03)',
      tags: PORTAL_TAGS,
      auth: { kind: 'portal', capability: 'rotate' },
      guards: [requireWebhooksPlan],
      responses: { 201: { description: 'The new full secret', schema: RotatedDto }, 403: P403_PLAN },
    },
    async ({ req }) => created(await portal.rotate(currentPortal(req))),
  );
}
