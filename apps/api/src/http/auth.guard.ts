import type { RequestHandler } from 'express';
import passport from 'passport';
import { Strategy as JwtStrategy, ExtractJwt } from 'passport-jwt';
import { ForbiddenError, UnauthorizedError } from '@wfm/core/errors';
import { roleAllowed, type Role } from '@wfm/core/tenancy';
import { timingSafeEqualStr } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import { ACCESS_AUDIENCE, JWT_ISSUER, type TokenService } from '../modules/auth/token.service.js';
import type { PrincipalRepository } from '../modules/auth/principal.repository.js';
import type { UserPrincipal } from './context.js';

export type AuthRequirement =
  | { kind: 'none' }
  | { kind: 'user'; roles?: readonly Role[] }
  | { kind: 'platform' };

/** Builds the passport instance and the guard middlewares; one per app, wired in composition. */
export class AuthGuards {
  private readonly passport = new passport.Passport();

  constructor(
    tokens: TokenService,
    principals: PrincipalRepository,
    clock: Clock,
    private readonly platformToken: string | undefined,
  ) {
    this.passport.use(
      'jwt',
      new JwtStrategy(
        {
          jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
          secretOrKey: tokens.key as unknown as string,
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: ACCESS_AUDIENCE,
          // A getter, so verification reads the injected clock at call time.
          jsonWebTokenOptions: {
            get clockTimestamp() {
              return Math.floor(clock.now().getTime() / 1000);
            },
          } as never,
        },
        (payload: { sub?: unknown; tid?: unknown; sid?: unknown }, done: (err: unknown, user?: UserPrincipal | false) => void) => {
          if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string') return done(null, false);
          principals.load(payload.sub, payload.tid, payload.sid, clock.now()).then((p) => done(null, p ?? false), done);
        },
      ),
    );
  }

  for(req: AuthRequirement): RequestHandler[] {
    switch (req.kind) {
      case 'none':
        return [];
      case 'platform':
        return [this.platform()];
      case 'user':
        return req.roles ? [this.user(), requireRoles(req.roles)] : [this.user()];
    }
  }

  private user(): RequestHandler {
    return (req, res, next) => {
      this.passport.authenticate('jwt', { session: false }, (err: unknown, principal: UserPrincipal | false) => {
        if (err) return next(err);
        if (!principal) return next(new UnauthorizedError());
        req.ctx.principal = principal;
        next();
      })(req, res, next);
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
    if (!p) return next(new UnauthorizedError());
    if (!roleAllowed(p.role, roles)) return next(new ForbiddenError('Forbidden resource'));
    next();
  };
}

/** The signed-in user; only call from handlers behind a `user` requirement. */
export function currentUser(req: { ctx: { principal?: UserPrincipal } }): UserPrincipal {
  const p = req.ctx.principal;
  if (!p) throw new UnauthorizedError();
  return p;
}
