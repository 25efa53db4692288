import { ForbiddenError } from './errors.js';

/** Plans, roles and plan features: the one place that answers "does this plan include X". */
export const PLANS = ['FREE', 'BASIC', 'GROWTH', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = [
  'TENANT_GROUP_OWNER',
  'TENANT_OWNER',
  'COMPANY_ADMIN',
  'HR_MANAGER',
  'AREA_MANAGER',
  'OPERATIONS_MANAGER',
  'OUTLET_MANAGER',
  'STAFF',
] as const;
export type Role = (typeof ROLES)[number];

/** In the order a plan page lists them: the cheapest plan's first. */
export const FEATURES = ['accessControl', 'webhooks', 'developerApi', 'scim', 'sso'] as const;
export type Feature = (typeof FEATURES)[number];

const FEATURE_MIN_PLAN: Record<Feature, Plan> = {
  webhooks: 'GROWTH',
  accessControl: 'GROWTH',
  developerApi: 'ENTERPRISE',
  scim: 'ENTERPRISE',
  sso: 'ENTERPRISE',
};

export function planIncludes(plan: Plan, feature: Feature): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(FEATURE_MIN_PLAN[feature]);
}

/** How a refusal names the feature a plan lacks. */
export const FEATURE_NAMES: Record<Feature, string> = {
  accessControl: 'access control',
  webhooks: 'webhooks',
  developerApi: 'the developer API',
  scim: 'SCIM provisioning',
  sso: 'single sign-on',
};

/** The 403 a tenant gets while its plan or its switch does not allow the developer API, or null. */
export function developerApiRefusal(tenant: { plan: Plan; publicApiEnabled: boolean }): ForbiddenError | null {
  if (!planIncludes(tenant.plan, 'developerApi')) {
    return new ForbiddenError(`Your ${tenant.plan} plan does not include the developer API. Upgrade at /admin/billing.`, 'ModuleNotEntitled');
  }
  if (!tenant.publicApiEnabled) return new ForbiddenError('The Public Developer API is switched off for this tenant');
  return null;
}

/** TENANT_GROUP_OWNER passes every role check (spec 03, Authentication). */
export function roleAllowed(role: Role, allowed: readonly Role[]): boolean {
  return role === 'TENANT_GROUP_OWNER' || allowed.includes(role);
}

/** Lower index = more authority. Used to stop a user granting a role above their own. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}
