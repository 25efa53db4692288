import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { FEATURE_NAMES, PLANS, planIncludes, ROLES, roleAllowed, type Feature } from '@wfm/core/tenancy';
import { parseOrThrow } from '@wfm/core/validation';
import { requireRoles, type AuthGuards, type AuthRequirement } from './auth.guard.js';
import type { RateLimitMiddleware } from './rate-limit.middleware.js';
import type { OpenApiDocument, ResponseDoc } from './openapi.js';
import type { EncodedBody } from './encoded-body.js';
import { requirePlanFeature } from './plan.guard.js';
import type { Idempotency } from './idempotency/idempotency.service.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (a CSV export, a PDF), sent as it is with its media type. */
  raw?: { contentType: string; data: string | Buffer };
  /** A 200 body that never changes (an OpenAPI document), sent in the coding the request accepts. */
  encoded?: { contentType: string; body: EncodedBody };
}

export interface EndpointInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: Request;
  res: Response;
}

export interface EndpointDef<BS extends z.ZodType | undefined, QS extends z.ZodObject | undefined, PS extends z.ZodObject | undefined> {
  summary: string;
  tags: string[];
  auth: AuthRequirement;
  /** Spec 02: without this plan feature the route answers 402, before the role check. */
  plan?: Feature;
  body?: BS;
  query?: QS;
  params?: PS;
  /** Media types the body is documented as accepted in; JSON unless told (the parsers accept what the app mounts). */
  bodyTypes?: readonly string[];
  /** Query parameters not in `query` are ignored instead of rejected (GET /users, spec 01). */
  looseQuery?: boolean;
  /** The route's own answers; the standard errors its auth, plan, roles and schemas imply are added unless given here. */
  responses: Record<number, ResponseDoc>;
  /** Runs after authentication, the plan gate and the role check, before validation (extra plan or credential checks). */
  guards?: RequestHandler[];
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Handler<B, Q, P> = (input: EndpointInput<B, Q, P>) => Promise<Reply>;
type Declare = <BS extends z.ZodType | undefined = undefined, QS extends z.ZodObject | undefined = undefined, PS extends z.ZodObject | undefined = undefined>(
  path: string,
  def: EndpointDef<BS, QS, PS>,
  handler: Handler<Infer<BS>, Infer<QS>, Infer<PS>>,
) => void;
type AnyDef = EndpointDef<z.ZodType | undefined, z.ZodObject | undefined, z.ZodObject | undefined>;

export interface RouterDeps {
  auth: AuthGuards;
  rateLimit: RateLimitMiddleware;
  openapi: OpenApiDocument;
  /** The developer API's own document (GET /public/openapi.json): developer routes only. */
  publicOpenapi: OpenApiDocument;
  /** Idempotency-Key on every POST that a user or a developer credential calls (issue 32). */
  idempotency: Idempotency;
}

const SECURITY = {
  none: [],
  user: ['bearerJwt'],
  developer: ['developerBearer', 'developerApiKey', 'developerOAuth'],
  scim: ['developerBearer', 'developerApiKey', 'developerOAuth'],
  kiosk: ['kioskBearer'],
  portal: ['portalBearer'],
} as const satisfies Record<Exclude<AuthRequirement['kind'], 'platform'>, readonly string[]>;

/**
 * What a route answers besides its own results, from its declaration alone: 400 when it parses
 * anything, 401 when it takes a credential, 402 when it needs a plan feature, 403 when its role
 * list or its developer credential can refuse the caller.
 */
function standardResponses(def: AnyDef, refusesARole: boolean): Record<number, ResponseDoc> {
  const out: Record<number, ResponseDoc> = {};
  if (def.body || def.query || def.params) out[400] = { description: 'Validation failure' };
  if (def.auth.kind === 'user') out[401] = { description: 'No valid access token' };
  if (def.auth.kind === 'kiosk') out[401] = { description: 'No valid kiosk device token' };
  if (def.auth.kind === 'portal') {
    out[401] = { description: 'The portal token is unknown (PortalLinkInvalid), expired (PortalLinkExpired) or revoked (PortalLinkRevoked)' };
    if (def.auth.capability !== 'read') out[403] = { description: `The link was made without the ${def.auth.capability} capability` };
  }
  if (def.auth.kind === 'scim') {
    out[401] = { description: 'No valid developer API key or OAuth token' };
    out[403] = { description: 'Plan without SCIM (ModuleNotEntitled), single sign-on not enabled, or a missing scope' };
  }
  if (def.auth.kind === 'developer') {
    out[401] = { description: 'No valid developer API key or OAuth token' };
    out[403] = {
      description:
        def.auth.scope === 'any'
          ? 'Plan without the developer API (ModuleNotEntitled) or the Public Developer API switched off'
          : 'Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or a missing scope',
    };
  }
  const plan = def.plan;
  if (plan) out[402] = { description: `The plan does not include ${FEATURE_NAMES[plan]} (${PLANS.filter((p) => !planIncludes(p, plan)).join(', ')})` };
  if (refusesARole) out[403] = { description: 'Role not allowed' };
  return out;
}

/**
 * Every endpoint is declared once: its rate limit (from the one table), authentication, plan gate,
 * role check (from its `auth`), validation and OpenAPI entry all come from this declaration, in
 * that order.
 */
export class ApiRouter {
  readonly router = Router();

