import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { UserOutletsService } from './user-outlets.service.js';
import { SetUserOutletsBody, UserIdParams, UserOutletsDto } from './user-outlets.schemas.js';
import { MANAGERS, PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['users'];

export function userOutletsRoutes(r: ApiRouter, userOutlets: UserOutletsService): void {
  r.get(
    '/users/:id/outlets',
    {
      summary: 'The outlets a user looks after (what an OUTLET_MANAGER sees of access control)',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: UserIdParams,
      responses: {
        200: { description: 'The assignment', schema: UserOutletsDto },
        404: { description: "No live user with this id in the tenant, or (OUTLET_MANAGER) not themselves and not at one of their outlets" },
      },
    },
    async ({ req, params }) => ok(await userOutlets.get(currentUser(req), params.id)),
  );

  r.put(
    '/users/:id/outlets',
    {
      summary: 'Replace the outlets a user looks after',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      body: SetUserOutletsBody,
      responses: {
        200: { description: 'The assignment', schema: UserOutletsDto },
        403: { description: "Role not allowed, or the user's role is not below the caller's (oneself aside)" },
        404: { description: 'No live user with this id in the tenant, or an outlet id is not one of the tenant (the message names it)' },
      },
    },
    async ({ req, params, body }) => ok(await userOutlets.set(currentUser(req), params.id, body.outletIds)),
  );
}
