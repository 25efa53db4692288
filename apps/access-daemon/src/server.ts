import { App, us_listen_socket_close, us_socket_local_port, type HttpRequest, type HttpResponse, type TemplatedApp, type us_listen_socket } from 'uWebSockets.js';
import { acceptRequestId } from '@wfm/core/request-id';
import { z } from 'zod';
import { BadRequestError, HttpError, InternalServerError, NotFoundError, PayloadTooLargeError } from '@wfm/core/errors';
import { parseOrThrow } from '@wfm/core/validation';
import { HeartbeatBody, plainVerifyBody, VerifyBody } from '@wfm/access/door-contract';
import type { Logger } from '@wfm/core/logger';
import { contextFromCarrier, inSpan, ROOT_CONTEXT, SpanKind, tracingOn, type Span } from '@wfm/core/tracing';
import type { VerifyRequest, VerifyResponse } from './verify/verify.service.js';

export interface DaemonServer {
  port: number;
  close(): void;
}

export interface Health {
  status: number;
  body: unknown;
}

/** What the routes need; composed in one place (the daemon's composition) so tests can swap parts. */
export interface DaemonRoutes {
  /**
   * 503 while the first load of the cache is under way: reader keys are not known yet, so a key
   * check would answer 401 and count a failed attempt against a bridge that did nothing wrong.
   */
  loading(): HttpError | null;
  /** The tenant behind a reader-bridge key, or the error to answer (401, 402, 429). */
  authenticate(authorization: string, ip: () => string): Promise<{ tenantId: string } | HttpError>;
  /** 503 once the cache has not matched the database for longer than the tenant's offline window (fail secure). */
  freshness(tenantId: string): HttpError | null;
  verify(tenantId: string, body: VerifyRequest, startedAt: number): Promise<VerifyResponse>;
  heartbeat(tenantId: string, body: HeartbeatBody): Promise<void>;
  /** For load balancers on the public port: ready or not, and nothing about the internals. */
  health(): Health;
}

/** The operator listener's routes: the daemon's internals, never on the public port. */
export interface OperatorRoutes {
  health(): Health;
  metrics(): Promise<{ contentType: string; text: string }>;
}


const MAX_BODY = 16 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
const STATUS: Record<number, string> = {
  200: '200 OK',
  400: '400 Bad Request',
  401: '401 Unauthorized',
  402: '402 Payment Required',
  404: '404 Not Found',
  409: '409 Conflict',
  413: '413 Payload Too Large',
  429: '429 Too Many Requests',
  500: '500 Internal Server Error',
  503: '503 Service Unavailable',
};

function requestId(req: HttpRequest): string {
  return acceptRequestId(req.getHeader('x-request-id'));
}

/** A response that may be aborted by the client at any await: every write checks and corks. */
class Reply {
  aborted = false;
  constructor(private readonly res: HttpResponse, private readonly id: string) {
    res.onAborted(() => {
      this.aborted = true;
    });
  }

  send(status: number, body: unknown, opts: { contentType?: string; headers?: Record<string, string>; close?: boolean } = {}): void {
    if (this.aborted) return;
    this.res.cork(() => {
      this.res.writeStatus(STATUS[status] ?? String(status)).writeHeader('Content-Type', opts.contentType ?? JSON_TYPE).writeHeader('X-Request-Id', this.id);
      if (opts.headers) for (const k in opts.headers) this.res.writeHeader(k, opts.headers[k]!);
      this.res.end(typeof body === 'string' ? body : JSON.stringify(body), opts.close ?? false);
    });
  }

  error(err: HttpError, close = false): void {
    this.send(err.status, err.body(), { headers: err.headers(), close });
  }
}

/**
 * uWS frames a body by the first of several Content-Length headers, so a request carrying two
 * (equal or not) is ambiguous (RFC 9112 6.3).
 */
function ambiguousFraming(req: HttpRequest): boolean {
  let lengths = 0;
  req.forEach((key) => {
    if (key === 'content-length') lengths++;
  });
  return lengths > 1;
}

/**
 * Every handler, behind the framing check: an ambiguous request is refused with a 400 and the
 * connection closed. The refusal waits one turn of the event loop on purpose: uWS closes a
 * connection whose next request arrives while a response is pending, so bytes smuggled behind the
 * ambiguous request are never served.
 */
function route(handler: (res: HttpResponse, req: HttpRequest) => void) {
  return (res: HttpResponse, req: HttpRequest) => {
    if (!ambiguousFraming(req)) return handler(res, req);
    const reply = new Reply(res, requestId(req));
    setImmediate(() => reply.error(new BadRequestError(['Content-Length must be sent once']), true));
  };
}

/** A complete request body as JSON; an empty body is an empty object. */
export function parseJsonBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(['Malformed JSON in request body']);
  }
}

