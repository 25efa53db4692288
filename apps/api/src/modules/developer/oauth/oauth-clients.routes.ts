import { z } from 'zod';
import type { ApiRouter } from '../../../http/api-router.js';
import type { OAuthClientsService } from './oauth-clients.service.js';
import { developerCredentialRoutes } from '../auth/developer-credentials.routes.js';
import { CreateOAuthClientBody, OAuthClientCreatedDto, OAuthClientDto } from '../auth/developer-credentials.schemas.js';

export function oauthClientsRoutes(r: ApiRouter, clients: OAuthClientsService): void {
  developerCredentialRoutes(
    r,
    {
      path: '/oauth-clients',
      create: {
        summary: 'Register an OAuth client-credentials client; the secret is returned once',
        body: CreateOAuthClientBody,
        created: { description: 'The client with its secret, shown only here', schema: OAuthClientCreatedDto },
      },
      list: {
        summary: "The tenant's OAuth clients, revoked ones included, without secrets",
        listed: { description: 'Every client of the tenant, oldest first', schema: z.array(OAuthClientDto) },
      },
      revoke: {
        method: 'post',
        path: '/oauth-clients/:id/revoke',
        summary: 'Revoke an OAuth client: its tokens fail on their next use and it can no longer get new ones',
        notFound: 'No client with this id in the tenant',
      },
    },
    clients,
  );
}
