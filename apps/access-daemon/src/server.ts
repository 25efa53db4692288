import { App, us_listen_socket_close, us_socket_local_port, type HttpRequest, type HttpResponse, type us_listen_socket } from 'uWebSockets.js';
import { randomUUID } from 'node:crypto';
import { NotFoundError, type HttpError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';

export interface DaemonServer {
  port: number;
  close(): void;
}

const STATUS_TEXT: Record<number, string> = { 200: '200 OK', 404: '404 Not Found' };

function requestId(req: HttpRequest): string {
  const sent = req.getHeader('x-request-id');
  return sent && sent.length <= 80 && /^[\x21-\x7e]+$/.test(sent) ? sent : randomUUID();
}

function send(res: HttpResponse, status: number, id: string, body: unknown): void {
  res.cork(() => {
    res
      .writeStatus(STATUS_TEXT[status] ?? String(status))
      .writeHeader('Content-Type', 'application/json; charset=utf-8')
      .writeHeader('X-Request-Id', id)
      .end(JSON.stringify(body));
  });
}

function sendError(res: HttpResponse, id: string, err: HttpError): void {
  send(res, err.status, id, err.body());
}

/**
 * The door-side process on uWebSockets.js. It answers its health probe and, for any route it does
 * not own, the platform's 404 body; verify and heartbeat are added by the access-daemon work.
 */
export function startDaemonServer(opts: { host: string; port: number; logger: Logger }): Promise<DaemonServer> {
  const app = App();
  for (const path of ['/health', '/api/v1/health']) {
    app.get(path, (res, req) => send(res, 200, requestId(req), { status: 'ok' }));
  }
  app.any('/*', (res, req) => {
    const id = requestId(req);
    sendError(res, id, new NotFoundError(`Cannot ${req.getCaseSensitiveMethod()} ${req.getUrl()}`));
  });
  return new Promise((resolve, reject) => {
    app.listen(opts.host, opts.port, (socket: us_listen_socket | false) => {
      if (!socket) return reject(new Error(`access daemon could not listen on ${opts.host}:${opts.port}`));
      const port = us_socket_local_port(socket);
      opts.logger.info({ port }, 'access daemon listening');
      resolve({ port, close: () => us_listen_socket_close(socket) });
    });
  });
}
