import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessVisitorsService } from './access-visitors.service.js';
import { CreateVisitorBody, InviteCodeParams, VisitorCredentialDto, VisitorPassCreatedDto, VisitorPassDto, VisitorPassRevokedDto } from './access-visitors.schemas.js';
import { propagated } from '../feed/propagation.js';
import { ACCESS_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['access control'];
/** A management route: a signed-in user, on a plan with access control. */
const MANAGED = { tags: TAGS, auth: { kind: 'user', roles: ACCESS_ADMINS }, plan: 'accessControl' } as const;

export function accessVisitorsRoutes(r: ApiRouter, visitors: AccessVisitorsService): void {
  r.get(
    '/access/visitors',
    {
      summary: 'Active visitor passes (neither revoked nor expired), newest first',
      ...MANAGED,
      responses: { 200: { description: 'Passes with their grants; invite codes are never shown again', schema: z.array(VisitorPassDto) } },
    },
    async ({ req }) => ok(await visitors.list(currentUser(req).tenantId)),
  );

  r.post(
    '/access/visitors',
    {
      summary: 'Create a visitor pass: one grant per zone, until expiresAt; the magic link is sent by email and messaging when given',
      ...MANAGED,
      body: CreateVisitorBody,
      responses: {
        201: { description: 'The pass; the invite code is shown only here', schema: VisitorPassCreatedDto },
        404: { description: 'A zone is not a live zone of the tenant' },
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return propagated(created, await visitors.create({ tenantId: user.tenantId, userId: user.userId, timezone: user.tenant.timezone }, body));
    },
  );

  r.delete(
    '/access/visitors/:inviteCode',
    {
      summary: 'Revoke a visitor pass and its grants (a REVOKED audit row per grant); the path takes the invite code or the pass id',
      ...MANAGED,
      params: InviteCodeParams,
      responses: {
        200: { description: 'Revoked', schema: VisitorPassRevokedDto },
        404: { description: 'No unrevoked pass of the tenant with this code or id' },
      },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      return propagated(ok, await visitors.revoke({ tenantId: user.tenantId, userId: user.userId }, params.inviteCode));
    },
  );

  r.post(
    '/access/visitors/:inviteCode/redeem',
    {
      summary: 'Visitor self-redeem via the magic link: mints a credential for the pass’s zones; public, 5 per 5 minutes per IP',
      tags: TAGS,
      auth: { kind: 'none' },
      params: InviteCodeParams,
      responses: {
        201: { description: 'A visitor credential; redeeming again mints another', schema: VisitorCredentialDto },
        402: { description: 'The plan of the tenant that issued the invite does not include access control' },
        404: { description: '`Invite not found or expired`: unknown, revoked or expired code alike' },
        429: { description: 'More than 5 redemptions from this address in 5 minutes' },
      },
    },
    async ({ params }) => propagated(created, await visitors.redeem(params.inviteCode)),
  );
}
