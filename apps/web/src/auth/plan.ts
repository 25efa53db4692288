import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { ok } from '../api/errors';
import type { Ok } from '../api/types';
import { useSession } from './me';

export type TenantPlan = Ok<'getTenantPlan'>;
/** A plan feature, as the API's document names them (GET /tenant/plan). */
export type Feature = TenantPlan['features'][number];

/** Where the plan page is: the address the API's 402 and 403 plan refusals name ("Upgrade at /admin/billing"). */
export const PLAN_PAGE = '/admin/billing';

/** The tenant's plan and what it includes, for every signed-in role. */
export function usePlan() {
  const pair = useSession();
  return useQuery({ queryKey: ['tenant-plan'], enabled: pair !== null, staleTime: 60_000, queryFn: () => ok(api.GET('/tenant/plan')) });
}

/**
 * Whether the plan includes a feature: a page, entry or card that needs one is offered only then.
 * Nothing is offered while the plan is unknown, so a page never calls what the plan refuses.
 */
export function planAllows(plan: TenantPlan | undefined, feature: Feature | undefined): boolean {
  return feature === undefined || (plan?.features.includes(feature) ?? false);
}

/** How a page names the feature the plan lacks: in the API's words for it. */
export function featureName(plan: TenantPlan, feature: Feature): string {
  return plan.plans.flatMap((p) => p.features).find((f) => f.id === feature)?.name ?? feature;
}
