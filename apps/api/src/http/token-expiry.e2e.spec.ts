import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_JWT_SECRET } from '../test-support/harness.js';
import { ACCESS_AUDIENCE, JWT_ISSUER } from '../modules/identity/auth/token.service.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

/**
 * Expiry is judged by the injected clock at request time, not at start-up: the clock moves only
 * after the app is listening, as a real process's does.
 */
describe('access token expiry and claims', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ JWT_ACCESS_TTL: '10s' });
  });
  after(async () => h.stop());

  it('accepts a token until its exp and refuses it with a bare 401 once the clock passes it', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id, { role: 'TENANT_OWNER' });
    const token = await h.tokenFor(u);
    expect((await h.request('GET', '/tenant', { token })).status).to.equal(200);
    h.clock.advance(9_000);
    expect((await h.request('GET', '/tenant', { token })).status).to.equal(200);
    h.clock.advance(6_000);
    const late = await h.request('GET', '/tenant', { token });
    expect(late.status).to.equal(401);
    expect(late.body).to.deep.equal(UNAUTHORIZED);
  });

  it('answers 401, not 500, for a correctly signed token whose sub, tid or sid is not a UUID', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id, { role: 'TENANT_OWNER' });
    const now = Math.floor(h.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      jwt.sign({ iat: now, exp: now + 60, ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256', issuer: JWT_ISSUER, audience: ACCESS_AUDIENCE });
    for (const claims of [
      { sub: u.id, tid: t.id, sid: 'not-a-uuid' },
      { sub: "1' OR '1'='1", tid: t.id, sid: u.id },
      { sub: u.id, tid: 42, sid: u.id },
    ]) {
      const res = await h.request('GET', '/tenant', { token: sign(claims) });
      expect(res.status, JSON.stringify(claims)).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    }
  });
});
