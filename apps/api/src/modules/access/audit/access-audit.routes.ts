import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessAuditService } from './access-audit.service.js';
import { AuditRowDto, ListAuditQuery, WhoWhereQuery, WhoWhereRowDto } from './access-audit.schemas.js';
import { ACCESS_ADMINS, ACCESS_READERS } from '@wfm/core/role-sets';

const TAGS = ['access'];
/** A management route: on a plan with access control (its roles are its own). */
const MANAGED = { tags: TAGS, plan: 'accessControl' } as const;

export function accessAuditRoutes(r: ApiRouter, audit: AccessAuditService): void {
  r.get(
    '/access/audit',
    {
      summary: 'Door events, newest first, no paging (narrow with from and to); an OUTLET_MANAGER sees the zones of their outlets only',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_READERS },
      query: ListAuditQuery,
      responses: {
        200: { description: 'A bare array of audit rows', schema: z.array(AuditRowDto) },
        400: { description: 'Validation failure, or to before from' },
      },
    },
    async ({ req, query }) => ok(await audit.list(currentUser(req), query)),
  );

  r.get(
    '/access/reports/who-where',
    {
      summary: "Who entered which zone on which local day (tenant's timezone): first and last GRANTED tap per user, zone and day",
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_ADMINS },
      query: WhoWhereQuery,
      responses: {
        200: { description: 'One row per (day, user, zone) with at least one GRANTED tap, by day, user name, zone name', schema: z.array(WhoWhereRowDto) },
        400: { description: 'Validation failure, to before from, or more than 92 days' },
      },
    },
    async ({ req, query }) => ok(await audit.whoWhere(currentUser(req), query)),
  );
}
