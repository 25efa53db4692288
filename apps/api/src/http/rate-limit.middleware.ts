import type { Request, RequestHandler } from 'express';
import { TooManyRequestsError } from '@wfm/core/errors';
import type { RateLimiter } from '@wfm/memory/rate-limiter';
import { limitFor } from './rate-limits.js';

/** Whom a valid access JWT names; the composition root supplies the identity module's token service. */
export interface AccessTokenVerifier {
  verifyAccess(token: string): { sub: string } | null;
}

/**
 * Spec 01: the caller is the signed-in user when the request carries a valid access JWT, and the
 * source address otherwise. Verifying the signature here is cheap (KeyObject HS256, a few µs); it
 * decides only the counter, never access.
 */
export class RateLimitMiddleware {
  constructor(private readonly limiter: RateLimiter, private readonly tokens: AccessTokenVerifier) {}

  callerKey(req: Request): string {
    if (req.ctx.jwtSubject === undefined) {
      const header = req.get('authorization');
      const claims = header?.startsWith('Bearer ') ? this.tokens.verifyAccess(header.slice(7)) : null;
      req.ctx.jwtSubject = claims ? claims.sub : '';
    }
    return req.ctx.jwtSubject ? `u:${req.ctx.jwtSubject}` : `ip:${req.ip ?? 'unknown'}`;
  }

  /** Middleware for one endpoint, `path` being its Express pattern relative to /api/v1. */
  for(method: string, path: string): RequestHandler | null {
    const limit = limitFor(method, path);
    if (!limit) return null;
    return async (req, res, next) => {
      try {
        const outcome = await this.limiter.consume(limit.name, limit.rule, this.callerKey(req));
        if (!outcome.allowed) return next(new TooManyRequestsError(outcome.retryAfterSeconds));
        res.setHeader('X-RateLimit-Limit', String(outcome.limit));
        res.setHeader('X-RateLimit-Remaining', String(outcome.remaining));
        res.setHeader('X-RateLimit-Reset', String(outcome.resetSeconds));
        next();
      } catch (err) {
        next(err);
      }
    };
  }
}
