import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper, currentUser } from '../../../http/auth.guard.js';
import { requireWebhooksPlan } from './webhooks.guard.js';
import type { WebhooksService } from './webhooks.service.js';
import {
  CatalogPage,
  CatalogQuery,
  CreateWebhookBody,
  DeadCountDto,
  DeletedDto,
  DeliveriesDto,
  DeliveriesQuery,
  DeliveryIdParams,
  PublicWebhooksPage,
  PublicWebhooksQuery,
  RedeliveredDto,
  RotatedDto,
  TestResultDto,
  UpdateWebhookBody,
  WebhookDto,
  WebhookEventsDto,
  WebhookIdParams,
} from './webhooks.schemas.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['webhooks'];
const AUTH = { kind: 'user', roles: TENANT_ADMINS } as const;
const E403_PLAN = { description: 'Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`)' };
const E404 = { description: 'No such subscription in the tenant' };
const E422 = { description: 'The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address)' };

const PUBLIC_TAGS = ['developer API'];
const P400 = { description: 'Validation failure, or an undeclared query parameter' };
const P401 = { description: 'No valid developer API key or OAuth access token' };
const P403 = { description: 'Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing' };

/**
 * Spec 03's management routes (user JWT) and their /public variants (developer credentials).
 * Both call the same service methods; the routes only parse and respond.
 */