function readJson(res: HttpResponse, reply: Reply): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.onData((chunk, isLast) => {
      size += chunk.byteLength;
      if (size > MAX_BODY) return reject(new PayloadTooLargeError());
      if (isLast && reply.aborted) return;
      // uWS reuses the chunk's memory after this callback returns: a body in one chunk (a tap's)
      // is decoded from it at once; pieces of a longer one are copied until the last arrives.
      const last = isLast && chunks.length === 0 ? Buffer.from(chunk) : null;
      if (!last) chunks.push(Buffer.from(new Uint8Array(chunk)));
      if (!isLast) return;
      try {
        resolve(parseJsonBody(last ?? Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
  });
}

function ipOf(res: HttpResponse): string {
  return Buffer.from(res.getRemoteAddressAsText()).toString();
}

function notFound(app: TemplatedApp): void {
  app.any(
    '/*',
    route((res, req) => {
      const reply = new Reply(res, requestId(req));
      reply.error(new NotFoundError(`Cannot ${req.getCaseSensitiveMethod()} ${req.getUrl()}`));
    }),
  );
}

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT (the package's typings omit the host form of listen with options). */
const EXCLUSIVE_PORT = 1;
type ListenCallback = (socket: us_listen_socket | false) => void;
type ListenWithOptions = (this: TemplatedApp, host: string, port: number, options: number, cb: ListenCallback) => TemplatedApp;

/**
 * `exclusive`: without it uWS binds with SO_REUSEPORT, and a second process given the same port
 * starts without error and takes a share of the connections.
 */
function listen(app: TemplatedApp, at: { host: string; port: number; exclusive?: boolean }, what: string, variable: string, logger: Logger): Promise<DaemonServer> {
  return new Promise((resolve, reject) => {
    const done: ListenCallback = (socket) => {
      if (!socket) return reject(new Error(`${what} could not listen on ${at.host}:${at.port} (address in use or not available on this host): set ${variable} to a free port`));
      const bound = us_socket_local_port(socket);
      logger.info({ host: at.host, port: bound }, `${what} listening`);
      resolve({ port: bound, close: () => us_listen_socket_close(socket) });
    };
    if (at.exclusive) (app.listen as unknown as ListenWithOptions).call(app, at.host, at.port, EXCLUSIVE_PORT, done);
    else app.listen(at.host, at.port, done);
  });
}

/** The routes a reader bridge calls, below /api/v1. */
export const DOOR_PATHS = ['/access/verify', '/access/reader-heartbeat'] as const;
export type DoorPath = (typeof DOOR_PATHS)[number];

/** A door request once the transport has it: the body may still be arriving (uWS) or be complete (in-process). */
export interface DoorCall {
  authorization: string;
  /**
   * The caller's address, asked for only when a key is refused (counted per address). Called before
   * the handler's first await, while the transport still holds the connection.
   */
  ip: () => string;
  /** The parsed JSON body, or the error to answer for it (400, 413). */
  body: Promise<unknown>;
  startedAt: number;
  /** The caller's W3C trace context; read only while tracing is on. */
  traceparent?: string;
}

export interface DoorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Never rejects: every failure is an answer. */
export type DoorHandler = (path: DoorPath, call: DoorCall) => Promise<DoorAnswer>;

/**
 * The door routes' logic apart from any transport, so that the daemon's own listener and a caller
 * in the same process (the all-in-one start, through the API base URL) give the same answers.
 */
export function doorHandler(routes: DaemonRoutes, logger: Logger): DoorHandler {
  const keyed =
    <B>(schema: z.ZodType<B>, work: (tenantId: string, body: B, startedAt: number) => Promise<{ status: number; body: unknown }>, usual: (body: unknown) => B | null = () => null) =>
    async (call: DoorCall): Promise<DoorAnswer> => {
      const loading = routes.loading();
      if (loading) {
        call.body.catch(() => undefined);
        return errorAnswer(loading);
      }
      const auth = await routes.authenticate(call.authorization, call.ip);
      if (auth instanceof HttpError) {
        call.body.catch(() => undefined);
        return errorAnswer(auth);
      }
      const body = await call.body;
      return work(auth.tenantId, usual(body) ?? (parseOrThrow(schema, body) as B), call.startedAt);
    };
  const handlers: Record<DoorPath, (call: DoorCall) => Promise<DoorAnswer>> = {
    '/access/verify': keyed(VerifyBody, async (tenantId, body, startedAt) => {
      const stale = routes.freshness(tenantId);
      if (stale) throw stale;
      return { status: 200, body: await routes.verify(tenantId, body, startedAt) };
    }, plainVerifyBody),
    '/access/reader-heartbeat': keyed(HeartbeatBody, async (tenantId, body) => {
      await routes.heartbeat(tenantId, body);
      return { status: 200, body: { ok: true } };
    }),
  };
  const answer = async (path: DoorPath, call: DoorCall): Promise<DoorAnswer> => {
    try {
      return await handlers[path](call);
    } catch (err) {
      if (err instanceof HttpError) return errorAnswer(err);
      logger.error({ err }, 'daemon request failed');
      return errorAnswer(new InternalServerError());
    }
  };
  // With tracing off a tap pays one boolean test: no span, no attribute objects, no closures.
  return (path, call) => (tracingOn ? tracedAnswer(path, call, answer) : answer(path, call));
}

/**
 * A server span per door request, with the decision (GRANT, or DENY and its reason from spec 02's
 * fixed list) and never the credential, the person or the reader's key.
 */
function tracedAnswer(path: DoorPath, call: DoorCall, answer: DoorHandler): Promise<DoorAnswer> {
  const route = `/api/v1${path}`;
  const parent = call.traceparent ? contextFromCarrier({ traceparent: call.traceparent }, ROOT_CONTEXT) : ROOT_CONTEXT;
  return inSpan(
    `POST ${route}`,
    { 'http.request.method': 'POST', 'http.route': route },
    async (span) => noteAnswer(span!, await answer(path, call)),
    { kind: SpanKind.SERVER, parent },
  );
}

function noteAnswer(span: Span, answer: DoorAnswer): DoorAnswer {
  span.setAttribute('http.response.status_code', answer.status);
  const body = answer.body as Partial<VerifyResponse> | null;
  if (answer.status === 200 && body?.decision) {
    span.setAttribute('access.decision', body.decision);
    if (body.decision === 'DENY') span.setAttribute('access.deny_reason', (body as { reason: string }).reason);
    if (body.replay) span.setAttribute('access.replay', true);
  }
  return answer;
}

function errorAnswer(err: HttpError): DoorAnswer {
  return { status: err.status, body: err.body(), headers: err.headers() };
}

/**
 * The door-side process on uWebSockets.js: spec 02's verify and heartbeat, plus a bare readiness
 * /health. Everything it needs from a request is copied out before the first await (uWS frees
 * the request object when the handler returns).
 *
 * HTTP/1.1 pipelining: uWS answers pipelined requests in order only while each is answered before
 * the next is parsed; a request that arrives while an asynchronous answer (verify, heartbeat) is
 * pending makes uWS close the connection, unanswered (docs/decisions.md, issue 9).
 */
export function startDaemonServer(opts: { host: string; port: number; logger: Logger; routes: DaemonRoutes }): Promise<DaemonServer> {
  const { routes, logger } = opts;
  const door = doorHandler(routes, logger);
  const app = App();

  for (const path of DOOR_PATHS) {
    app.post(
      `/api/v1${path}`,
      route((res, req) => {
        const startedAt = performance.now();
        const reply = new Reply(res, requestId(req));
        const call: DoorCall = { authorization: req.getHeader('authorization'), ip: () => ipOf(res), body: readJson(res, reply), startedAt };
        if (tracingOn) call.traceparent = req.getHeader('traceparent');
        void door(path, call).then((answer) => reply.send(answer.status, answer.body, answer));
      }),
    );
  }
  for (const path of ['/health', '/api/v1/health']) {
    app.get(
      path,
      route((res, req) => {
        const h = routes.health();
        new Reply(res, requestId(req)).send(h.status, h.body);
      }),
    );
  }
  notFound(app);
  return listen(app, opts, 'access daemon', 'ACCESS_DAEMON_PORT', logger);
}

/**
 * The operator listener: Prometheus metrics and the detailed health (cache age, spool depth,
 * database and bus state). Bound to loopback by default, apart from the public port, so that
 * whoever reaches the doors' port learns nothing about the daemon's internals.
 */
export function startOperatorServer(opts: { host: string; port: number; logger: Logger; routes: OperatorRoutes }): Promise<DaemonServer> {
  const { routes, logger } = opts;
  const app = App();
  app.get(
    '/metrics',
    route((res, req) => {
      const reply = new Reply(res, requestId(req));
      routes.metrics().then(
        (m) => reply.send(200, m.text, { contentType: m.contentType }),
        (err: unknown) => {
          logger.error({ err }, 'metrics collection failed');
          reply.error(new InternalServerError());
        },
      );
    }),
  );
  app.get(
    '/health',
    route((res, req) => {
      const h = routes.health();
      new Reply(res, requestId(req)).send(h.status, h.body);
    }),
  );
  notFound(app);
  return listen(app, { host: opts.host, port: opts.port, exclusive: true }, 'access daemon metrics', 'ACCESS_METRICS_PORT', logger);
}