  constructor(private readonly deps: RouterDeps) {}

  readonly get = this.verb('get');
  readonly post = this.verb('post');
  readonly patch = this.verb('patch');
  readonly put = this.verb('put');
  readonly delete = this.verb('delete');

  private verb(method: Method): Declare {
    return (path, def, handler) => this.add(method, path, def, handler as Handler<never, never, never>);
  }

  private add(method: Method, path: string, def: AnyDef, handler: Handler<never, never, never>): void {
    const roles = def.auth.kind === 'user' ? def.auth.roles : null;
    const admitted = roles && ROLES.filter((role) => roleAllowed(role, roles));
    const refusesARole = admitted !== null && admitted.length < ROLES.length;
    const chain: RequestHandler[] = [];
    const limiter = this.deps.rateLimit.for(method, path);
    const authenticate = this.deps.auth.for(def.auth);
    // A hidden operator route must not reveal itself through a rate-limit counter of its own.
    if (def.auth.kind === 'platform') chain.push(...authenticate);
    if (limiter) chain.push(limiter);
    if (def.auth.kind !== 'platform') chain.push(...authenticate);
    // Issue 4, "plan gate first": a tenant without the feature hears 402 whoever calls.
    if (def.plan) chain.push(requirePlanFeature(def.plan));
    if (roles && refusesARole) chain.push(requireRoles(roles));
    chain.push(...(def.guards ?? []));
    const idempotent = method === 'post' && (def.auth.kind === 'user' || def.auth.kind === 'developer');
    const execute = async (req: Request, res: Response): Promise<Reply> => {
      const params = def.params ? parseOrThrow(def.params, req.params) : req.params;
      const query = def.query ? parseOrThrow(def.looseQuery ? def.query : def.query.strict(), req.query) : undefined;
      const body = def.body ? parseOrThrow(def.body, req.body ?? {}) : undefined;
      return handler({ body, query, params, req, res } as EndpointInput<never, never, never>);
    };
    chain.push(async (req, res, next) => {
      try {
        // Validation runs inside: a 400 for the body is the request's answer, kept like any other 4xx.
        const reply = idempotent ? await this.deps.idempotency.around(req, () => execute(req, res)) : await execute(req, res);
        if (reply.headers) for (const [k, v] of Object.entries(reply.headers)) res.setHeader(k, v);
        if (reply.encoded) await reply.encoded.body.send(req, res.type(reply.encoded.contentType));
        else if (reply.raw) res.status(reply.status).type(reply.raw.contentType).send(reply.raw.data);
        else if (reply.body === undefined) res.status(reply.status).end();
        else res.status(reply.status).json(reply.body);
      } catch (err) {
        next(err);
      }
    });
    this.router[method](path, ...chain);
    if (def.auth.kind === 'platform') return;
    const doc = {
      method,
      path,
      summary: def.summary,
      tags: def.tags,
      security: [...SECURITY[def.auth.kind]],
      ...((def.auth.kind === 'developer' && def.auth.scope !== 'any') || def.auth.kind === 'scim' ? { scope: def.auth.scope } : {}),
      rateLimited: limiter !== null,
      ...(admitted ? { roles: admitted } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { query: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.bodyTypes ? { bodyTypes: def.bodyTypes } : {}),
      responses: { ...standardResponses(def, refusesARole), ...def.responses },
      ...(idempotent ? { idempotent } : {}),
    };
    this.deps.openapi.add(doc);
    if (def.auth.kind === 'developer') this.deps.publicOpenapi.add(doc);
  }
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
/**
 * Sends a browser on to a page of the web app. Never cached, and the URL (it may carry a one-time
 * code) is not passed on as a referrer by the page it lands on.
 */
export const landIn = (to: URL, status: 302 | 303): Reply => ({ status, headers: { location: to.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
