import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { OAuthClientsService } from './oauth-clients.service.js';
import { requireDeveloperApiTenant } from '../auth/developer-credentials.guard.js';
import { CreateOAuthClientBody, CredentialIdParams, OAuthClientCreatedDto, OAuthClientDto, RevokedDto } from '../auth/developer-credentials.schemas.js';

const TAGS = ['developer credentials'];
const AUTH = { kind: 'user' } as const;
const E403_CREATE = { description: 'Role not allowed, plan without the developer API (ModuleNotEntitled), or the Public Developer API switched off' };

export function oauthClientsRoutes(r: ApiRouter, clients: OAuthClientsService): void {
  r.post(
    '/oauth-clients',
    {
      summary: 'Register an OAuth client-credentials client; the secret is returned once',
      tags: TAGS,
      auth: AUTH,
      guards: [requireDeveloperApiTenant],
      body: CreateOAuthClientBody,
      responses: { 201: { description: 'The client with its secret, shown only here', schema: OAuthClientCreatedDto }, 403: E403_CREATE },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(await clients.create({ tenantId: user.tenantId, userId: user.userId }, body));
    },
  );

  r.get(
    '/oauth-clients',
    {
      summary: "The tenant's OAuth clients, revoked ones included, without secrets",
      tags: TAGS,
      auth: AUTH,
      responses: { 200: { description: 'Every client of the tenant, oldest first', schema: z.array(OAuthClientDto) } },
    },
    async ({ req }) => ok(await clients.list(currentUser(req).tenantId)),
  );

  r.post(
    '/oauth-clients/:id/revoke',
    {
      summary: "Revoke an OAuth client: its tokens fail on their next use and it can no longer get new ones",
      tags: TAGS,
      auth: AUTH,
      params: CredentialIdParams,
      responses: {
        200: { description: 'Revoked (revoking again is harmless)', schema: RevokedDto },
        404: { description: 'No client with this id in the tenant' },
      },
    },
    async ({ req, params }) => ok(await clients.revoke(currentUser(req).tenantId, params.id)),
  );
}
