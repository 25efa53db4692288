import type { RequestHandler } from 'express';
import { PaymentRequiredError, UnauthorizedError } from '@wfm/core/errors';
import { FEATURE_NAMES, planIncludes, type Feature } from '@wfm/core/tenancy';

/**
 * Spec 02: access endpoints on a plan without the feature answer 402 Payment Required. Runs after
 * authentication, so it reads the tenant's plan as loaded for this very request.
 */
export function requirePlanFeature(feature: Feature): RequestHandler {
  return (req, _res, next) => {
    const p = req.ctx.principal;
    if (!p) return next(new UnauthorizedError());
    if (!planIncludes(p.tenant.plan, feature)) {
      return next(new PaymentRequiredError(`Your ${p.tenant.plan} plan does not include ${FEATURE_NAMES[feature]}. Upgrade at /admin/billing.`));
    }
    next();
  };
}
