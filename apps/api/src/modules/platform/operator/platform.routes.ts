import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import type { TenantProvisioningService } from '../../organization/tenants/tenant-provisioning.service.js';
import type { TenantsService } from '../../organization/tenants/tenants.service.js';
import { ProvisionedTenantDto, TenantDto } from '../../organization/tenants/tenants.schemas.js';
import { CreateTenantBody, OperatorUpdateTenantBody, TenantIdParams } from './platform.schemas.js';
import { propagated } from '../../access/feed/propagation.js';

const HIDDEN = 'No platform token, a wrong one, or none configured: the route does not exist for the caller';

/** The platform operator's routes: hidden from tenants, authenticated by PLATFORM_ADMIN_TOKEN. */
export function platformRoutes(r: ApiRouter, provisioning: TenantProvisioningService, tenants: TenantsService): void {
  r.post(
    '/platform/tenants',
    {
      summary: 'Create a tenant with its first TENANT_OWNER',
      tags: ['platform-operator'],
      auth: { kind: 'platform' },
      body: CreateTenantBody,
      responses: {
        201: { description: 'Tenant and owner created', schema: ProvisionedTenantDto },
        404: { description: HIDDEN },
        409: { description: 'Slug taken, or the owner email or mobile number is already in use' },
      },
    },
    async ({ body }) => created(await provisioning.createTenantWithOwner(body)),
  );

  r.patch(
    '/platform/tenants/:id',
    {
      summary: "Change a tenant's plan, Public Developer API switch or single sign-on switch",
      tags: ['platform-operator'],
      auth: { kind: 'platform' },
      params: TenantIdParams,
      body: OperatorUpdateTenantBody,
      responses: {
        200: { description: 'The updated tenant', schema: TenantDto },
        404: { description: `No such tenant. ${HIDDEN}` },
      },
    },
    async ({ params, body }) => propagated(ok, await tenants.operatorUpdate(params.id, body)),
  );
}
