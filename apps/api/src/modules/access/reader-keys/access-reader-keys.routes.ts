import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessReaderKeysService } from './access-reader-keys.service.js';
import { CreateReaderKeyBody, ReaderKeyCreatedDto, ReaderKeyDto, ReaderKeyIdParams, ReaderKeyRevokedDto } from './access-reader-keys.schemas.js';
import { propagated } from '../feed/propagation.js';
import { ACCESS_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['access control'];
/** A management route: a signed-in user, on a plan with access control. */
const MANAGED = { tags: TAGS, auth: { kind: 'user', roles: ACCESS_ADMINS }, plan: 'accessControl' } as const;

export function accessReaderKeysRoutes(r: ApiRouter, keys: AccessReaderKeysService): void {
  r.get(
    '/access/api-keys',
    {
      summary: "The tenant's reader-bridge keys, revoked ones included, without secrets",
      ...MANAGED,
      responses: { 200: { description: 'Every key of the tenant, oldest first', schema: z.array(ReaderKeyDto) } },
    },
    async ({ req }) => ok(await keys.list(currentUser(req).tenantId)),
  );

  r.post(
    '/access/api-keys',
    {
      summary: 'Mint a reader-bridge key for POST /access/verify and /access/reader-heartbeat; the key is returned once',
      ...MANAGED,
      body: CreateReaderKeyBody,
      responses: { 201: { description: 'The key, shown only here', schema: ReaderKeyCreatedDto } },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return propagated(created, await keys.create({ tenantId: user.tenantId, userId: user.userId }, body));
    },
  );

  r.post(
    '/access/api-keys/:id/revoke',
    {
      summary: 'Revoke a reader-bridge key; cannot be undone',
      ...MANAGED,
      params: ReaderKeyIdParams,
      responses: {
        200: { description: 'Revoked (revoking again answers the first revocation)', schema: ReaderKeyRevokedDto },
        404: { description: 'No key with this id in the tenant' },
      },
    },
    async ({ req, params }) => propagated(ok, await keys.revoke(currentUser(req).tenantId, params.id)),
  );
}
