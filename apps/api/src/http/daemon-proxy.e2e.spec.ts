import { expect } from 'chai';
import { createSecretKey } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { newReaderKey } from '@wfm/access/reader-key';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import { createApiServer, createApp } from '../app.js';
import { TokenService } from '../modules/identity/auth/token.service.js';
import { RateLimitMiddleware } from './rate-limit.middleware.js';
import { DoorPath, httpDoorUpstream } from './daemon-proxy.js';

/** Stands in for the access daemon: records what reaches it (from the moment its headers arrive) and grants. */
class FakeDaemon {
  readonly seen: Array<{ path: string; headers: IncomingHttpHeaders; body?: string }> = [];
  /** Reads each request and never answers it. */
  silent = false;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const entry: { path: string; headers: IncomingHttpHeaders; body?: string } = { path: req.url ?? '', headers: req.headers };
      this.seen.push(entry);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        entry.body = Buffer.concat(chunks).toString();
        if (this.silent) return;
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-daemon': 'yes' });
        res.end(JSON.stringify({ decision: 'GRANT', echo: entry.body }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The real app and server with the HTTP forwarder, on a server whose parsed requests the test can count. */
class ProxyUnderTest {
  requests = 0;
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(daemonUrl: string, limits: { bodyTimeoutMs: number; maxPerClient: number; upstreamTimeoutMs: number }, upstream = httpDoorUpstream(daemonUrl, limits.upstreamTimeoutMs)): Promise<void> {
    const tokens = new TokenService(createSecretKey(Buffer.from('proxy-test-secret-proxy-test-secret-01')), systemClock, {
      accessSeconds: 900,
      refreshSeconds: 3600,
      accessLabel: '15m',
      refreshLabel: '1h',
    });
    const app = createApp({
      logger: createLogger('test', 'silent'),
      trustProxy: false,
      jsonBodyLimit: '1mb',
      rateLimit: new RateLimitMiddleware(new FlexibleRateLimiter(null), tokens),
      routers: [],
    });
    const door = new DoorPath({ upstream, limits, logger: createLogger('test', 'silent'), clientIp: (req) => req.socket.remoteAddress ?? '' });
    this.server = createApiServer(app, { headersTimeoutMs: 60_000, requestTimeoutMs: 120_000 }, door);
    // Registered after the app's listener: when it runs, the app has already handled that request's headers.
    this.server.on('request', () => this.requests++);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A client that sends headers and the start of a body from `localAddress`, then nothing more. */
  slowClient(localAddress: string, key: string): { socket: Socket; answer: Promise<string> } {
    const socket = connect({ host: '127.0.0.1', port: this.port, localAddress });
    this.sockets.add(socket);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    socket.write(
      `POST /api/v1/access/verify HTTP/1.1\r\nHost: doors\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"credentialId":`,
    );
    return { socket, answer };
  }

  post(path: string, headers: Record<string, string>, body: string) {
    return fetch(`http://127.0.0.1:${this.port}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition never held');
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);

describe('the door-route forwarder (no gateway: the API passes verify and heartbeat to the daemon)', () => {
  let daemon: FakeDaemon;
  let proxy: ProxyUnderTest;
  const key = newReaderKey();

  const startProxy = async (bodyTimeoutMs: number) => {
    proxy = new ProxyUnderTest();
    await proxy.start(daemon.url, { bodyTimeoutMs, maxPerClient: 4, upstreamTimeoutMs: 5_000 });
  };

  beforeEach(async () => {
    daemon = new FakeDaemon();
    await daemon.start();
  });
  afterEach(async () => {
    await proxy.stop();
    await daemon.stop();
  });

  it("forwards a keyed request's body and answers with the daemon's status, headers and body", async () => {
    await startProxy(300);
    const res = await proxy.post('/access/verify', { authorization: `Bearer ${key}`, 'x-request-id': 'door-1' }, '{"credentialId":"c","readerId":"r"}');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-daemon')).to.equal('yes');
    expect(await res.json()).to.deep.equal({ decision: 'GRANT', echo: '{"credentialId":"c","readerId":"r"}' });
    expect(daemon.seen).to.have.length(1);
    expect(daemon.seen[0]!.path).to.equal('/api/v1/access/verify');
    expect(daemon.seen[0]!.headers.authorization).to.equal(`Bearer ${key}`);
    expect(daemon.seen[0]!.headers['x-request-id']).to.equal('door-1');
  });

  it('answers a request without a reader key with the bare 401 itself: nothing reaches the daemon', async () => {
    await startProxy(300);
    const jwtLike = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer mk_nope' }, { authorization: `Bearer ${jwtLike}` }, { authorization: `Basic ${key}` }, { authorization: `Bearer ${key}x` }]) {
      for (const path of ['/access/verify', '/access/reader-heartbeat']) {
        const res = await proxy.post(path, headers, '{}');
        expect(res.status, `${path} ${JSON.stringify(headers)}`).to.equal(401);
        expect(await res.json()).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      }
    }
    expect(daemon.seen).to.deep.equal([]);
  });

  it('answers a body that does not arrive in time with 408 and closes; the daemon never sees it', async () => {
    await startProxy(300);
    const slow = proxy.slowClient('127.0.0.1', key);
    const raw = await slow.answer;
    expect(statusOf(raw)).to.equal(408);
    expect(raw).to.match(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).to.deep.equal({ message: 'Request body not received in time', error: 'Request Timeout', statusCode: 408 });
    expect(daemon.seen).to.deep.equal([]);
  });

  it("answers 503 when the daemon does not answer in time, and frees the address's place for its next tap", async () => {
    daemon.silent = true;
    proxy = new ProxyUnderTest();
    // The forwarder's own socket waits a minute: only the door path's deadline can answer in time.
    await proxy.start(daemon.url, { bodyTimeoutMs: 300, maxPerClient: 1, upstreamTimeoutMs: 200 }, httpDoorUpstream(daemon.url, 60_000));
    const res = await proxy.post('/access/verify', { authorization: `Bearer ${key}` }, '{"credentialId":"c","readerId":"r"}');
    expect(res.status).to.equal(503);
    expect(await res.json()).to.deep.equal({ message: 'Access daemon unavailable', error: 'Service Unavailable', statusCode: 503 });

    daemon.silent = false;
    const next = await proxy.post('/access/verify', { authorization: `Bearer ${key}` }, '{"credentialId":"c","readerId":"r"}');
    expect(next.status).to.equal(200);
    expect(daemon.seen).to.have.length(2);
  });

  it('refuses a body over the daemon limit (16 KiB) with 413 without forwarding it', async () => {
    await startProxy(300);
    const res = await proxy.post('/access/verify', { authorization: `Bearer ${key}` }, JSON.stringify({ credentialId: 'x'.repeat(17 * 1024) }));
    expect(res.status).to.equal(413);
    expect(daemon.seen).to.deep.equal([]);
  });

  it('260 slow bodies from one address do not stop a tap from another address', async function () {
    this.timeout(15_000);
    // Long enough that no slow body times out during the test: the address's cap alone is at work.
    await startProxy(60_000);
    const slow = Array.from({ length: 260 }, () => proxy.slowClient('127.0.0.2', key));
    await until(() => proxy.requests === 260);

    const res = await proxy.post('/access/verify', { authorization: `Bearer ${key}` }, '{"credentialId":"c","readerId":"front"}');
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { decision: string }).decision).to.equal('GRANT');
    expect(daemon.seen.map((s) => s.body)).to.deep.equal(['{"credentialId":"c","readerId":"front"}']);

    // Beyond the address's cap (4 here) each was answered 429 at once; the 4 still hold no daemon socket.
    const answered: number[] = [];
    for (const s of slow) void s.answer.then((raw) => answered.push(statusOf(raw)));
    await until(() => answered.length === 256);
    expect(answered.every((s) => s === 429)).to.equal(true);
    expect(daemon.seen).to.have.length(1);
  });
});
