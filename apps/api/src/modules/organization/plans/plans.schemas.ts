import { z } from 'zod';
import { FEATURES } from '@wfm/core/tenancy';
import { offsetEnvelopeSchema, offsetListQuery } from '../../../http/public-list.js';
import { Plan } from '../tenants/tenants.schemas.js';

export const FeatureId = z.enum(FEATURES).meta({ description: 'A feature a plan includes or not' });

export const PlanRequestBody = z.strictObject({
  plan: Plan.meta({ description: 'The plan wanted: higher than the current one' }),
  message: z.string().trim().max(1000).optional().meta({ description: 'For the operator, up to 1000 characters' }),
});
export type PlanRequestBody = z.infer<typeof PlanRequestBody>;

export const PlanRequestStatus = z.enum(['PENDING', 'DONE']);

export const PlanRequestDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  tenantName: z.string(),
  requestedBy: z.object({ id: z.uuid(), fullName: z.string(), email: z.string() }).nullable().meta({ description: 'Null once that user is removed' }),
  currentPlan: Plan.meta({ description: 'The plan when the request was made' }),
  plan: Plan.meta({ description: 'The plan asked for' }),
  message: z.string().nullable(),
  status: PlanRequestStatus.meta({ description: "PENDING until the operator changes the tenant's plan, then DONE" }),
  grantedPlan: Plan.nullable().meta({ description: 'The plan the operator set, once DONE' }),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type PlanRequestDto = z.infer<typeof PlanRequestDto>;

export const TenantPlanDto = z.object({
  plan: Plan,
  features: z.array(FeatureId).meta({ description: "The features the tenant's plan includes" }),
  plans: z
    .array(z.object({ plan: Plan, features: z.array(z.object({ id: FeatureId, name: z.string() })) }))
    .meta({ description: 'Every plan, cheapest first, with the features it includes' }),
  pendingRequest: PlanRequestDto.nullable().meta({ description: "The tenant's upgrade request waiting for the operator, if any" }),
});
export type TenantPlanDto = z.infer<typeof TenantPlanDto>;

export const PlanRequestListQuery = offsetListQuery({ status: PlanRequestStatus.optional() });
export type PlanRequestListQuery = z.infer<typeof PlanRequestListQuery>;
export const PlanRequestListDto = offsetEnvelopeSchema(PlanRequestDto);
