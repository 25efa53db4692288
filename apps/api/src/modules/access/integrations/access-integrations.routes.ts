import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessIntegrationsService } from './access-integrations.service.js';
import type { IntegrationWebhooksService } from './integration-webhooks.service.js';
import {
  ConnectionCheckDto,
  CreateIntegrationBody,
  CreatedIntegrationDto,
  DeletedIntegrationDto,
  DoorDto,
  DoorParams,
  IntegrationDto,
  IntegrationIdParams,
  MapDoorBody,
  SyncResultDto,
  UpdateIntegrationBody,
  WebhookParams,
  WebhookReceiptDto,
} from './access-integrations.schemas.js';
import { ACCESS_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['access control'];
/** A management route: a signed-in user, on a plan with access control. */
const MANAGED = { tags: TAGS, auth: { kind: 'user', roles: ACCESS_ADMINS }, plan: 'accessControl' } as const;
const E402 = { description: 'The plan does not include access control (FREE, BASIC)' };
const E404 = { description: 'No integration with this id in the tenant' };
const E422 = {
  description: 'A provider address failed the egress check (not https, does not resolve, or reaches a private, loopback, link-local or cloud-metadata address); nothing was sent',
};

export function accessIntegrationsRoutes(r: ApiRouter, integrations: AccessIntegrationsService, webhooks: IntegrationWebhooksService): void {
  r.get(
    '/access/integrations',
    {
      summary: "The tenant's external reader integrations, oldest first; secrets masked",
      ...MANAGED,
      responses: { 200: { description: 'Every integration of the tenant', schema: z.array(IntegrationDto) } },
    },
    async ({ req }) => ok(await integrations.list(currentUser(req).tenantId)),
  );

  r.post(
    '/access/integrations',
    {
      summary: 'Connect a provider; the webhook secret is returned once',
      ...MANAGED,
      body: CreateIntegrationBody,
      responses: {
        201: { description: 'The integration, with its webhook secret shown only here', schema: CreatedIntegrationDto },
        422: E422,
      },
    },
    async ({ req, body }) => created(await integrations.create(currentUser(req).tenantId, body)),
  );

  r.patch(
    '/access/integrations/:id',
    {
      summary: "Rename an integration or replace its config (masked secrets keep their stored values)",
      ...MANAGED,
      params: IntegrationIdParams,
      body: UpdateIntegrationBody,
      responses: { 200: { description: 'The updated integration', schema: IntegrationDto }, 404: E404, 422: E422 },
    },
    async ({ req, params, body }) => ok(await integrations.update(currentUser(req).tenantId, params.id, body)),
  );

  r.delete(
    '/access/integrations/:id',
    {
      summary: 'Remove an integration and its discovered doors',
      ...MANAGED,
      params: IntegrationIdParams,
      responses: { 200: { description: 'Removed', schema: DeletedIntegrationDto }, 404: E404 },
    },
    async ({ req, params }) => ok(await integrations.remove(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/access/integrations/:id/test-connection',
    {
      summary: "Check the stored credentials against the provider's API",
      ...MANAGED,
      params: IntegrationIdParams,
      responses: {
        200: { description: 'The outcome; a provider failure is `ok: false` with the reason, also kept as lastError', schema: ConnectionCheckDto },
        404: E404,
        422: { description: `${E422.description}; also kept as lastError` },
      },
    },
    async ({ req, params }) => ok(await integrations.testConnection(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/access/integrations/:id/sync-doors',
    {
      summary: "Pull the provider's door list: new doors are added, renamed ones updated, unlisted ones removed; zone mappings are kept",
      ...MANAGED,
      params: IntegrationIdParams,
      responses: {
        200: { description: 'The doors after the sync and what changed', schema: SyncResultDto },
        404: E404,
        422: { description: `${E422.description}; also kept as lastError` },
        502: { description: 'The provider failed or refused; the reason is in `message` and kept as lastError' },
      },
    },
    async ({ req, params }) => ok(await integrations.syncDoors(currentUser(req).tenantId, params.id)),
  );

  r.get(
    '/access/integrations/:id/doors',
    {
      summary: 'The doors discovered by the last sync, by name, with their zone mapping',
      ...MANAGED,
      params: IntegrationIdParams,
      responses: { 200: { description: 'Every door of the integration', schema: z.array(DoorDto) }, 404: E404 },
    },
    async ({ req, params }) => ok(await integrations.doors(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/access/integrations/:id/doors/:doorId/map',
    {
      summary: 'Map an external door to a zone (`zoneId: null` unmaps it); provider events of mapped doors are audited in that zone',
      ...MANAGED,
      params: DoorParams,
      body: MapDoorBody,
      responses: {
        200: { description: 'The door', schema: DoorDto },
        404: { description: 'No such integration, door of it, or live zone in the tenant' },
      },
    },
    async ({ req, params, body }) => ok(await integrations.mapDoor(currentUser(req).tenantId, params.id, params.doorId, body.zoneId)),
  );

  r.post(
    '/access/webhooks/:integrationId',
    {
      summary:
        "Inbound provider events. `X-Signature`: hex HMAC-SHA256 of the raw body keyed by the integration's webhook secret. " +
        'Events of doors mapped to a zone become audit rows (source INTEGRATION:<PROVIDER>); everything else is dropped',
      tags: TAGS,
      auth: { kind: 'none' },
      params: WebhookParams,
      responses: {
        200: { description: 'Signed and accepted, also when every event was dropped', schema: WebhookReceiptDto },
        401: { description: 'Missing or wrong signature, or no such integration (not told apart)' },
        402: E402,
      },
    },
    async ({ req, params }) =>
      ok(await webhooks.receive(params.integrationId, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('x-signature'))),
  );
}
