import type { RequestHandler } from 'express';
import passport from 'passport';
import { ExtractJwt } from 'passport-jwt';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { ForbiddenError, PortalLinkError, UnauthorizedError } from '@wfm/core/errors';
import { developerApiRefusal, planIncludes, roleAllowed, type Role } from '@wfm/core/tenancy';
import type { Scope } from '@wfm/core/scopes';
import type { Acting } from '@wfm/core/people-policy';
import { timingSafeEqualStr } from '@wfm/core/crypto';
import type {
  DeveloperCredentialResolver,
  DeveloperPrincipal,
  KioskPrincipal,
  KioskResolver,
  PortalCapability,
  PortalPrincipal,
  PortalResolver,
  Principal,
  UserPrincipal,
  UserResolver,
} from '@wfm/core/principal';

export type AuthRequirement =
  | { kind: 'none' }
  /**
   * A signed-in user of one of these roles (sets from @wfm/core/role-sets). The route's declaration is
   * the one place they are written: the role check, the OpenAPI `x-roles` and the console read them.
   */
  | { kind: 'user'; roles: readonly Role[] }
  | { kind: 'platform' }
  /** `/public` developer routes: a developer key or OAuth token; `any` accepts whatever scopes it has. */
  | { kind: 'developer'; scope: Scope | 'any' }
  /** `/scim/v2` (spec 01 rule 7): a developer key or OAuth token with the scope; Enterprise and single sign-on, not the public API switch. */
  | { kind: 'scim'; scope: 'scim:read' | 'scim:write' }
  /** `/kiosk/*`: a kiosk device token (kd_…) as Bearer; it opens those routes and nothing else. */
  | { kind: 'kiosk' }
  /** `/webhook-portal/*` (issue 32): a portal link's token as Bearer; `read`, or a capability the link must carry. */
  | { kind: 'portal'; capability: PortalCapability | 'read' };

/** Only the Authorization header carries a user's access JWT: not the query string or the body, as a bearer token may. */
const accessJwtOf = ExtractJwt.fromAuthHeaderAsBearerToken();

/** Builds the passport instance and the guard middlewares; one per app, wired in composition. */
export class AuthGuards {
  private readonly passport = new passport.Passport();

  constructor(
    private readonly users: UserResolver,
    private readonly platformToken: string | undefined,
    private readonly developers: DeveloperCredentialResolver,
    kiosks: KioskResolver,
    private readonly portals: PortalResolver,
  ) {
    this.passport.use(
      'kiosk-bearer',
      new BearerStrategy((token: string, done: (err: unknown, user?: KioskPrincipal | false) => void) => {
        kiosks.resolve(token).then((p) => done(null, p ?? false), done);
      }),
    );
    this.passport.use(
      'developer-bearer',
      new BearerStrategy((token: string, done: (err: unknown, user?: DeveloperPrincipal | false) => void) => {
        developers.resolve(token, 'authorization').then((p) => done(null, p ?? false), done);
      }),
    );
  }

  for(req: AuthRequirement): RequestHandler[] {
    switch (req.kind) {
      case 'none':
        return [];
      case 'platform':
        return [this.platform()];
      case 'user':
        return [this.user()];
      case 'developer':
        return [this.developer(), requireDeveloperApi(req.scope)];
      case 'scim':
        return [this.developer(), requireScim(req.scope)];
      case 'kiosk':
        return [this.kiosk()];
      case 'portal':
        return [this.portal(), requirePortalCapability(req.capability)];
    }
  }

  /** Only the Authorization header: the portal page keeps the token in the URL fragment, out of every log. */
  private portal(): RequestHandler {
    return (req, _res, next) => {
      const header = req.get('authorization') ?? '';
      if (!header.startsWith('Bearer ')) return next(new PortalLinkError('PortalLinkInvalid'));
      this.portals.resolve(header.slice(7)).then((p) => {
        if (typeof p === 'string') return next(new PortalLinkError(p));
        req.ctx.principal = p;
        next();
      }, next);
    };
  }

  private kiosk(): RequestHandler {
    return (req, res, next) => {
      this.passport.authenticate('kiosk-bearer', { session: false }, (err: unknown, principal: KioskPrincipal | false) => {
        if (err) return next(err);
        if (!principal) return next(new UnauthorizedError());
        req.ctx.principal = principal;
        next();
      })(req, res, next);
    };
  }

