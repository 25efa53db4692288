import { expect } from 'chai';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { MailOutboxEntity } from '@wfm/db/entities/mail-outbox.entity';
import { OneTimeTokenEntity } from '@wfm/db/entities/auth.entity';
import { ApiHarness } from '../../../test-support/harness.js';
import { MailRepository } from '../../notifications/mail/mail.repository.js';
import { PrincipalRepository } from './principal.repository.js';

/** forgot-password allows 5 calls a minute per address; each call here comes from its own. */
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++address}` });
const INVALID = { message: ['token is invalid or has expired'], error: 'Bad Request', statusCode: 400 };
const NEW_PASSWORD = 'brand-new-password';

describe('POST /auth/forgot-password and /auth/reset-password', () => {
  let h: ApiHarness;
  let mail: MailRepository;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: 'https://app.example.test/' }, { captureLogs: true, freshDatabase: true });
    mail = new MailRepository(h.ds);
  });
  after(async () => h.stop());

  const forgot = (identifier: unknown) => h.request('POST', '/auth/forgot-password', { body: { identifier }, headers: fresh() });
  const reset = (body: unknown) => h.request('POST', '/auth/reset-password', { body, headers: fresh() });
  const login = (identifier: string | null, password: string) =>
    h.request('POST', '/auth/login', { body: { identifier, password }, headers: fresh() });

  async function resetTokenFor(user: { tenantId: string; email: string | null }): Promise<string> {
    const last = (await h.mailsTo(user.email!, user.tenantId)).at(-1)!;
    const m = /https:\/\/app\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last.text);
    expect(m, last.text).to.not.equal(null);
    return m![1]!;
  }

  describe('forgot-password', () => {
    it('answers 200 for an unknown identifier and sends nothing', async () => {
      const before = await h.ds.getRepository(MailOutboxEntity).count();
      for (const identifier of ['nobody@example.test', '+44 7700 900999', 'neither']) {
        const res = await forgot(identifier);
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ success: true });
      }
      expect(await h.ds.getRepository(MailOutboxEntity).count()).to.equal(before);
    });

    it('mails a one-hour reset link to a known account and stores only the token hash', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id, { email: 'reset.me@example.test', fullName: 'Reset Me' });
      const res = await forgot('Reset.Me@example.test');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ success: true });
      const rows = await mail.forRecipient(t.id, 'reset.me@example.test');
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ template: 'password_reset', transport: 'file', error: null });
      expect((await h.mailsTo('reset.me@example.test', t.id))[0]!.text).to.contain('Reset Me');
      const token = await resetTokenFor(u);
      const stored = await h.ds.getRepository(OneTimeTokenEntity).findOneByOrFail({ userId: u.id });
      expect(stored).to.include({ purpose: 'PASSWORD_RESET', usedAt: null });
      expect(stored.tokenHash).to.not.contain(token);
      expect(stored.expiresAt.getTime() - h.clock.now().getTime()).to.equal(3600_000);
    });

    it('finds accounts by mobile number and in every tenant, but not inactive ones', async () => {
      const t1 = await createTenant(h.ds);
      const t2 = await createTenant(h.ds);
      await createUser(h.ds, t1.id, { email: 'one@example.test', mobile: '+447700900111' });
      await createUser(h.ds, t2.id, { email: 'two@example.test', mobile: '+447700900111' });
      await createUser(h.ds, t2.id, { email: 'off@example.test', mobile: '+447700900222', status: 'INACTIVE' });
      expect((await forgot('+44 7700 900111')).status).to.equal(200);
      expect(await mail.forRecipient(t1.id, 'one@example.test')).to.have.length(1);
      expect(await mail.forRecipient(t2.id, 'two@example.test')).to.have.length(1);
      expect((await forgot('+44 7700 900222')).status).to.equal(200);
      const [{ n }] = await h.ds.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE tenant_id = ANY($1)`, [[t1.id, t2.id]]);
      expect(n).to.equal(2);
    });

    it('keeps the reset link out of mail_outbox and the log', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      const logged = h.logLines.length;
      await forgot(u.email);
      const token = await resetTokenFor(u);
      const outbox = JSON.stringify(await h.ds.query(`SELECT row_to_json(m)::text AS row FROM mail_outbox m WHERE m.tenant_id = $1`, [t.id]));
      expect(outbox).to.contain(u.email);
      expect(outbox).to.not.contain(token);
      const lines = h.logLines.slice(logged).join('\n');
      expect(lines).to.contain('mail written to the mail drop');
      expect(lines).to.not.contain(token);
    });

    it('mails only verified accounts, so squatted signups can neither get a link nor crowd out the real account', async () => {
      // More than the 10 accounts one identifier may be mailed for, all older than the real one.
      for (let i = 0; i < 12; i++) await createUser(h.ds, (await createTenant(h.ds)).id, { email: 'wanted@example.test', verified: false });
      const home = await createTenant(h.ds);
      await createUser(h.ds, home.id, { email: 'wanted@example.test' });
      expect((await forgot('wanted@example.test')).status).to.equal(200);
      const mails = await h.mailsTo('wanted@example.test');
      expect(mails.map((m) => m.tenantId)).to.deep.equal([home.id]);
      const [{ n }] = await h.ds.query(
        `SELECT count(*)::int AS n FROM one_time_tokens o JOIN users u ON u.id = o.user_id WHERE o.purpose = 'PASSWORD_RESET' AND u.email = 'wanted@example.test'`,
      );
      expect(n).to.equal(1);
    });

    it('validates the body', async () => {
      const res = await h.request('POST', '/auth/forgot-password', { body: { email: 'a@example.test' }, headers: fresh() });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.have.members(['identifier is required', 'property email should not exist']);
    });
  });

  describe('reset-password', () => {
    it('sets the new password once and ends every existing session', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      const oldSession = await login(u.email, DEFAULT_PASSWORD);
      await forgot(u.email);
      const token = await resetTokenFor(u);
      const res = await reset({ token, password: NEW_PASSWORD });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ success: true });
      expect((await login(u.email, DEFAULT_PASSWORD)).status).to.equal(401);
      expect((await login(u.email, NEW_PASSWORD)).status).to.equal(200);
      const c = h.tokens.verifyAccess(oldSession.body.accessToken)!;
      expect(await new PrincipalRepository(h.ds).load(c.sub, c.tid, c.sid, h.clock.now())).to.equal(null);
      expect((await h.request('POST', '/auth/refresh', { body: { refreshToken: oldSession.body.refreshToken } })).status).to.equal(401);
      const again = await reset({ token, password: 'another-password' });
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal(INVALID);
    });

    it('voids the user\u2019s other outstanding reset links once one is used', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      await forgot(u.email);
      const first = await resetTokenFor(u);
      await forgot(u.email);
      const second = await resetTokenFor(u);
      expect((await reset({ token: second, password: NEW_PASSWORD })).status).to.equal(200);
      expect((await reset({ token: first, password: 'another-password' })).body).to.deep.equal(INVALID);
    });

    it('expires after one hour', async () => {
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      await forgot(u.email);
      const token = await resetTokenFor(u);
      h.clock.advance(61 * 60_000);
      const res = await reset({ token, password: NEW_PASSWORD });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(INVALID);
      expect((await login(u.email, DEFAULT_PASSWORD)).status).to.equal(200);
    });

    it('refuses an unknown token and a user deactivated since the mail', async () => {
      expect((await reset({ token: 'made-up-token', password: NEW_PASSWORD })).body).to.deep.equal(INVALID);
      const t = await createTenant(h.ds);
      const u = await createUser(h.ds, t.id);
      await forgot(u.email);
      const token = await resetTokenFor(u);
      await h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [u.id]);
      expect((await reset({ token, password: NEW_PASSWORD })).body).to.deep.equal(INVALID);
    });

    it('validates the body, password policy included', async () => {
      const res = await reset({ token: 'x', password: 'short', extra: 1 });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.have.members(['password must be at least 10 characters', 'property extra should not exist']);
      const missing = await reset({});
      expect(missing.body.message).to.have.members(['token is required', 'password is required']);
    });
  });
});
