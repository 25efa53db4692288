import type { Clock } from '@wfm/core/clock';
import { ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { planIncludes, type Plan } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { AccessFeed } from '../../access/feed/access-feed.service.js';
import type { Propagated } from '../../access/feed/propagation.js';
import type { PlanRequestsRepository } from '../plans/plan-requests.repository.js';
import type { Tenant, TenantChanges, TenantsRepository } from './tenants.repository.js';
import type { TenantDto, UpdateTenantBody } from './tenants.schemas.js';

export interface OperatorTenantChanges {
  plan?: Plan;
  publicApiEnabled?: boolean;
  ssoEnabled?: boolean;
}

export function toTenantDto(t: Tenant): TenantDto {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    plan: t.plan,
    timezone: t.timezone,
    publicApiEnabled: t.publicApiEnabled,
    ssoEnabled: t.ssoEnabled,
    rosterApprovalRequired: t.rosterApprovalRequired,
    payrollFourEyes: t.payrollFourEyes,
    accessOfflineWindowMinutes: t.accessOfflineWindowMinutes,
    availabilityConflictMode: t.availabilityConflictMode,
    locale: t.locale as TenantDto['locale'],
    language: t.language as TenantDto['language'],
    features: {
      webhooks: planIncludes(t.plan, 'webhooks'),
      accessControl: planIncludes(t.plan, 'accessControl'),
      developerApi: planIncludes(t.plan, 'developerApi'),
      scim: planIncludes(t.plan, 'scim'),
      sso: planIncludes(t.plan, 'sso'),
    },
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Tenant settings. Plan and SSO belong to the platform operator; a tenant admin edits name,
 * timezone, the developer-API switch and the door daemons' offline window. Access checks read the tenant on every request, so a
 * change here takes effect on the next call without any cache to clear.
 */
export class TenantsService {
  constructor(
    private readonly repo: TenantsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly accessFeed: AccessFeed,
    private readonly planRequests: Pick<PlanRequestsRepository, 'closePending'>,
  ) {}

  async get(tenantId: string): Promise<TenantDto> {
    const t = await this.repo.findById(tenantId);
    if (!t) throw new NotFoundError('Tenant not found');
    return toTenantDto(t);
  }

  async updateSettings(tenantId: string, body: UpdateTenantBody): Promise<Propagated<TenantDto>> {
    const current = await this.repo.findById(tenantId);
    if (!current) throw new NotFoundError('Tenant not found');
    // Switching off is always allowed, so a downgraded tenant can still tidy up its settings.
    if (body.publicApiEnabled === true && !planIncludes(current.plan, 'developerApi')) {
      throw new ForbiddenError(`Your ${current.plan} plan does not include the developer API. Upgrade at /admin/billing.`, 'ModuleNotEntitled');
    }
    return this.apply(tenantId, defined(body));
  }

  /** The platform operator's changes: the only way a plan changes, which answers the tenant's pending upgrade request. */
  operatorUpdate(tenantId: string, changes: OperatorTenantChanges): Promise<Propagated<TenantDto>> {
    return this.apply(tenantId, defined(changes));
  }

  async list(): Promise<TenantDto[]> {
    return (await this.repo.list()).map(toTenantDto);
  }

  private async apply(tenantId: string, changes: TenantChanges): Promise<Propagated<TenantDto>> {
    const { tenant, change } = await this.transaction(async (tx) => {
      const tenant = await this.repo.update(tx, tenantId, changes, this.clock.now());
      if (!tenant) throw new NotFoundError('Tenant not found');
      if (changes.plan !== undefined) await this.planRequests.closePending(tx, tenantId, changes.plan, this.clock.now());
      // Access daemons gate taps on the plan, read zone hours in the tenant's timezone and stop at its offline window.
      const touchesAccess = changes.plan !== undefined || changes.timezone !== undefined || changes.accessOfflineWindowMinutes !== undefined;
      return { tenant, change: touchesAccess ? await this.accessFeed.record(tx, tenantId, 'tenant', tenantId) : null };
    });
    return { value: toTenantDto(tenant), propagation: change ? await this.accessFeed.publish(change) : 'complete' };
  }
}