  private developer(): RequestHandler {
    return (req, res, next) => {
      const apiKey = req.get('x-api-key');
      if (!req.get('authorization') && apiKey) {
        this.developers.resolve(apiKey, 'x-api-key').then((p) => {
          if (!p) return next(new UnauthorizedError());
          req.ctx.principal = p;
          next();
        }, next);
        return;
      }
      this.passport.authenticate('developer-bearer', { session: false }, (err: unknown, principal: DeveloperPrincipal | false) => {
        if (err) return next(err);
        if (!principal) return next(new UnauthorizedError());
        req.ctx.principal = principal;
        next();
      })(req, res, next);
    };
  }

  private user(): RequestHandler {
    return (req, _res, next) => {
      const token = accessJwtOf(req);
      if (!token) return next(new UnauthorizedError());
      this.users.resolve(token).then((p) => {
        if (!p) return next(new UnauthorizedError());
        req.ctx.principal = p;
        next();
      }, next);
    };
  }

  /**
   * Operator routes are invisible to anyone without the token: the request falls through to the
   * unknown-route handler (same 404 body, same rate-limit counter) as if the route did not exist.
   */
  private platform(): RequestHandler {
    return (req, _res, next) => {
      const header = req.get('authorization') ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!this.platformToken || !token || !timingSafeEqualStr(token, this.platformToken)) return next('route');
      next();
    };
  }
}

export function requireRoles(roles: readonly Role[]): RequestHandler {
  return (req, _res, next) => {
    const p = req.ctx.principal;
    if (!p || p.kind !== 'user') return next(new UnauthorizedError());
    if (!roleAllowed(p.role, roles)) return next(new ForbiddenError('Forbidden resource'));
    next();
  };
}

/**
 * Spec 01: the developer API needs the Enterprise plan and the tenant's switch, re-checked on every
 * call (the principal is loaded per request), then the route's scope.
 */
export function requireDeveloperApi(scope: Scope | 'any'): RequestHandler {
  return (req, _res, next) => {
    const p = req.ctx.principal;
    if (!p || p.kind !== 'developer') return next(new UnauthorizedError());
    const refused = developerApiRefusal(p.tenant);
    if (refused) return next(refused);
    if (scope !== 'any' && !p.scopes.includes(scope)) return next(new ForbiddenError(`This credential lacks the ${scope} scope`));
    next();
  };
}

/** Spec 01 rule 7: SCIM needs the plan's SCIM feature and the tenant's single sign-on, then the scope. */
export function requireScim(scope: 'scim:read' | 'scim:write'): RequestHandler {
  return (req, _res, next) => {
    const p = req.ctx.principal;
    if (!p || p.kind !== 'developer') return next(new UnauthorizedError());
    if (!planIncludes(p.tenant.plan, 'scim')) return next(new ForbiddenError(`Your ${p.tenant.plan} plan does not include SCIM provisioning. Upgrade at /admin/billing.`, 'ModuleNotEntitled'));
    if (!p.tenant.ssoEnabled) return next(new ForbiddenError('Single sign-on is not enabled for this tenant'));
    if (!p.scopes.includes(scope)) return next(new ForbiddenError(`This credential lacks the ${scope} scope`));
    next();
  };
}

/** The signed-in user; only call from handlers behind a `user` requirement. */
export function requirePortalCapability(capability: PortalCapability | 'read'): RequestHandler {
  return (req, _res, next) => {
    const p = req.ctx.principal;
    if (!p || p.kind !== 'portal') return next(new UnauthorizedError());
    if (capability !== 'read' && !p.capabilities.includes(capability)) return next(new ForbiddenError(`This portal link cannot ${capability}`));
    next();
  };
}

export function currentPortal(req: { ctx: { principal?: Principal } }): PortalPrincipal {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'portal') throw new UnauthorizedError();
  return p;
}

export function currentUser(req: { ctx: { principal?: Principal } }): UserPrincipal {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'user') throw new UnauthorizedError();
  return p;
}

/** The calling kiosk; only call from handlers behind a `kiosk` requirement. */
export function currentKiosk(req: { ctx: { principal?: Principal } }): KioskPrincipal {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'kiosk') throw new UnauthorizedError();
  return p;
}

/** The calling integration as the people policy sees it: the rank of the person who made it, and no self. */
export function developerActing(req: { ctx: { principal?: Principal } }): Acting {
  const p = currentDeveloper(req);
  return { tenantId: p.tenantId, userId: null, role: p.actingRole };
}

/** The calling integration; only call from handlers behind a `developer` or `scim` requirement. */
export function currentDeveloper(req: { ctx: { principal?: Principal } }): DeveloperPrincipal {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'developer') throw new UnauthorizedError();
  return p;
}
