import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ApiKeysService } from './api-keys.service.js';
import { requireDeveloperApiTenant } from '../auth/developer-credentials.guard.js';
import { ApiKeyCreatedDto, ApiKeyDto, CreateApiKeyBody, CredentialIdParams, RevokedDto } from '../auth/developer-credentials.schemas.js';

const TAGS = ['developer credentials'];
const AUTH = { kind: 'user' } as const;
const E403_CREATE = { description: 'Role not allowed, plan without the developer API (ModuleNotEntitled), or the Public Developer API switched off' };

export function apiKeysRoutes(r: ApiRouter, keys: ApiKeysService): void {
  r.post(
    '/api-keys',
    {
      summary: 'Create a developer API key; the key is returned once',
      tags: TAGS,
      auth: AUTH,
      guards: [requireDeveloperApiTenant],
      body: CreateApiKeyBody,
      responses: { 201: { description: 'The key, shown only here', schema: ApiKeyCreatedDto }, 403: E403_CREATE },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(await keys.create({ tenantId: user.tenantId, userId: user.userId }, body));
    },
  );

  r.get(
    '/api-keys',
    {
      summary: "The tenant's developer API keys, revoked ones included, without secrets",
      tags: TAGS,
      auth: AUTH,
      responses: { 200: { description: 'Every key of the tenant, oldest first', schema: z.array(ApiKeyDto) } },
    },
    async ({ req }) => ok(await keys.list(currentUser(req).tenantId)),
  );

  r.delete(
    '/api-keys/:id',
    {
      summary: 'Revoke a developer API key; it fails from its next request on',
      tags: TAGS,
      auth: AUTH,
      params: CredentialIdParams,
      responses: {
        200: { description: 'Revoked (revoking again is harmless)', schema: RevokedDto },
        404: { description: 'No key with this id in the tenant' },
      },
    },
    async ({ req, params }) => ok(await keys.revoke(currentUser(req).tenantId, params.id)),
  );
}
