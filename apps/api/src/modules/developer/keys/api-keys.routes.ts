import { z } from 'zod';
import type { ApiRouter } from '../../../http/api-router.js';
import type { ApiKeysService } from './api-keys.service.js';
import { developerCredentialRoutes } from '../auth/developer-credentials.routes.js';
import { ApiKeyCreatedDto, ApiKeyDto, CreateApiKeyBody } from '../auth/developer-credentials.schemas.js';

export function apiKeysRoutes(r: ApiRouter, keys: ApiKeysService): void {
  developerCredentialRoutes(
    r,
    {
      path: '/api-keys',
      create: {
        summary: 'Create a developer API key; the key is returned once',
        body: CreateApiKeyBody,
        created: { description: 'The key, shown only here', schema: ApiKeyCreatedDto },
      },
      list: {
        summary: "The tenant's developer API keys, revoked ones included, without secrets",
        listed: { description: 'Every key of the tenant, oldest first', schema: z.array(ApiKeyDto) },
      },
      revoke: {
        method: 'delete',
        path: '/api-keys/:id',
        summary: 'Revoke a developer API key; it fails from its next request on',
        notFound: 'No key with this id in the tenant',
      },
    },
    keys,
  );
}
