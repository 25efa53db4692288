import { z } from 'zod';
import { normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { hasAnyField, Plan, TenantName, Timezone } from '../../organization/tenants/tenants.schemas.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const CreateTenantBody = z.strictObject({
  name: TenantName,
  slug: z.string().regex(SLUG, 'must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen').optional(),
  plan: Plan,
  timezone: Timezone,
  owner: z.strictObject({
    fullName: z.string().trim().min(1).max(200),
    email: z.string().transform(normalizeEmail).pipe(z.email().max(254)),
    password: z.string().min(10).max(128),
    mobile: z.string().refine((v) => normalizeMobile(v) !== null, 'must be a valid mobile number').optional(),
  }),
});
export type CreateTenantBody = z.infer<typeof CreateTenantBody>;

export const OperatorUpdateTenantBody = z
  .strictObject({
    plan: Plan.optional(),
    publicApiEnabled: z.boolean().optional(),
    ssoEnabled: z.boolean().optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: plan, publicApiEnabled, ssoEnabled');
export type OperatorUpdateTenantBody = z.infer<typeof OperatorUpdateTenantBody>;

export const TenantIdParams = z.object({ id: z.uuid() });
