import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { AccessGrantsService } from '../access/grants/access-grants.service.js';
import type { InviteService } from '../identity/auth/invite.service.js';
import type { SessionService } from '../identity/auth/session.service.js';
import { TenantProvisioningRepository } from './tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from './tenants/tenant-provisioning.service.js';
import { TenantsRepository } from './tenants/tenants.repository.js';
import { TenantsService } from './tenants/tenants.service.js';
import { tenantsRoutes } from './tenants/tenants.routes.js';
import { PlanRequestsRepository } from './plans/plan-requests.repository.js';
import { PlansService } from './plans/plans.service.js';
import { plansRoutes } from './plans/plans.routes.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService, type ContractImporter } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { OutletsRepository } from './outlets/outlets.repository.js';
import { OutletsService } from './outlets/outlets.service.js';
import { outletsRoutes } from './outlets/outlets.routes.js';
import { UserOutletsRepository } from './user-outlets/user-outlets.repository.js';
import { UserOutletsService } from './user-outlets/user-outlets.service.js';
import { userOutletsRoutes } from './user-outlets/user-outlets.routes.js';
import { BrandingRepository } from './branding/branding.repository.js';
import { BrandingService } from './branding/branding.service.js';
import { brandingRoutes } from './branding/branding.routes.js';
import { PublicProfilesRepository } from './public-profiles/public-profiles.repository.js';
import { PublicProfilesService } from './public-profiles/public-profiles.service.js';
import { publicProfilesRoutes } from './public-profiles/public-profiles.routes.js';
import { LocaleRepository } from './locale/locale.repository.js';
import { LocaleService } from './locale/locale.service.js';
import { localeRoutes } from './locale/locale.routes.js';

/** Tenant creation, needed by identity's sign-up before the organization domain can be composed. */
export function composeTenantProvisioning({ transaction, passwords }: Infrastructure): TenantProvisioningService {
  return new TenantProvisioningService(new TenantProvisioningRepository(), transaction, passwords);
}

export interface OrganizationDeps {
  inviter: InviteService;
  sessions: SessionService;
  /** Told when a person is removed or deactivated, so their access ends. */
  accessGrants: AccessGrantsService;
  contracts: ContractImporter;
}

/** Tenants and their plans, users and their outlets and languages, outlets, branding and public profiles. */
export function composeOrganization(infra: Infrastructure, r: ApiRouter, deps: OrganizationDeps) {
  const { ds, transaction, clock, logger, files, outletScopes, publicBaseUrl } = infra;
  const tenantsRepository = new TenantsRepository(ds);
  const planRequests = new PlanRequestsRepository(ds);
  const tenants = new TenantsService(tenantsRepository, transaction, clock, infra.accessFeed, planRequests);
  tenantsRoutes(r, tenants);
  localeRoutes(r, new LocaleService(new LocaleRepository(ds), clock));
  const plans = new PlansService(planRequests, infra.mailer, clock, logger, infra.config.salesLeadsEmail);
  plansRoutes(r, plans);
  const users = new UsersService(new UsersRepository(ds), transaction, infra.passwords, deps.inviter, clock, logger, deps.accessGrants, deps.sessions, outletScopes, deps.contracts);
  usersRoutes(r, users);
  const userOutlets = new UserOutletsService(new UserOutletsRepository(ds), transaction, outletScopes);
  userOutletsRoutes(r, userOutlets);
  outletsRoutes(r, new OutletsService(new OutletsRepository(ds), transaction, clock));
  const branding = new BrandingService(new BrandingRepository(ds), transaction, files, clock, logger, publicBaseUrl);
  brandingRoutes(r, branding);
  publicProfilesRoutes(r, new PublicProfilesService(new PublicProfilesRepository(ds), transaction, files, clock, logger, publicBaseUrl));
  const companyName = async (tenantId: string) => (await tenantsRepository.findById(tenantId))?.name ?? '';
  return { tenants, users, userOutlets, branding, companyName };
}
