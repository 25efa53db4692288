import { EVERY_ROLE, TENANT_ADMINS } from '@wfm/core/role-sets';
import { envelope } from '@wfm/core/pagination';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { PlansService } from './plans.service.js';
import { PlanRequestBody, PlanRequestDto, PlanRequestListDto, PlanRequestListQuery, TenantPlanDto } from './plans.schemas.js';

export function plansRoutes(r: ApiRouter, plans: PlansService): void {
  r.get(
    '/tenant/plan',
    {
      summary: "The tenant's plan, what every plan includes, and the upgrade request waiting for the operator",
      tags: ['tenant'],
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'The plan', schema: TenantPlanDto } },
    },
    async ({ req }) => {
      const user = currentUser(req);
      return ok(await plans.get(user.tenantId, user.tenant.plan));
    },
  );

  r.post(
    '/tenant/plan-requests',
    {
      summary: 'Ask the platform operator for a higher plan (one request waits at a time)',
      tags: ['tenant'],
      auth: { kind: 'user', roles: TENANT_ADMINS },
      body: PlanRequestBody,
      responses: {
        201: { description: 'Received: stored, and mailed to the operator', schema: PlanRequestDto },
        409: { description: 'A request is already waiting for the operator' },
        422: { description: 'The plan asked for is not higher than the current one' },
      },
    },
    async ({ req, body }) => created(await plans.request(currentUser(req), body)),
  );

  r.get(
    '/platform/plan-requests',
    {
      summary: "The tenants' upgrade requests, newest first",
      tags: ['platform-operator'],
      auth: { kind: 'platform' },
      query: PlanRequestListQuery,
      responses: { 200: { description: 'A page of requests', schema: PlanRequestListDto } },
    },
    async ({ query }) => ok(envelope(await plans.list(query), query)),
  );
}
