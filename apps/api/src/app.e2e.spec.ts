import { expect } from 'chai';
import { createSecretKey } from 'node:crypto';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import { createApiServer, createApp } from './app.js';
import { RateLimitMiddleware } from './http/rate-limit.middleware.js';
import { TokenService } from './modules/identity/auth/token.service.js';

describe('createApiServer: bounds on receiving a request', () => {
  let server: Server;
  let port: number;

  before(async () => {
    const tokens = new TokenService(createSecretKey(Buffer.from('server-test-secret-server-test-secret-0')), systemClock, { accessSeconds: 900, refreshSeconds: 3600, accessLabel: '15m', refreshLabel: '1h' });
    const app = createApp({ logger: createLogger('test', 'silent'), trustProxy: false, jsonBodyLimit: '1mb', rateLimit: new RateLimitMiddleware(new FlexibleRateLimiter(null), tokens), routers: [] });
    server = createApiServer(app, { headersTimeoutMs: 200, requestTimeoutMs: 400 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Sends `text` and never more; resolves with what the server answered before it closed. */
  const stall = (text: string) =>
    new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      let answer = '';
      socket.on('data', (c) => (answer += c.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => undefined);
      socket.write(text);
    });

  it('answers 408 and closes when the headers never finish', async () => {
    expect(await stall('GET /api/v1/health HTTP/1.1\r\nHost: api\r\nX-Slow: ')).to.match(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes when the body never finishes', async () => {
    const answer = await stall('POST /api/v1/auth/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier":');
    expect(answer).to.match(/^HTTP\/1\.1 408 /);
  });
});
