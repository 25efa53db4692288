import { expect } from 'chai';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { AuthSessionEntity, RefreshTokenEntity } from '@wfm/db/entities/auth.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { ApiHarness } from '../../../test-support/harness.js';
import { PrincipalRepository } from './principal.repository.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

describe('POST /auth/login', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({}, { freshDatabase: true });
  });
  after(async () => h.stop());

  const login = (body: unknown) => h.request('POST', '/auth/login', { body });

  it('signs in by email, case-insensitively, with exactly the token pair', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id, { email: 'alice@example.test' });
    const res = await login({ identifier: '  Alice@EXAMPLE.test ', password: DEFAULT_PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType');
    expect(res.body).to.include({ accessExpiresIn: '15m', refreshExpiresIn: '7d', tokenType: 'Bearer' });
    const claims = h.tokens.verifyAccess(res.body.accessToken);
    expect(claims).to.include({ sub: u.id, tid: t.id });
    expect(h.tokens.verifyRefresh(res.body.refreshToken)).to.include({ sub: u.id, tid: t.id, sid: claims!.sid });
  });

  it('records the sign-in as a session whose access token the auth guard accepts', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id, { role: 'HR_MANAGER' });
    const res = await login({ identifier: u.email, password: DEFAULT_PASSWORD });
    expect(res.status).to.equal(200);
    const claims = h.tokens.verifyAccess(res.body.accessToken)!;
    const session = await h.ds.getRepository(AuthSessionEntity).findOneByOrFail({ id: claims.sid });
    expect(session).to.include({ tenantId: t.id, userId: u.id, revokedAt: null });
    expect(session.expiresAt.getTime() - h.clock.now().getTime()).to.be.within(7 * 86400_000 - 1000, 7 * 86400_000);
    const refresh = h.tokens.verifyRefresh(res.body.refreshToken)!;
    expect(await h.ds.getRepository(RefreshTokenEntity).findOneBy({ id: refresh.jti })).to.include({ sessionId: claims.sid, usedAt: null });
    const principal = await new PrincipalRepository(h.ds).load(claims.sub, claims.tid, claims.sid, h.clock.now());
    expect(principal).to.include({ userId: u.id, tenantId: t.id, role: 'HR_MANAGER', sessionId: claims.sid });
  });

  it('signs in by mobile number written with spaces', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id, { email: null, mobile: '+447700900123' });
    const res = await login({ identifier: '+44 7700 900123', password: DEFAULT_PASSWORD });
    expect(res.status).to.equal(200);
    expect(h.tokens.verifyAccess(res.body.accessToken)).to.include({ sub: u.id });
  });

  it('rejects `email` in place of `identifier` with 400 naming both', async () => {
    const res = await login({ email: 'a@example.test', password: DEFAULT_PASSWORD });
    expect(res.status).to.equal(400);
    expect(res.body).to.have.all.keys('message', 'error', 'statusCode');
    expect(res.body).to.include({ error: 'Bad Request', statusCode: 400 });
    expect(res.body.message).to.have.members(['property email should not exist', 'identifier is required']);
  });

  it('rejects a missing password with 400', async () => {
    const res = await login({ identifier: 'a@example.test' });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ message: ['password is required'], error: 'Bad Request', statusCode: 400 });
  });

  it('rejects unknown properties and non-string values', async () => {
    const res = await login({ identifier: 5, password: DEFAULT_PASSWORD, remember: true });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.have.members(['identifier must be a string', 'property remember should not exist']);
  });

  it('answers a wrong password, an unknown account and an inactive user with the same bare 401', async () => {
    const t = await createTenant(h.ds);
    const active = await createUser(h.ds, t.id);
    const inactive = await createUser(h.ds, t.id, { status: 'INACTIVE' });
    const wrong = await login({ identifier: active.email, password: 'not-the-password' });
    const unknown = await login({ identifier: 'nobody@example.test', password: DEFAULT_PASSWORD });
    const off = await login({ identifier: inactive.email, password: DEFAULT_PASSWORD });
    const notAnIdentifier = await login({ identifier: 'not a mobile', password: DEFAULT_PASSWORD });
    for (const res of [wrong, unknown, off, notAnIdentifier]) {
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    }
  });

  it('refuses removed users and users who never set a password', async () => {
    const t = await createTenant(h.ds);
    const removed = await createUser(h.ds, t.id);
    await h.ds.getRepository(UserEntity).update({ id: removed.id }, { deletedAt: h.clock.now() });
    const invited = await createUser(h.ds, t.id, { password: null });
    expect((await login({ identifier: removed.email, password: DEFAULT_PASSWORD })).status).to.equal(401);
    expect((await login({ identifier: invited.email, password: '' })).status).to.equal(400);
    expect((await login({ identifier: invited.email, password: DEFAULT_PASSWORD })).status).to.equal(401);
  });

  it('an identifier names its oldest account: another tenant\u2019s account needs tenantSlug', async () => {
    const t1 = await createTenant(h.ds);
    const t2 = await createTenant(h.ds);
    const first = await createUser(h.ds, t1.id, { email: 'shared@example.test', password: 'first-password-1' });
    const second = await createUser(h.ds, t2.id, { email: 'shared@example.test', password: 'second-password-2' });
    const oldest = await login({ identifier: 'shared@example.test', password: 'first-password-1' });
    expect(h.tokens.verifyAccess(oldest.body.accessToken)).to.include({ sub: first.id, tid: t1.id });
    const unscoped = await login({ identifier: 'shared@example.test', password: 'second-password-2' });
    expect(unscoped.status).to.equal(401);
    expect(unscoped.body).to.deep.equal(UNAUTHORIZED);
    const scoped = await login({ identifier: 'shared@example.test', password: 'second-password-2', tenantSlug: t2.slug });
    expect(h.tokens.verifyAccess(scoped.body.accessToken)).to.include({ sub: second.id, tid: t2.id });
  });

  it('never signs into an unverified account, and unverified accounts never stand in the way', async () => {
    const squat = await createTenant(h.ds);
    await createUser(h.ds, squat.id, { email: 'real@example.test', verified: false });
    const home = await createTenant(h.ds);
    const real = await createUser(h.ds, home.id, { email: 'real@example.test', password: 'real-password-1' });
    const own = await login({ identifier: 'real@example.test', password: DEFAULT_PASSWORD, tenantSlug: squat.slug });
    expect(own.status).to.equal(401);
    expect(own.body).to.deep.equal(UNAUTHORIZED);
    const res = await login({ identifier: 'real@example.test', password: 'real-password-1' });
    expect(res.status).to.equal(200);
    expect(h.tokens.verifyAccess(res.body.accessToken)).to.include({ sub: real.id });
  });

  it('signs in to the tenant named by tenantSlug when the same credentials work in several', async () => {
    const t1 = await createTenant(h.ds);
    const t2 = await createTenant(h.ds);
    const first = await createUser(h.ds, t1.id, { email: 'twice@example.test' });
    const second = await createUser(h.ds, t2.id, { email: 'twice@example.test' });
    const unscoped = await login({ identifier: 'twice@example.test', password: DEFAULT_PASSWORD });
    expect(h.tokens.verifyAccess(unscoped.body.accessToken)).to.include({ sub: first.id });
    const scoped = await login({ identifier: 'twice@example.test', password: DEFAULT_PASSWORD, tenantSlug: t2.slug });
    expect(h.tokens.verifyAccess(scoped.body.accessToken)).to.include({ sub: second.id, tid: t2.id });
    const elsewhere = await login({ identifier: 'twice@example.test', password: DEFAULT_PASSWORD, tenantSlug: 'no-such-tenant' });
    expect(elsewhere.status).to.equal(401);
    expect(elsewhere.body).to.deep.equal(UNAUTHORIZED);
  });

  it('does not leak the password hash or echo the password', async () => {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id);
    const res = await login({ identifier: u.email, password: DEFAULT_PASSWORD });
    const text = JSON.stringify(res.body);
    expect(text).not.to.contain('scrypt$');
    expect(text).not.to.contain(DEFAULT_PASSWORD);
  });
});
