import { expect } from 'chai';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

/** Every limit is per source address; each case speaks from its own, through a trusted proxy header. */
let address = 0;
const fresh = () => `100.64.0.${++address}`;

function expectThrottled(res: HttpResult, windowSeconds: number): void {
  expect(res.status).to.equal(429);
  expect(res.body).to.deep.equal(THROTTLED);
  expect(Number(res.headers.get('retry-after'))).to.be.within(1, windowSeconds);
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(h)).to.equal(false);
}

describe('rate limits of the sign-in and account routes (spec 01, Limits)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true' }, { freshDatabase: true });
  });
  after(async () => h.stop());

  const cases: Array<{ path: string; body: unknown; limit: number; window: number }> = [
    { path: '/auth/login', body: { identifier: 'nobody@example.test', password: 'wrong-password' }, limit: 30, window: 60 },
    { path: '/auth/refresh', body: { refreshToken: 'garbage' }, limit: 30, window: 60 },
    { path: '/auth/signup', body: {}, limit: 5, window: 60 },
    { path: '/auth/forgot-password', body: { identifier: 'nobody@example.test' }, limit: 5, window: 60 },
    { path: '/auth/reset-password', body: { token: 'garbage', password: 'long-enough-pw' }, limit: 10, window: 60 },
    { path: '/auth/verify-email', body: { token: 'garbage' }, limit: 10, window: 60 },
    { path: '/auth/invite/some-code/redeem', body: { password: 'long-enough-pw' }, limit: 10, window: 15 * 60 },
    // Single sign-on's own limits (spec 01: "each has its own"; decisions.md).
    { path: '/auth/sso/start', body: { email: 'nobody@nowhere.test' }, limit: 20, window: 60 },
    { path: '/auth/sso/exchange', body: { code: 'garbage' }, limit: 30, window: 60 },
    { path: '/auth/google/start', body: {}, limit: 20, window: 60 },
  ];

  for (const c of cases) {
    it(`POST ${c.path}: ${c.limit} per ${c.window} s per address, then 429 with Retry-After`, async () => {
      const ip = fresh();
      const call = (from: string) => h.request('POST', c.path, { body: c.body, headers: { 'x-forwarded-for': from } });
      for (let i = 1; i <= c.limit; i++) {
        const res = await call(ip);
        expect(res.status, `call ${i}`).to.not.equal(429);
        expect(res.headers.get('x-ratelimit-limit')).to.equal(String(c.limit));
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(c.limit - i));
        expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.within(1, c.window);
      }
      expectThrottled(await call(ip), c.window);
      expect((await call(fresh())).status).to.not.equal(429);
    });
  }

  it('counts logout under the default limit of 120 per 60 s', async () => {
    const res = await h.request('POST', '/auth/logout', { body: { refreshToken: 'garbage' }, headers: { 'x-forwarded-for': fresh() } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
  });
});
