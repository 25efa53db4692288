import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { isReaderKeyFormat } from '@wfm/access/reader-key';
import { acceptRequestId } from '@wfm/core/request-id';
import { BadRequestError, HttpError, PayloadTooLargeError, RequestTimeoutError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { API_PREFIX } from './api-prefix.js';
import { requestLogSerializer } from './request-log.js';

/** The routes the access daemon owns (spec 02); a gateway sends them there directly when present. */
export const DAEMON_ROUTES = ['/access/verify', '/access/reader-heartbeat'] as const;
export type DaemonRoute = (typeof DAEMON_ROUTES)[number];

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

/** A door request with its whole body read and its reader key's shape checked, ready for the daemon. */
export interface DoorForward {
  route: DaemonRoute;
  /** The client's headers as received: a hop over HTTP drops the hop-by-hop ones itself. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  requestId: string;
  /** The client's address by the API's trust-proxy rule. */
  clientIp: string;
  /** performance.now() when the request reached the API. */
  receivedAt: number;
}

export interface DoorUpstreamAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /**
   * As the upstream has it: the bytes read from the daemon, or the JSON text of an answer made in
   * this process, which node:http then sends behind its header in one write instead of two.
   */
  body: Buffer | string;
}

/** Where the door routes are answered: the daemon over HTTP (split mode) or in this process (all-in-one). */
export interface DoorUpstream {
  /** Rejects only when the daemon could not be reached or did not answer in time. */
  send(call: DoorForward): Promise<DoorUpstreamAnswer>;
  close(): void;
}

function withoutHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** Split mode: the daemon at `daemonUrl` over keep-alive sockets that stay open between taps. */
export function httpDoorUpstream(daemonUrl: string, timeoutMs: number): DoorUpstream {
  const target = new URL(daemonUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  return {
    send: (call) =>
      new Promise((resolve, reject) => {
        const headers = withoutHopByHop(call.headers);
        headers['content-length'] = String(call.body.length);
        headers['x-request-id'] = call.requestId;
        const upstream = request({ agent, host: target.hostname, port: target.port, method: 'POST', path: `${API_PREFIX}${call.route}`, headers, timeout: timeoutMs }, (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => resolve({ status: up.statusCode ?? 502, headers: withoutHopByHop(up.headers), body: Buffer.concat(chunks) }));
          up.on('error', reject);
        });
        upstream.on('timeout', () => upstream.destroy(new Error('access daemon did not answer in time')));
        upstream.on('error', reject);
        upstream.end(call.body);
      }),
    close: () => agent.destroy(),
  };
}

/** A door request's deadline: first for its body, then for the daemon's answer. */
interface Deadline {
  at: number;
  expire: (() => void) | null;
}

/**
 * The deadlines of the door requests under way, checked by one sweep: two timers of their own per
 * request (body, then answer) were about 1.5 % of the API's door path in a CPU profile. A deadline
 * is met up to one sweep late.
 */
class Deadlines {
  private readonly pending = new Set<Deadline>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly sweepMs: number) {}

  start(at: number): Deadline {
    const deadline: Deadline = { at, expire: null };
    this.pending.add(deadline);
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), this.sweepMs);
      this.sweeper.unref();
    }
    return deadline;
  }

  end(deadline: Deadline): void {
    this.pending.delete(deadline);
  }

  private sweep(): void {
    const now = performance.now();
    for (const deadline of this.pending) {
      if (deadline.at > now) continue;
      this.pending.delete(deadline);
      deadline.expire?.();
    }
    if (this.pending.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }
}

/** A twentieth of the shorter limit, between 10 and 250 ms: late by at most 5 % of what it guards. */
const sweepEvery = (limits: DaemonProxyLimits) => Math.min(250, Math.max(10, Math.min(limits.bodyTimeoutMs, limits.upstreamTimeoutMs) / 20));

/** The whole body, or the error to answer: a slow sender costs a deadline here, never a daemon socket. */
function readBody(req: IncomingMessage, deadline: Deadline): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return reject(new PayloadTooLargeError());
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The listeners stay once it has settled, ignored: the request ends with its answer, and taking four off cost more.
    const finish = (err: HttpError | null) => {
      if (settled) return;
      settled = true;
      deadline.expire = null;
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    // A request closes after its answer too: only one still being read was aborted (and an error is not cheap to build).
    const onAbort = () => settled || finish(new BadRequestError(['Request aborted']));
    deadline.expire = () => finish(new RequestTimeoutError());
    req
      .on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return finish(new PayloadTooLargeError());
        chunks.push(chunk);
      })
      .on('end', () => finish(null))
      .on('error', onAbort)
      .on('close', onAbort);
  });
}

/** The daemon's answer, or a rejection once the deadline has passed. */
function beforeDeadline<T>(work: Promise<T>, deadline: Deadline): Promise<T> {
  return new Promise((resolve, reject) => {
    deadline.expire = () => reject(new Error('access daemon did not answer in time'));
    work.then(resolve, reject);
  });
}

