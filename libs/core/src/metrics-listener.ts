import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.js';
import { listenHttp } from './startup.js';

/** What a Prometheus registry offers (prom-client's Registry), without tying this module to it. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

export interface MetricsListener {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An operator listener: `GET /metrics` in the Prometheus text format and nothing else, on an
 * address of its own (loopback by default) so that no public port exposes a process's internals.
 */
export async function startMetricsListener(
  source: MetricsSource,
  at: { host: string; port: number },
  variables: { port: string; host: string },
  logger: Logger,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Not Found', error: 'Not Found', statusCode: 404 }));
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': source.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Internal server error', statusCode: 500 }));
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await listenHttp(server, at.port, at.host, variables);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
