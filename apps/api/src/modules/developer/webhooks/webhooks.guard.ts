import type { RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '@wfm/core/errors';
import { planIncludes } from '@wfm/core/tenancy';

/**
 * Spec 03: the plan check is a 403 (told apart from a role 403 by its message), and only on the
 * routes that create, change or send. Listing, reading the log and deleting stay open on every plan,
 * so a downgraded tenant can still see and remove what it set up. It runs after authentication and
 * reads the plan loaded for this very request.
 */
export const requireWebhooksPlan: RequestHandler = (req, _res, next) => {
  const p = req.ctx.principal;
  if (!p) return next(new UnauthorizedError());
  if (!planIncludes(p.tenant.plan, 'webhooks')) {
    return next(new ForbiddenError(`Your ${p.tenant.plan} plan does not include webhooks. Upgrade at /admin/billing.`));
  }
  next();
};
