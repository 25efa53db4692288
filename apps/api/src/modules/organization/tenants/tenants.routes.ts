import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { TenantsService } from './tenants.service.js';
import { TenantDto, UpdateTenantBody } from './tenants.schemas.js';
import { propagated } from '../../access/feed/propagation.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';

export function tenantsRoutes(r: ApiRouter, tenants: TenantsService): void {
  r.get(
    '/tenant',
    {
      summary: "The caller's tenant: plan, switches and the features the plan includes",
      tags: ['tenant'],
      auth: { kind: 'user', roles: TENANT_ADMINS },
      responses: { 200: { description: 'The tenant', schema: TenantDto } },
    },
    async ({ req }) => ok(await tenants.get(currentUser(req).tenantId)),
  );

  r.patch(
    '/tenant',
    {
      summary: "Change the tenant's name, time zone, Public Developer API switch or scheduling and access settings",
      tags: ['tenant'],
      auth: { kind: 'user', roles: TENANT_ADMINS },
      body: UpdateTenantBody,
      responses: {
        200: { description: 'The updated tenant', schema: TenantDto },
        403: { description: 'Role not allowed, or switching the developer API on without the Enterprise plan (error ModuleNotEntitled)' },
      },
    },
    async ({ req, body }) => propagated(ok, await tenants.updateSettings(currentUser(req).tenantId, body)),
  );
}
