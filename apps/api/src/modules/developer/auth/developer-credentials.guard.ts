import type { RequestHandler } from 'express';
import { UnauthorizedError } from '@wfm/core/errors';
import { developerApiRefusal } from '@wfm/core/tenancy';

/**
 * Creating a credential needs what using it needs: the Enterprise plan and the tenant's Public
 * Developer API switch, with the same 403s the /public routes answer. Listing and revoking do not,
 * so an admin can switch the API off and revoke a leaked key without switching it back on first.
 */
export const requireDeveloperApiTenant: RequestHandler = (req, _res, next) => {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'user') return next(new UnauthorizedError());
  next(developerApiRefusal(p.tenant) ?? undefined);
};
