import { expect } from 'chai';
import { ApiHarness } from '../test-support/harness.js';

describe('platform conventions (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  describe('X-Request-Id', () => {
    it('generates an id when none is sent', async () => {
      const res = await h.request('GET', '/health');
      expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
    it('echoes a caller id of up to 80 characters', async () => {
      const id = 'a'.repeat(80);
      const res = await h.request('GET', '/health', { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).to.equal(id);
    });
    it('replaces a caller id longer than 80 characters', async () => {
      const id = 'b'.repeat(81);
      const res = await h.request('GET', '/health', { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).to.not.equal(id);
      expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
    it('is present on error responses too', async () => {
      const res = await h.request('GET', '/nope', { headers: { 'x-request-id': 'trace-1' } });
      expect(res.status).to.equal(404);
      expect(res.headers.get('x-request-id')).to.equal('trace-1');
    });
  });

  describe('errors', () => {
    it('unknown route is 404 with {message, error, statusCode}', async () => {
      const res = await h.request('GET', '/does-not-exist');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Cannot GET /api/v1/does-not-exist', error: 'Not Found', statusCode: 404 });
    });
    it('malformed JSON is 400 with the validation body shape', async () => {
      const res = await h.request('POST', '/auth/login', { rawBody: '{"identifier": ', headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: ['Malformed JSON in request body'], error: 'Bad Request', statusCode: 400 });
    });
    it('a NUL byte or a lone surrogate in any string field is 400 naming the field, never a 500', async () => {
      for (const rawBody of ['{"identifier":"a\\u0000b@example.test","password":"x"}', '{"identifier":"a@example.test","password":"\\ud800"}']) {
        const res = await h.request('POST', '/auth/login', { rawBody, headers: { 'content-type': 'application/json' } });
        expect(res.status, rawBody).to.equal(400);
        expect(res.body.error).to.equal('Bad Request');
        expect(res.body.message[0]).to.match(/^(identifier|password) must not contain control characters or invalid Unicode$/);
      }
    });
    it('a protected route without a token is a bare 401', async () => {
      const res = await h.request('GET', '/users');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    });
    it('a garbage bearer token is a bare 401', async () => {
      const res = await h.request('GET', '/users', { token: 'not-a-jwt' });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    });
  });

  describe('health and status', () => {
    it('GET /health is 200 without rate-limit headers', async () => {
      const res = await h.request('GET', '/health');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ok' });
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
    });
    it('GET /status reports database and bus', async () => {
      const res = await h.request('GET', '/status');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ok', checks: { database: 'up', bus: 'up' }, busKind: 'local' });
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
    });
    it('other routes carry X-RateLimit headers', async () => {
      const res = await h.request('GET', '/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
      expect(Number(res.headers.get('x-ratelimit-remaining'))).to.equal(119);
      expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.within(1, 60);
    });
    it('sets helmet security headers', async () => {
      const res = await h.request('GET', '/health');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.headers.has('x-powered-by')).to.equal(false);
    });
  });
});
