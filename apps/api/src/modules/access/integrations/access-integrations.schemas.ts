import { z } from 'zod';
import { MASKED } from './provider-adapter.js';
import { PROVIDERS } from './providers.js';

const CONFIG_DESCRIPTION = [
  'Provider-specific settings, validated for the provider (`baseUrl` and `authUrl` must be https and pass the egress check: public addresses only):',
  'BRIVO `{baseUrl?, authUrl?, apiKey, clientId, clientSecret, username, password}`;',
  'KISI `{baseUrl?, apiKey, placeId?}`;',
  'OPENPATH `{baseUrl?, orgId, email, password}`;',
  'VERKADA `{baseUrl?, apiKey, siteId?}`.',
  `In a PATCH, a secret field given as \`${MASKED}\` keeps its stored value as long as the provider addresses (baseUrl, authUrl) are unchanged.`,
].join(' ');

const Config = z.looseObject({}).meta({ description: CONFIG_DESCRIPTION });
const DisplayName = z.string().trim().min(1).max(120);

export const CreateIntegrationBody = z.strictObject({
  provider: z.enum(PROVIDERS),
  displayName: DisplayName,
  config: Config,
});
export type CreateIntegrationBody = z.infer<typeof CreateIntegrationBody>;

/** `config` replaces the stored one whole. */
export const UpdateIntegrationBody = z
  .strictObject({ displayName: DisplayName.optional(), config: Config.optional() })
  .refine((b) => b.displayName !== undefined || b.config !== undefined, 'must contain at least one of: displayName, config');
export type UpdateIntegrationBody = z.infer<typeof UpdateIntegrationBody>;

export const IntegrationIdParams = z.object({ id: z.uuid() });
export const DoorParams = z.object({ id: z.uuid(), doorId: z.uuid() });

/** `null` unmaps the door. */
export const MapDoorBody = z.strictObject({ zoneId: z.uuid().nullable() });

/** Not validated as a UUID: a malformed id gets the same 401 as an unknown one. */
export const WebhookParams = z.object({ integrationId: z.string() });

export const IntegrationDto = z.object({
  id: z.uuid(),
  provider: z.enum(PROVIDERS),
  displayName: z.string(),
  status: z.enum(['PENDING', 'CONNECTED', 'ERROR']).meta({
    description: 'PENDING until the first provider call after creation or a config change; then CONNECTED or ERROR by the last test-connection or sync-doors',
  }),
  lastSyncAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  config: z.record(z.string(), z.unknown()).meta({ description: `The stored config with every secret field shown as \`${MASKED}\`` }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  webhookUrl: z.url().meta({ description: 'Where the provider posts its events (POST /access/webhooks/:integrationId)' }),
});
export type IntegrationDto = z.infer<typeof IntegrationDto>;

export const CreatedIntegrationDto = IntegrationDto.extend({
  webhookSecret: z.string().meta({ description: 'Key of the X-Signature HMAC; returned only in this response' }),
});
export type CreatedIntegrationDto = z.infer<typeof CreatedIntegrationDto>;

export const DeletedIntegrationDto = z.object({ deleted: z.literal(true), id: z.uuid() });

export const ConnectionCheckDto = z.object({ ok: z.boolean(), message: z.string() });

export const DoorDto = z.object({
  id: z.uuid(),
  externalId: z.string(),
  name: z.string(),
  zoneId: z.uuid().nullable(),
  zone: z.object({ id: z.uuid(), name: z.string() }).nullable().meta({ description: 'Null when unmapped or when the mapped zone has been deleted' }),
  discoveredAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DoorDto = z.infer<typeof DoorDto>;

export const SyncResultDto = z.object({
  doors: z.array(DoorDto),
  added: z.number().int(),
  updated: z.number().int().meta({ description: 'Known doors whose name changed' }),
  removed: z.number().int().meta({ description: 'Doors the provider no longer lists; deleted with their zone mapping' }),
});
export type SyncResultDto = z.infer<typeof SyncResultDto>;

export const WebhookReceiptDto = z.object({
  received: z.literal(true),
  recorded: z.number().int().meta({ description: 'Audit rows written; events of unmapped doors, unknown events and redeliveries are dropped' }),
});
export type WebhookReceiptDto = z.infer<typeof WebhookReceiptDto>;
