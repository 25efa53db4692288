import { Agent, request } from 'node:http';
import { Router } from 'express';
import { ServiceUnavailableError } from '@wfm/core/errors';

/** The routes the access daemon owns (spec 02); a gateway sends them there directly when present. */
export const DAEMON_ROUTES = ['/access/verify', '/access/reader-heartbeat'] as const;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/**
 * Without a gateway in front, clients still use one base URL: the API streams these two routes to
 * the daemon untouched (body, status and headers), over a keep-alive pool.
 */
export function daemonProxy(daemonUrl: string): Router {
  const target = new URL(daemonUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const router = Router();
  for (const path of DAEMON_ROUTES) {
    router.post(path, (req, res, next) => {
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
      headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      headers['x-request-id'] = req.ctx.requestId;
      const upstream = request(
        { agent, host: target.hostname, port: target.port, method: 'POST', path: `/api/v1${path}`, headers },
        (up) => {
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
        },
      );
      upstream.on('error', () => next(new ServiceUnavailableError('Access daemon unavailable')));
      req.pipe(upstream);
    });
  }
  return router;
}
