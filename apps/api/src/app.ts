import { createServer, type Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import type { DoorPath } from './http/daemon-proxy.js';
import type { ApiMetrics } from './http/metrics.js';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { errorSerializer, type Logger } from '@wfm/core/logger';
import { requestId } from './http/request-id.middleware.js';
import { traceRequests } from './http/tracing.middleware.js';
import { errorHandler, notFound, refuseDeepJson } from './http/error.middleware.js';
import type { RateLimitMiddleware } from './http/rate-limit.middleware.js';
import { requestLogSerializer } from './http/request-log.js';
import { API_PREFIX } from './http/api-prefix.js';

export interface AppParts {
  logger: Logger;
  trustProxy: boolean | number | string;
  jsonBodyLimit: string;
  rateLimit: RateLimitMiddleware;
  routers: Router[];
  /** Run ahead of every API route and watch its answer (the developer request log). */
  observers?: RequestHandler[];
  /** Prefixes that answer errors in a format of their own (SCIM's, RFC 7644 §3.12), with their 404. */
  ownErrors?: Array<{ prefix: string; notFound: RequestHandler; errors: ErrorRequestHandler }>;
  /** The web console at / (webAppRouter), when built. */
  webApp?: Router | null;
}

export function createApp(parts: AppParts): Express {
  const app = express();
  app.set('trust proxy', parts.trustProxy);
  app.set('x-powered-by', false);
  app.set('etag', false);
  app.use(traceRequests());
  app.use(requestId());
  app.use(
    pinoHttp({
      logger: parts.logger,
      genReqId: (req) => (req as unknown as { ctx: { requestId: string } }).ctx.requestId,
      customProps: (req) => ({ requestId: (req as unknown as { ctx: { requestId: string } }).ctx.requestId }),
      autoLogging: { ignore: (req) => req.url === `${API_PREFIX}/health` },
      quietReqLogger: true,
      serializers: { req: requestLogSerializer, err: errorSerializer },
    }),
  );
  app.use(helmet());
  const api = express.Router();
  for (const o of parts.observers ?? []) api.use(o);
  // Inbound provider webhooks are authenticated by an HMAC of the exact bytes sent, so that path
  // keeps its body raw (a Buffer, whatever the content type) and the route parses it itself.
  api.use('/access/webhooks', express.raw({ type: () => true, limit: parts.jsonBodyLimit }));
  // The same for the messaging provider's; Meta documents WhatsApp webhook payloads of up to 3 MB.
  api.use('/messaging/webhooks', express.raw({ type: () => true, limit: '3mb' }));
  // SCIM clients (RFC 7644) send application/scim+json.
  api.use(express.json({ limit: parts.jsonBodyLimit, type: ['application/json', 'application/scim+json'] }));
  api.use(refuseDeepJson());
  api.use(express.urlencoded({ extended: false, limit: parts.jsonBodyLimit }));
  for (const r of parts.routers) api.use(r);
  for (const own of parts.ownErrors ?? []) {
    api.use(own.prefix, own.notFound);
    api.use(own.prefix, own.errors);
  }
  const unmatched = parts.rateLimit.for('ANY', '(unmatched)') as RequestHandler;
  api.use(unmatched, notFound());
  app.use(API_PREFIX, api);
  if (parts.webApp) app.use(parts.webApp);
  app.use(notFound());
  app.use(errorHandler(parts.logger));
  return app;
}

export interface HttpServerTimeouts {
  /** The request line and headers must arrive within this; Node answers 408 and closes otherwise. */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
}

/**
 * The HTTP server for the app. Node checks both bounds on a timer (30 s by default, which would
 * stretch a 10 s header bound to 40 s); once a second keeps them close to what is configured.
 * The door routes, when given, are dispatched here before Express: a reader bridge's tap never
 * pays for the middleware stack that every other route needs. Every request, door or not, is
 * counted in the metrics when given.
 */
export function createApiServer(app: Express, timeouts: HttpServerTimeouts, door: DoorPath | null = null, metrics: ApiMetrics | null = null): Server {
  return createServer(
    { headersTimeout: timeouts.headersTimeoutMs, requestTimeout: timeouts.requestTimeoutMs, connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs) },
    (req, res) => {
      const route = door?.routeOf(req);
      metrics?.track(req, res, route);
      if (route) door!.handle(route, req, res);
      else app(req, res);
    },
  );
}
