import { expect } from 'chai';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { AuthSessionEntity, RefreshTokenEntity } from '@wfm/db/entities/auth.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { ApiHarness } from '../../../test-support/harness.js';
import { PrincipalRepository } from './principal.repository.js';
import type { TokenPair } from './token.service.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const DAY = 86400_000;

describe('POST /auth/refresh and /auth/logout', () => {
  let h: ApiHarness;
  let principals: PrincipalRepository;
  before(async () => {
    h = await ApiHarness.start({}, { freshDatabase: true });
    principals = new PrincipalRepository(h.ds);
  });
  after(async () => h.stop());

  async function signIn(): Promise<{ pair: TokenPair; userId: string }> {
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id);
    const res = await h.request('POST', '/auth/login', { body: { identifier: u.email, password: DEFAULT_PASSWORD } });
    expect(res.status).to.equal(200);
    return { pair: res.body, userId: u.id };
  }
  const refresh = (refreshToken: unknown) => h.request('POST', '/auth/refresh', { body: { refreshToken } });
  const logout = (body?: unknown) => h.request('POST', '/auth/logout', body === undefined ? {} : { body });
  async function accessWorks(accessToken: string): Promise<boolean> {
    const c = h.tokens.verifyAccess(accessToken);
    return c !== null && (await principals.load(c.sub, c.tid, c.sid, h.clock.now())) !== null;
  }

  describe('refresh', () => {
    it('rotates: a new pair in the same session, the presented token marked used', async () => {
      const { pair } = await signIn();
      h.clock.advance(60_000);
      const res = await refresh(pair.refreshToken);
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType');
      expect(res.body.tokenType).to.equal('Bearer');
      const before = h.tokens.verifyRefresh(pair.refreshToken)!;
      const after = h.tokens.verifyRefresh(res.body.refreshToken)!;
      expect(after.sid).to.equal(before.sid);
      expect(after.jti).to.not.equal(before.jti);
      const rows = h.ds.getRepository(RefreshTokenEntity);
      expect((await rows.findOneByOrFail({ id: before.jti })).usedAt).to.not.equal(null);
      expect((await rows.findOneByOrFail({ id: after.jti })).usedAt).to.equal(null);
      expect(await accessWorks(res.body.accessToken)).to.equal(true);
      const again = await refresh(res.body.refreshToken);
      expect(again.status).to.equal(200);
    });

    it('reuse of a rotated token revokes the whole session: the newest tokens die too', async () => {
      const { pair } = await signIn();
      const rotated = (await refresh(pair.refreshToken)).body as TokenPair;
      const reuse = await refresh(pair.refreshToken);
      expect(reuse.status).to.equal(401);
      expect(reuse.body).to.deep.equal(UNAUTHORIZED);
      const sid = h.tokens.verifyRefresh(pair.refreshToken)!.sid;
      expect(await h.ds.getRepository(AuthSessionEntity).findOneByOrFail({ id: sid })).to.include({ revokedReason: 'refresh_token_reuse' });
      const newest = await refresh(rotated.refreshToken);
      expect(newest.status).to.equal(401);
      expect(newest.body).to.deep.equal(UNAUTHORIZED);
      expect(await accessWorks(rotated.accessToken)).to.equal(false);
      expect(await accessWorks(pair.accessToken)).to.equal(false);
    });

    it('lets only one of two concurrent refreshes with the same token succeed', async () => {
      const { pair } = await signIn();
      const results = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 401]);
    });

    it('expires with the refresh lifetime of 7 days', async () => {
      const { pair } = await signIn();
      h.clock.advance(7 * DAY + 1000);
      const res = await refresh(pair.refreshToken);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
      expect(await accessWorks(pair.accessToken)).to.equal(false);
    });

    it('slides: a session refreshed within 7 days outlives the first 7 days', async () => {
      const { pair } = await signIn();
      h.clock.advance(6 * DAY);
      const second = await refresh(pair.refreshToken);
      expect(second.status).to.equal(200);
      h.clock.advance(6 * DAY);
      const third = await refresh(second.body.refreshToken);
      expect(third.status).to.equal(200);
      expect(await accessWorks(third.body.accessToken)).to.equal(true);
    });

    it('answers garbage, an access token, and a deactivated user with a bare 401', async () => {
      const { pair, userId } = await signIn();
      for (const token of ['garbage', pair.accessToken]) {
        const res = await refresh(token);
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
      await h.ds.getRepository(UserEntity).update({ id: userId }, { status: 'INACTIVE' });
      const res = await refresh(pair.refreshToken);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('validates the body', async () => {
      const missing = await h.request('POST', '/auth/refresh', { body: {} });
      expect(missing.status).to.equal(400);
      expect(missing.body).to.deep.equal({ message: ['refreshToken is required'], error: 'Bad Request', statusCode: 400 });
      const extra = await h.request('POST', '/auth/refresh', { body: { refreshToken: 'x', accessToken: 'y' } });
      expect(extra.status).to.equal(400);
      expect(extra.body.message).to.deep.equal(['property accessToken should not exist']);
    });
  });

  describe('logout', () => {
    it('ends the session: its refresh and access tokens stop working', async () => {
      const { pair } = await signIn();
      const res = await logout({ refreshToken: pair.refreshToken });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ success: true });
      const sid = h.tokens.verifyRefresh(pair.refreshToken)!.sid;
      expect(await h.ds.getRepository(AuthSessionEntity).findOneByOrFail({ id: sid })).to.include({ revokedReason: 'logout' });
      expect((await refresh(pair.refreshToken)).status).to.equal(401);
      expect(await accessWorks(pair.accessToken)).to.equal(false);
    });

    it('leaves the user\u2019s other sessions alone', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      const body = { identifier: u.email, password: DEFAULT_PASSWORD };
      const phone = (await h.request('POST', '/auth/login', { body })).body as TokenPair;
      const laptop = (await h.request('POST', '/auth/login', { body })).body as TokenPair;
      await logout({ refreshToken: phone.refreshToken });
      expect(await accessWorks(laptop.accessToken)).to.equal(true);
      expect((await refresh(laptop.refreshToken)).status).to.equal(200);
    });

    it('is idempotent: an already ended session, an old token or garbage still answer 200', async () => {
      const { pair } = await signIn();
      const rotated = (await refresh(pair.refreshToken)).body as TokenPair;
      // A rotated-away token of the session still identifies it.
      expect((await logout({ refreshToken: pair.refreshToken })).body).to.deep.equal({ success: true });
      expect((await refresh(rotated.refreshToken)).status).to.equal(401);
      for (const refreshToken of [rotated.refreshToken, 'garbage']) {
        const res = await logout({ refreshToken });
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ success: true });
      }
    });

    it('requires the refresh token in the body, even with an access token', async () => {
      const { pair } = await signIn();
      const res = await h.request('POST', '/auth/logout', { token: pair.accessToken });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: ['refreshToken is required'], error: 'Bad Request', statusCode: 400 });
      expect(await accessWorks(pair.accessToken)).to.equal(true);
    });
  });
});
