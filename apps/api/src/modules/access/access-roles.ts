import type { RequestHandler } from 'express';
import type { Role } from '@wfm/core/tenancy';
import { requireRoles } from '../../http/auth.guard.js';
import { requirePlanFeature } from '../../http/plan.guard.js';

/** Spec 02 names these for zone operations; issue 4 extends them to every managed access resource. */
export const ACCESS_MANAGE_ROLES: readonly Role[] = ['TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'];

/** Zone reads also allow OUTLET_MANAGER (spec 02), limited to their own outlets; issue 4 adds readers and audit. */
export const ACCESS_OUTLET_READ_ROLES: readonly Role[] = [...ACCESS_MANAGE_ROLES, 'OUTLET_MANAGER'];

/**
 * Guards of a JWT /access route: the plan gate before the role check, so a FREE or BASIC tenant
 * hears 402 from every access route whoever calls (issue 4: "plan gate first").
 */
export function accessGuards(roles: readonly Role[]): RequestHandler[] {
  return [requirePlanFeature('accessControl'), requireRoles(roles)];
}
