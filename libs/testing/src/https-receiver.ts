import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './certificate.js';

/**
 * A local HTTPS webhook receiver for tests and the benchmark. Its certificate is self-signed and
 * made at run time in Node (./certificate.ts), once per process; callers
 * trust it by passing `ca` to the WebhookSender rather than through NODE_EXTRA_CA_CERTS, which
 * Node reads only at process start.
 */

export interface TestCertificate {
  key: string;
  cert: string;
}

let cached: Promise<TestCertificate> | null = null;

/** Valid for receiver.test, localhost, 127.0.0.1 and ::1. */
export function testCertificate(): Promise<TestCertificate> {
  cached ??= selfSignedCertificate({ commonName: 'receiver.test', dnsNames: ['receiver.test', 'localhost'], ips: ['127.0.0.1', '::1'], days: 2 });
  return cached;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Which socket carried it, to observe keep-alive reuse. */
  socketId: number;
  receivedAt: number;
}

export type ReceiverReply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang' | 'destroy';
export type ReceiverHandler = (req: ReceivedRequest) => ReceiverReply | Promise<ReceiverReply>;

export interface TestReceiver {
  readonly port: number;
  readonly ca: string;
  readonly requests: ReceivedRequest[];
  /** `https://127.0.0.1:<port><path>` */
  url(path?: string): string;
  setHandler(handler: ReceiverHandler): void;
  /** Resolves once `predicate` holds for the received requests (checked on each arrival). */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean): Promise<void>;
  /** Ends every request held by a 'hang' reply. */
  releaseHung(): void;
  close(): Promise<void>;
}

export async function startTestReceiver(handler: ReceiverHandler = () => ({ status: 200, body: 'ok' }), host = '127.0.0.1'): Promise<TestReceiver> {
  const { key, cert } = await testCertificate();
  const requests: ReceivedRequest[] = [];
  const waiters: Array<{ predicate: (r: ReceivedRequest[]) => boolean; resolve: () => void }> = [];
  const hung = new Set<ServerResponse>();
  let current = handler;
  let socketSeq = 0;
  const socketIds = new WeakMap<object, number>();

  const server: Server = createServer({ key, cert, keepAliveTimeout: 10_000 }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let socketId = socketIds.get(req.socket);
      if (socketId === undefined) {
        socketId = ++socketSeq;
        socketIds.set(req.socket, socketId);
      }
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socketId,
        receivedAt: Date.now(),
      };
      requests.push(received);
      for (const w of [...waiters]) {
        if (w.predicate(requests)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      const reply = await current(received);
      if (reply === 'hang') {
        hung.add(res);
        return;
      }
      if (reply === 'destroy') {
        req.socket.destroy();
        return;
      }
      const send = () => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    ca: cert,
    requests,
    url: (path = '/hook') => `https://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    setHandler(h) {
      current = h;
    },
    waitFor(predicate) {
      if (predicate(requests)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    releaseHung() {
      for (const res of hung) res.writeHead(200).end('late');
      hung.clear();
    },
    async close() {
      for (const res of hung) res.destroy();
      hung.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
