import { expect } from 'chai';
import { createSecretKey } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { LocalBus } from '@wfm/memory/bus-local';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createApp } from '../app.js';
import { buildApi } from '../composition.js';
import { loadApiConfig } from '../config.js';
import { TokenService } from '../modules/identity/auth/token.service.js';
import { TEST_DATA_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../test-support/harness.js';
import { RateLimitMiddleware } from './rate-limit.middleware.js';
import { redactUrl } from '@wfm/core/redact-url';

function captureLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('test', 'info', { write: (line: string) => void lines.push(line) }) };
}

async function listen(app: RequestListener) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('request log: secrets in URLs, headers and database errors stay out of it', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => db.drop());

  it('logs secret path segments as a placeholder, no query string, no Authorization or Cookie', async () => {
    const { lines, logger } = captureLogger();
    const config = loadApiConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, PASSWORD_HASH_COST: 'test' });
    const { app } = buildApi({
      config: { ...config, jwtSecret: TEST_JWT_SECRET, dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY },
      dataSource: db.dataSource,
      bus: new LocalBus(),
      redis: null,
      logger,
      clock: systemClock,
      proxyDaemon: false,
    });
    const { server, base } = await listen(app);
    const headers = { authorization: 'Bearer header-secret-token', cookie: 'sid=cookie-secret', 'x-api-key': 'key-secret', 'content-type': 'application/json' };
    try {
      await fetch(`${base}/api/v1/access/visitors/VISITOR-SECRET-1`, { method: 'DELETE', headers });
      await fetch(`${base}/api/v1/access/visitors/VISITOR-SECRET-2/redeem`, { method: 'POST', headers, body: '{}' });
      await fetch(`${base}/api/v1/auth/invite/INVITE-SECRET-3/redeem`, { method: 'POST', headers, body: '{}' });
      await fetch(`${base}/API/V1/Access/Visitors/VISITOR-SECRET-4`, { method: 'DELETE', headers });
      await fetch(`${base}/api/v1/users?token=QUERY-SECRET-5&limit=5`, { headers });
    } finally {
      await close(server);
    }
    const logged = lines.join('\n');
    for (const secret of ['VISITOR-SECRET-1', 'VISITOR-SECRET-2', 'INVITE-SECRET-3', 'VISITOR-SECRET-4', 'QUERY-SECRET-5', 'header-secret-token', 'cookie-secret', 'key-secret']) {
      expect(logged).not.to.contain(secret);
    }
    const urls = lines.map((l) => JSON.parse(l).req?.url);
    expect(urls).to.deep.equal([
      '/api/v1/access/visitors/:redacted',
      '/api/v1/access/visitors/:redacted/redeem',
      '/api/v1/auth/invite/:redacted/redeem',
      '/API/V1/Access/Visitors/:redacted',
      '/api/v1/users',
    ]);
  });

  it('logs a failed query without its parameters or the value the database quotes back', async () => {
    const { lines, logger } = captureLogger();
    const tokens = new TokenService(createSecretKey(Buffer.from(TEST_JWT_SECRET)), systemClock, { accessSeconds: 900, refreshSeconds: 3600, accessLabel: '15m', refreshLabel: '1h' });
    const failing = Router();
    failing.get('/failing-query', async () => {
      await db.dataSource.query('SELECT $1::uuid, $2::text', ['password-reset-secret', '$scrypt$N=131072$hash-secret']);
    });
    const app = createApp({ logger, trustProxy: false, jsonBodyLimit: '1mb', rateLimit: new RateLimitMiddleware(new FlexibleRateLimiter(null), tokens), routers: [failing] });
    const { server, base } = await listen(app);
    try {
      const res = await fetch(`${base}/api/v1/failing-query`);
      expect(res.status).to.equal(500);
      expect(await res.json()).to.deep.equal({ statusCode: 500, message: 'Internal server error' });
    } finally {
      await close(server);
    }
    const unhandled = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(unhandled.err).to.include({ type: 'QueryFailedError', code: '22P02', query: 'SELECT $1::uuid, $2::text' });
    const logged = lines.join('\n');
    expect(logged).not.to.contain('password-reset-secret');
    expect(logged).not.to.contain('hash-secret');
  });
});

describe('redactUrl', () => {
  for (const [url, redacted] of [
    ['/api/v1/access/visitors', '/api/v1/access/visitors'],
    ['/api/v1/access/visitors?status=ACTIVE', '/api/v1/access/visitors'],
    ['/api/v1/access/visitors/abc', '/api/v1/access/visitors/:redacted'],
    ['/api/v1//access//visitors/abc/', '/api/v1//access//visitors/:redacted/'],
    ['/api/v1/access/%76isitors/abc', '/api/v1/access/%76isitors/:redacted'],
    ['/api/v1/auth/invite/abc/redeem#x', '/api/v1/auth/invite/:redacted/redeem'],
    ['/api/v1/access/grants/7f0c', '/api/v1/access/grants/7f0c'],
    ['/api/v1/esign/public/tok3n/sign', '/api/v1/esign/public/:redacted/sign'],
    ['/api/v1/esign/documents/7f0c/download', '/api/v1/esign/documents/7f0c/download'],
  ] as const) {
    it(`${url} -> ${redacted}`, () => expect(redactUrl(url)).to.equal(redacted));
  }
});
