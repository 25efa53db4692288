import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { Router, type Request, type Response } from 'express';
import { isReaderKeyFormat } from '@wfm/access/reader-key';
import { BadRequestError, HttpError, PayloadTooLargeError, RequestTimeoutError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '@wfm/core/errors';

/** The routes the access daemon owns (spec 02); a gateway sends them there directly when present. */
export const DAEMON_ROUTES = ['/access/verify', '/access/reader-heartbeat'] as const;

/** The daemon refuses larger bodies itself (apps/access-daemon/src/server.ts); reading more only holds memory. */
const MAX_BODY_BYTES = 16 * 1024;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect', 'content-length']);

export interface DaemonProxyLimits {
  /** A forwarded request's body must be complete this long after it reached the route, or it is 408. */
  bodyTimeoutMs: number;
  /** Forwards one source address may have under way at once (body being read or answer awaited). */
  maxPerClient: number;
  /** How long the daemon may take to answer a forwarded request before it is 503. */
  upstreamTimeoutMs: number;
}

export const DEFAULT_DAEMON_PROXY_LIMITS: DaemonProxyLimits = { bodyTimeoutMs: 5_000, maxPerClient: 32, upstreamTimeoutMs: 10_000 };

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function withoutHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** The whole body, or the error to answer: a slow sender costs a timer here, never a pooled daemon socket. */
function readBody(req: Request, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return reject(new PayloadTooLargeError());
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err: HttpError | null) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return finish(new PayloadTooLargeError());
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onAbort = () => finish(new BadRequestError(['Request aborted']));
    const timer = setTimeout(() => finish(new RequestTimeoutError()), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onAbort);
  });
}

/**
 * Without a gateway in front, clients still use one base URL: the API forwards these two routes to
 * the daemon (body, status and headers untouched) over a keep-alive pool. Only a request that
 * carries a reader key, from a source address under its cap, with its whole body already read,
 * takes a pooled socket; the answer is read whole too, so a slow client holds none.
 */
export function daemonProxy(daemonUrl: string, limits: DaemonProxyLimits = DEFAULT_DAEMON_PROXY_LIMITS): Router {
  const target = new URL(daemonUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const inFlight = new Map<string, number>();

  const forward = (req: Request, path: string, body: Buffer): Promise<UpstreamAnswer> =>
    new Promise((resolve, reject) => {
      const headers = withoutHopByHop(req.headers);
      headers['content-length'] = String(body.length);
      headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      headers['x-request-id'] = req.ctx.requestId;
      const upstream = request(
        { agent, host: target.hostname, port: target.port, method: 'POST', path: `/api/v1${path}`, headers, timeout: limits.upstreamTimeoutMs },
        (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => resolve({ status: up.statusCode ?? 502, headers: up.headers, body: Buffer.concat(chunks) }));
          up.on('error', reject);
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('access daemon did not answer in time')));
      upstream.on('error', reject);
      upstream.end(body);
    });

  const release = (client: string) => {
    const n = (inFlight.get(client) ?? 1) - 1;
    if (n <= 0) inFlight.delete(client);
    else inFlight.set(client, n);
  };

  const refuseAndClose = (res: Response, err: HttpError): never => {
    // The rest of an unread body is not worth waiting for: the connection ends with the answer.
    res.setHeader('Connection', 'close');
    throw err;
  };

  const router = Router();
  for (const path of DAEMON_ROUTES) {
    router.post(path, async (req, res) => {
      const authorization = req.get('authorization') ?? '';
      if (!(authorization.startsWith('Bearer ') && isReaderKeyFormat(authorization.slice(7)))) refuseAndClose(res, new UnauthorizedError());
      const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const current = inFlight.get(client) ?? 0;
      if (current >= limits.maxPerClient) refuseAndClose(res, new TooManyRequestsError(1));
      inFlight.set(client, current + 1);
      res.once('close', () => release(client));

      let body: Buffer;
      try {
        body = await readBody(req, limits.bodyTimeoutMs);
      } catch (err) {
        return refuseAndClose(res, err as HttpError);
      }
      let answer: UpstreamAnswer;
      try {
        answer = await forward(req, path, body);
      } catch {
        throw new ServiceUnavailableError('Access daemon unavailable');
      }
      const headers = withoutHopByHop(answer.headers);
      headers['content-length'] = String(answer.body.length);
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    });
  }
  return router;
}
