import { isIP } from 'node:net';
import { App, us_listen_socket_close, us_socket_local_port, type HttpRequest, type HttpResponse, type us_listen_socket } from 'uWebSockets.js';
import { acceptRequestId } from '@wfm/core/request-id';
import { z } from 'zod';
import { BadRequestError, HttpError, InternalServerError, NotFoundError, PayloadTooLargeError } from '@wfm/core/errors';
import { parseOrThrow, singleLine } from '@wfm/core/validation';
import type { Logger } from '@wfm/core/logger';
import type { VerifyRequest, VerifyResponse } from './verify/verify.service.js';

export interface DaemonServer {
  port: number;
  close(): void;
}

/** What the routes need; composed in one place (the daemon's composition) so tests can swap parts. */
export interface DaemonRoutes {
  /** The tenant behind a reader-bridge key, or the error to answer (401, 402, 429). */
  authenticate(authorization: string, ip: string): Promise<{ tenantId: string } | HttpError>;
  /** 503 when the operator's cache-age limit is exceeded (fail secure). */
  freshness(): HttpError | null;
  verify(tenantId: string, body: VerifyRequest, startedAt: number): Promise<VerifyResponse>;
  heartbeat(tenantId: string, body: HeartbeatBody): Promise<void>;
  health(): { status: number; body: unknown };
  metrics(): Promise<string>;
}

/** The API's bound for a reader id (a zone's readerIds): any longer one could never match a zone. */
const READER_ID_MAX = 100;

export const VerifyBody = z.strictObject({
  credentialId: singleLine(4096).optional(),
  readerId: singleLine(READER_ID_MAX).optional(),
  source: singleLine(40).optional(),
});

export const HeartbeatBody = z.strictObject({
  readerId: singleLine(READER_ID_MAX).min(1),
  firmwareVersion: singleLine(100).min(1),
  ipAddress: singleLine(64).refine((v) => isIP(v) !== 0, { message: 'must be an IPv4 or IPv6 address' }),
});
export type HeartbeatBody = z.infer<typeof HeartbeatBody>;

const MAX_BODY = 16 * 1024;
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

  send(status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (this.aborted) return;
    this.res.cork(() => {
      this.res.writeStatus(STATUS[status] ?? String(status)).writeHeader('Content-Type', 'application/json; charset=utf-8').writeHeader('X-Request-Id', this.id);
      for (const [k, v] of Object.entries(headers)) this.res.writeHeader(k, v);
      this.res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  }

  error(err: HttpError): void {
    this.send(err.status, err.body(), err.headers());
  }
}

function readJson(res: HttpResponse, reply: Reply): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.onData((chunk, isLast) => {
      size += chunk.byteLength;
      if (size > MAX_BODY) return reject(new PayloadTooLargeError());
      // uWS reuses the chunk's memory after this callback returns: copy it.
      chunks.push(Buffer.from(new Uint8Array(chunk)));
      if (!isLast) return;
      if (reply.aborted) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new BadRequestError(['Malformed JSON in request body']));
      }
    });
  });
}

function ipOf(res: HttpResponse): string {
  return Buffer.from(res.getRemoteAddressAsText()).toString();
}

/**
 * The door-side process on uWebSockets.js: spec 02's verify and heartbeat, plus its health and
 * metrics. Everything it needs from a request is copied out before the first await (uWS frees
 * the request object when the handler returns).
 */
export function startDaemonServer(opts: { host: string; port: number; logger: Logger; routes: DaemonRoutes }): Promise<DaemonServer> {
  const { routes, logger } = opts;
  const app = App();

  const keyed = <B>(schema: z.ZodType<B>, work: (tenantId: string, body: B, startedAt: number) => Promise<{ status: number; body: unknown }>) =>
    (res: HttpResponse, req: HttpRequest) => {
      const startedAt = performance.now();
      const reply = new Reply(res, requestId(req));
      const authorization = req.getHeader('authorization');
      const ip = ipOf(res);
      const body = readJson(res, reply);
      (async () => {
        try {
          const auth = await routes.authenticate(authorization, ip);
          if (auth instanceof HttpError) {
            body.catch(() => undefined);
            return reply.error(auth);
          }
          const input = parseOrThrow(schema, await body);
          const out = await work(auth.tenantId, input as B, startedAt);
          reply.send(out.status, out.body);
        } catch (err) {
          if (err instanceof HttpError) return reply.error(err);
          logger.error({ err }, 'daemon request failed');
          reply.error(new InternalServerError());
        }
      })();
    };

  app.post(
    '/api/v1/access/verify',
    keyed(VerifyBody, async (tenantId, body, startedAt) => {
      const stale = routes.freshness();
      if (stale) throw stale;
      return { status: 200, body: await routes.verify(tenantId, body, startedAt) };
    }),
  );
  app.post(
    '/api/v1/access/reader-heartbeat',
    keyed(HeartbeatBody, async (tenantId, body) => {
      await routes.heartbeat(tenantId, body);
      return { status: 200, body: { ok: true } };
    }),
  );
  for (const path of ['/health', '/api/v1/health']) {
    app.get(path, (res, req) => {
      const reply = new Reply(res, requestId(req));
      const h = routes.health();
      reply.send(h.status, h.body);
    });
  }
  app.get('/metrics', (res, req) => {
    const reply = new Reply(res, requestId(req));
    routes.metrics().then(
      (text) => reply.send(200, text, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }),
      () => reply.error(new InternalServerError()),
    );
  });
  app.any('/*', (res, req) => {
    const reply = new Reply(res, requestId(req));
    reply.error(new NotFoundError(`Cannot ${req.getCaseSensitiveMethod()} ${req.getUrl()}`));
  });

  return new Promise((resolve, reject) => {
    app.listen(opts.host, opts.port, (socket: us_listen_socket | false) => {
      if (!socket) return reject(new Error(`access daemon could not listen on ${opts.host}:${opts.port}`));
      const port = us_socket_local_port(socket);
      logger.info({ port }, 'access daemon listening');
      resolve({ port, close: () => us_listen_socket_close(socket) });
    });
  });
}