export function webhooksRoutes(r: ApiRouter, webhooks: WebhooksService): void {
  r.get(
    '/webhooks',
    {
      summary: "The tenant's webhook subscriptions, newest first, secrets masked",
      tags: TAGS,
      auth: AUTH,
      responses: { 200: { description: 'Every subscription of the tenant', schema: z.array(WebhookDto) } },
    },
    async ({ req }) => ok(await webhooks.list(currentUser(req).tenantId)),
  );

  r.get(
    '/webhooks/events',
    {
      summary: 'Every event code a subscription may list',
      tags: TAGS,
      auth: AUTH,
      responses: { 200: { description: 'The 20 codes, in catalog order', schema: WebhookEventsDto } },
    },
    async () => ok(webhooks.events()),
  );

  // Before /webhooks/:id/…: "deliveries" is not a subscription id.
  r.get(
    '/webhooks/deliveries/dead-count',
    {
      summary: "Count of DEAD deliveries across the tenant's subscriptions",
      tags: TAGS,
      auth: AUTH,
      responses: { 200: { description: 'The count', schema: DeadCountDto } },
    },
    async ({ req }) => ok(await webhooks.deadCount(currentUser(req).tenantId)),
  );

  r.post(
    '/webhooks/deliveries/:deliveryId/redeliver',
    {
      summary: 'Send one delivery again now, whatever its status; its attempt count is not reset',
      tags: TAGS,
      auth: AUTH,
      guards: [requireWebhooksPlan],
      params: DeliveryIdParams,
      responses: {
        201: { description: 'The outcome of the attempt', schema: RedeliveredDto },
        403: E403_PLAN,
        404: { description: 'No such delivery in the tenant' },
      },
    },
    async ({ req, params }) => created(await webhooks.redeliver(currentUser(req).tenantId, params.deliveryId)),
  );

  r.post(
    '/webhooks',
    {
      summary: 'Create a subscription; its signing secret is returned in full only here and on rotate',
      tags: TAGS,
      auth: AUTH,
      guards: [requireWebhooksPlan],
      body: CreateWebhookBody,
      responses: {
        201: { description: 'The subscription with its full secret', schema: WebhookDto },
        403: E403_PLAN,
        409: { description: 'The tenant already has the maximum of 50 subscriptions' },
        422: E422,
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(await webhooks.create({ tenantId: user.tenantId, userId: user.userId }, body));
    },
  );

  r.patch(
    '/webhooks/:id',
    {
      summary: 'Change name, url, events or active; `active: true` also resets failureCount',
      tags: TAGS,
      auth: AUTH,
      guards: [requireWebhooksPlan],
      params: WebhookIdParams,
      body: UpdateWebhookBody,
      responses: { 200: { description: 'The subscription, secret masked', schema: WebhookDto }, 403: E403_PLAN, 404: E404, 422: E422 },
    },
    async ({ req, params, body }) => ok(await webhooks.update(currentUser(req).tenantId, params.id, body)),
  );

  r.delete(
    '/webhooks/:id',
    {
      summary: 'Delete a subscription with its delivery log',
      tags: TAGS,
      auth: AUTH,
      params: WebhookIdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedDto }, 404: E404 },
    },
    async ({ req, params }) => ok(await webhooks.remove(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/webhooks/:id/rotate',
    {
      summary: 'Issue a new signing secret; the old one stops verifying at once',
      tags: TAGS,
      auth: AUTH,
      guards: [requireWebhooksPlan],
      params: WebhookIdParams,
      responses: { 201: { description: 'The new full secret', schema: RotatedDto }, 403: E403_PLAN, 404: E404 },
    },
    async ({ req, params }) => created(await webhooks.rotate(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/webhooks/:id/test',
    {
      summary: 'Send one webhook.test event now, whatever the event list; not retried, not logged, counts toward auto-disable',
      tags: TAGS,
      auth: AUTH,
      guards: [requireWebhooksPlan],
      params: WebhookIdParams,
      responses: {
        201: { description: 'What the receiver answered; a failing receiver is still 201 with ok false', schema: TestResultDto },
        403: E403_PLAN,
        404: E404,
        422: E422,
      },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      return created(await webhooks.test(user.tenantId, params.id, user.userId));
    },
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      summary: 'The delivery log of a subscription, newest first; no paging',
      tags: TAGS,
      auth: AUTH,
      params: WebhookIdParams,
      query: DeliveriesQuery,
      responses: { 200: { description: 'The newest `limit` deliveries', schema: DeliveriesDto }, 404: E404 },
    },
    async ({ req, params, query }) => ok(await webhooks.deliveryLog(currentUser(req).tenantId, params.id, query)),
  );

  r.get(
    '/public/webhooks',
    {
      summary: 'List webhook subscriptions, newest first; secrets are masked',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'webhooks:read' },
      query: PublicWebhooksQuery,
      responses: { 200: { description: 'One page of subscriptions', schema: PublicWebhooksPage }, 400: P400, 401: P401, 403: P403 },
    },
    async ({ req, query }) => ok(await webhooks.page(currentDeveloper(req).tenantId, query)),
  );

  r.post(
    '/public/webhooks',
    {
      summary: 'Create a subscription; the signing secret is returned once',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'webhooks:write' },
      guards: [requireWebhooksPlan],
      body: CreateWebhookBody,
      responses: {
        201: { description: 'The subscription with its full secret', schema: WebhookDto },
        400: P400,
        401: P401,
        403: P403,
        409: { description: 'The tenant already has the maximum of 50 subscriptions' },
        422: E422,
      },
    },
    async ({ req, body }) => created(await webhooks.create({ tenantId: currentDeveloper(req).tenantId, userId: null }, body)),
  );

  r.patch(
    '/public/webhooks/:id',
    {
      summary: 'Change name, url, events or active; `active: true` also resets failureCount',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'webhooks:write' },
      guards: [requireWebhooksPlan],
      params: WebhookIdParams,
      body: UpdateWebhookBody,
      responses: { 200: { description: 'The subscription, secret masked', schema: WebhookDto }, 400: P400, 401: P401, 403: P403, 404: E404, 422: E422 },
    },
    async ({ req, params, body }) => ok(await webhooks.update(currentDeveloper(req).tenantId, params.id, body)),
  );

  r.delete(
    '/public/webhooks/:id',
    {
      summary: 'Revoke (delete) a subscription with its delivery log',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'webhooks:write' },
      params: WebhookIdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedDto }, 400: P400, 401: P401, 403: P403, 404: E404 },
    },
    async ({ req, params }) => ok(await webhooks.remove(currentDeveloper(req).tenantId, params.id)),
  );

  r.post(
    '/public/webhooks/:id/rotate',
    {
      summary: 'Issue a new signing secret; the old one stops working at once',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'webhooks:write' },
      guards: [requireWebhooksPlan],
      params: WebhookIdParams,
      responses: { 201: { description: 'The new full secret', schema: RotatedDto }, 400: P400, 401: P401, 403: P403, 404: E404 },
    },
    async ({ req, params }) => created(await webhooks.rotate(currentDeveloper(req).tenantId, params.id)),
  );

  r.get(
    '/public/webhook-catalog',
    {
      summary: 'Every webhook event with when it fires and a sample payload',
      tags: PUBLIC_TAGS,
      auth: { kind: 'developer', scope: 'any' },
      query: CatalogQuery,
      responses: { 200: { description: 'One page of the catalog, in catalog order', schema: CatalogPage }, 400: P400, 401: P401, 403: P403 },
    },
    async ({ req, query }) => ok(await webhooks.catalog(currentDeveloper(req).tenantId, query)),
  );
}
