import { pingRedis } from '@wfm/memory/redis';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { documentDoorRoutes } from '../../http/door-routes.openapi.js';
import type { TenantProvisioningService } from '../organization/tenants/tenant-provisioning.service.js';
import type { TenantsService } from '../organization/tenants/tenants.service.js';
import { healthRoutes } from './health/health.routes.js';
import { HealthService } from './health/health.service.js';
import { HealthRepository } from './health/health.repository.js';
import { platformRoutes } from './operator/platform.routes.js';
import { AppConfigService } from './app-config/app-config.service.js';
import { appConfigRoutes } from './app-config/app-config.routes.js';
import { LeadsRepository } from './leads/leads.repository.js';
import { LeadsService } from './leads/leads.service.js';
import { leadsRoutes } from './leads/leads.routes.js';

/** Health and status, the operator's tenant routes, the mobile app's configuration and sales leads. */
export function composePlatform(infra: Infrastructure, r: ApiRouter, deps: { provisioning: TenantProvisioningService; tenants: TenantsService }): { health: HealthService } {
  const { config, ds, redis, openapi, clock, logger } = infra;
  const health = new HealthService(new HealthRepository(ds), infra.bus, { redis: redis ? { ping: () => pingRedis(redis) } : null, timeoutMs: config.statusCheckTimeoutMs });
  healthRoutes(r, health, openapi, infra.publicBaseUrl);
  documentDoorRoutes(openapi);
  platformRoutes(r, deps.provisioning, deps.tenants);
  appConfigRoutes(r, new AppConfigService(config.mobileApp, { googleSignIn: config.sso.google !== null }));
  leadsRoutes(r, new LeadsService(new LeadsRepository(ds), infra.mailer, clock, logger, config.salesLeadsEmail));
  return { health };
}
