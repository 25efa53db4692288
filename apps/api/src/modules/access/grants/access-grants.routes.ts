import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessGrantsService } from './access-grants.service.js';
import {
  BulkGrantsBody,
  BulkGrantsDto,
  CreateGrantBody,
  DeletedGrantDto,
  GrantDto,
  GrantIdParams,
  ListGrantsQuery,
  RevokeGrantBody,
  UserIdParams,
} from './access-grants.schemas.js';
import { propagated } from '../feed/propagation.js';
import { ACCESS_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['access'];
/** A management route: a signed-in user, on a plan with access control. */
const MANAGED = { tags: TAGS, auth: { kind: 'user', roles: ACCESS_ADMINS }, plan: 'accessControl' } as const;
const E404 = { description: 'No such user grant in the tenant (visitor grants are managed through their visitor pass)' };

export function accessGrantsRoutes(r: ApiRouter, grants: AccessGrantsService): void {
  r.get(
    '/access/grants',
    {
      summary: 'List user grants, newest first; filters userId, zoneId, status',
      ...MANAGED,
      query: ListGrantsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(GrantDto) } },
    },
    async ({ req, query }) => ok(await grants.list(currentUser(req), query)),
  );

  r.get(
    '/access/users/:userId/grants',
    {
      summary: "Every grant a user holds or held, newest first",
      ...MANAGED,
      params: UserIdParams,
      responses: {
        200: { description: 'A bare array', schema: z.array(GrantDto) },
        404: { description: 'No live user with this id in the tenant' },
      },
    },
    async ({ req, params }) => ok(await grants.listForUser(currentUser(req), params.userId)),
  );

  r.post(
    '/access/grants',
    {
      summary: 'Grant a user access to a zone',
      ...MANAGED,
      body: CreateGrantBody,
      responses: {
        201: { description: 'The grant', schema: GrantDto },
        400: { description: 'Validation failure, or expiresAt not in the future' },
        404: { description: 'No live user or zone with this id in the tenant' },
        409: { description: 'The user already has an active grant for this zone' },
      },
    },
    async ({ req, body }) => propagated(created, await grants.create(currentUser(req), body)),
  );

  r.post(
    '/access/grants/bulk',
    {
      summary: 'Grant every listed user every listed zone, all or none; pairs with an active grant are skipped',
      ...MANAGED,
      body: BulkGrantsBody,
      responses: {
        201: { description: 'What was created and how many pairs were skipped', schema: BulkGrantsDto },
        400: { description: 'Validation failure (at most 500 users, 200 zones, 10000 pairs), or expiresAt not in the future' },
        404: { description: 'A user or zone is not a live one of the tenant; the message names it' },
        409: { description: 'A concurrent request granted one of the pairs first' },
      },
    },
    async ({ req, body }) => propagated(created, await grants.bulk(currentUser(req), body)),
  );

  r.post(
    '/access/grants/:id/revoke',
    {
      summary: 'Revoke an active grant now (soft); writes a REVOKED audit row. The body is optional',
      ...MANAGED,
      params: GrantIdParams,
      body: RevokeGrantBody,
      responses: {
        200: { description: 'The grant, now REVOKED', schema: GrantDto },
        404: E404,
        409: { description: 'The grant is not ACTIVE (already REVOKED or EXPIRED)' },
      },
    },
    async ({ req, params, body }) => propagated(ok, await grants.revoke(currentUser(req), params.id, body.reason ?? null)),
  );

  r.delete(
    '/access/grants/:id',
    {
      summary: 'Delete a grant row for good; an active grant is revoked first (REVOKED audit row)',
      ...MANAGED,
      params: GrantIdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedGrantDto }, 404: E404 },
    },
    async ({ req, params }) => propagated(ok, await grants.remove(currentUser(req), params.id)),
  );
}