const ROUTE_BY_PATH = new Map<string, DaemonRoute>(DAEMON_ROUTES.flatMap((r) => [[`${API_PREFIX}${r}`, r] as const, [`${API_PREFIX}${r}/`, r] as const]));

export interface DoorPathOptions {
  upstream: DoorUpstream;
  limits: DaemonProxyLimits;
  logger: Logger;
  /** The client's address as the rest of the API sees it (Express's trust-proxy rule). */
  clientIp(req: IncomingMessage): string;
}

/**
 * Without a gateway in front, clients still use one base URL. The API's HTTP server hands these two
 * routes here before Express (whose middleware stack cost five sixths of the daemon's throughput):
 * the answer is the daemon's (status, body and headers untouched). Only a request that carries a
 * reader key, from a source address under its cap, with its whole body already read, reaches the
 * daemon; the answer is complete before it is written, so a slow client holds nothing upstream.
 */
export class DoorPath {
  private readonly inFlight = new Map<string, number>();
  private readonly deadlines: Deadlines;

  constructor(private readonly opts: DoorPathOptions) {
    this.deadlines = new Deadlines(sweepEvery(opts.limits));
  }

  /** The door route a request is for, if any (routing is case-insensitive and ignores a trailing slash, as Express's). */
  routeOf(req: IncomingMessage): DaemonRoute | undefined {
    if (req.method !== 'POST') return undefined;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    return ROUTE_BY_PATH.get(path) ?? ROUTE_BY_PATH.get(path.toLowerCase());
  }

  handle(route: DaemonRoute, req: IncomingMessage, res: ServerResponse): void {
    const receivedAt = performance.now();
    const requestId = acceptRequestId(req.headers['x-request-id'] as string | undefined);
    if (this.opts.logger.isLevelEnabled('info')) res.once('finish', () => this.logged(req, res, requestId, receivedAt));
    void this.answer(route, req, res, requestId, receivedAt).catch((err: unknown) => {
      this.opts.logger.error({ err, requestId }, 'door route failed');
      if (!res.headersSent) this.refuse(res, requestId, new ServiceUnavailableError('Access daemon unavailable'), false);
    });
  }

  private async answer(route: DaemonRoute, req: IncomingMessage, res: ServerResponse, requestId: string, receivedAt: number): Promise<void> {
    const authorization = req.headers.authorization ?? '';
    // The rest of an unread body is not worth waiting for: a refusal before the body ends the connection.
    if (!(authorization.startsWith('Bearer ') && isReaderKeyFormat(authorization.slice(7)))) return this.refuse(res, requestId, new UnauthorizedError(), true);
    const clientIp = this.opts.clientIp(req);
    const current = this.inFlight.get(clientIp) ?? 0;
    if (current >= this.opts.limits.maxPerClient) return this.refuse(res, requestId, new TooManyRequestsError(1), true);
    this.inFlight.set(clientIp, current + 1);
    const deadline = this.deadlines.start(receivedAt + this.opts.limits.bodyTimeoutMs);
    try {
      await this.forward(route, req, res, requestId, receivedAt, clientIp, deadline);
    } finally {
      this.deadlines.end(deadline);
      this.release(clientIp);
    }
  }

  private async forward(route: DaemonRoute, req: IncomingMessage, res: ServerResponse, requestId: string, receivedAt: number, clientIp: string, deadline: Deadline): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req, deadline);
    } catch (err) {
      return this.refuse(res, requestId, err as HttpError, true);
    }
    deadline.at = performance.now() + this.opts.limits.upstreamTimeoutMs;
    let answer: DoorUpstreamAnswer;
    try {
      answer = await beforeDeadline(this.opts.upstream.send({ route, headers: req.headers, body, requestId, clientIp, receivedAt }), deadline);
    } catch {
      return this.refuse(res, requestId, new ServiceUnavailableError('Access daemon unavailable'), false);
    }
    if (res.destroyed) return;
    const headers = answer.headers;
    headers['content-length'] = String(typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length);
    headers['x-request-id'] = requestId;
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  private refuse(res: ServerResponse, requestId: string, err: HttpError, close: boolean): void {
    if (res.destroyed) return;
    const body = JSON.stringify(err.body());
    const headers: Record<string, string> = { ...err.headers(), 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'x-request-id': requestId };
    if (close) headers.connection = 'close';
    res.writeHead(err.status, headers);
    res.end(body);
  }

  private release(client: string): void {
    const n = (this.inFlight.get(client) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(client);
    else this.inFlight.set(client, n);
  }

  /** The same line pino-http writes for every other route, so door traffic stays visible in the request log. */
  private logged(req: IncomingMessage, res: ServerResponse, requestId: string, startedAt: number): void {
    if (!this.opts.logger.isLevelEnabled('info')) return;
    this.opts.logger.info(
      {
        requestId,
        req: requestLogSerializer({ id: requestId, method: req.method, url: req.url, headers: req.headers, remoteAddress: req.socket.remoteAddress, remotePort: req.socket.remotePort }),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - startedAt),
      },
      res.statusCode >= 500 ? 'request errored' : 'request completed',
    );
  }
}
