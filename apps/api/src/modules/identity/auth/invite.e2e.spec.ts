import { expect } from 'chai';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { ScryptPasswordHasher, SecretHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import { createLogger } from '@wfm/core/logger';
import { transactionRunner } from '@wfm/db/transaction';
import { OneTimeTokenEntity } from '@wfm/db/entities/auth.entity';
import { ApiHarness } from '../../../test-support/harness.js';
import { MailDrop } from '../../notifications/mail/mail-drop.js';
import { MailRepository } from '../../notifications/mail/mail.repository.js';
import { OutboxMailer } from '../../notifications/mail/mail.service.js';
import { LogMessagingTransport } from '../../notifications/messaging/messaging.transport.js';
import { AuthRepository } from './auth.repository.js';
import { InviteService } from './invite.service.js';
import { SessionService } from './session.service.js';

const NOT_FOUND = { message: 'Invite not found or expired', error: 'Not Found', statusCode: 404 };
const PASSWORD = 'my-first-password';
const DAY = 86400_000;
/** Redeem allows 10 calls per 15 minutes per address; each call here comes from its own. */
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });

describe('InviteService and POST /auth/invite/:code/redeem', () => {
  let h: ApiHarness;
  let inviter: InviteService;
  let mail: MailRepository;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: 'https://app.example.test' }, { captureLogs: true, freshDatabase: true });
    mail = new MailRepository(h.ds);
    const repo = new AuthRepository(h.ds);
    const transaction = transactionRunner(h.ds);
    // The same secret hasher as the app's (no SECRET_PEPPER in tests: the JWT secret), so codes match.
    inviter = new InviteService({
      repo,
      transaction,
      passwords: new ScryptPasswordHasher(TEST_SCRYPT),
      secrets: new SecretHasher(h.config.secretPepper ?? h.config.jwtSecret),
      sessions: new SessionService(repo, transaction, h.tokens, h.clock),
      mailer: new OutboxMailer(mail, h.clock, createLogger('test', 'silent'), { drop: new MailDrop(h.mailDropDir, h.clock) }, 'test@example.test'),
      texts: new LogMessagingTransport(createLogger('test', 'silent')),
      clock: h.clock,
      appUrl: 'https://app.example.test',
    });
  });
  after(async () => h.stop());

  async function invited(): Promise<{ user: CreatedUser; code: string }> {
    const t = await createTenant(h.ds);
    const user = await createUser(h.ds, t.id, { password: null, fullName: 'Ivy Invited' });
    return { user, code: await invite(user) };
  }
  async function invite(user: CreatedUser): Promise<string> {
    await inviter.issueInvite({ id: user.id, tenantId: user.tenantId, email: user.email!, mobile: null, fullName: user.fullName });
    return lastCode(user.email!, user.tenantId);
  }
  async function lastCode(to: string, tenantId: string): Promise<string> {
    const last = (await h.mailsTo(to, tenantId)).at(-1)!;
    const m = /https:\/\/app\.example\.test\/invite\/([A-Za-z0-9_-]+)/.exec(last.text);
    expect(m, last.text).to.not.equal(null);
    return m![1]!;
  }
  const redeem = (code: string, body: unknown) => h.request('POST', `/auth/invite/${code}/redeem`, { body, headers: fresh() });
  const login = (identifier: string | null, password: string) => h.request('POST', '/auth/login', { body: { identifier, password }, headers: fresh() });

  it('mails a 7-day invite link and stores only the code hash', async () => {
    const { user, code } = await invited();
    const rows = await mail.forRecipient(user.tenantId, user.email!);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ template: 'invite', toAddress: user.email });
    expect((await h.mailsTo(user.email!, user.tenantId))[0]!.text).to.contain('Ivy Invited');
    const stored = await h.ds.getRepository(OneTimeTokenEntity).findOneByOrFail({ userId: user.id });
    expect(stored).to.include({ purpose: 'INVITE', tenantId: user.tenantId, usedAt: null });
    expect(stored.tokenHash).to.not.contain(code);
    expect(stored.expiresAt.getTime() - h.clock.now().getTime()).to.equal(7 * DAY);
  });

  it('redeems once: sets the password and signs the user in', async () => {
    const { user, code } = await invited();
    expect((await login(user.email, PASSWORD)).status).to.equal(401);
    const res = await redeem(code, { password: PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType');
    expect(h.tokens.verifyAccess(res.body.accessToken)).to.include({ sub: user.id, tid: user.tenantId });
    expect((await h.request('POST', '/auth/refresh', { body: { refreshToken: res.body.refreshToken } })).status).to.equal(200);
    expect((await login(user.email, PASSWORD)).status).to.equal(200);
    const again = await redeem(code, { password: 'another-password' });
    expect(again.status).to.equal(404);
    expect(again.body).to.deep.equal(NOT_FOUND);
  });

  it('an admin-created user\u2019s invite link stays out of mail_outbox and the log', async () => {
    const t = await createTenant(h.ds);
    const admin = await createUser(h.ds, t.id, { role: 'COMPANY_ADMIN' });
    const logged = h.logLines.length;
    const created = await h.request('POST', '/users', { token: await h.tokenFor(admin), body: { fullName: 'Nia New', email: 'nia@example.test', role: 'STAFF' } });
    expect(created.status).to.equal(201);
    const code = await lastCode('nia@example.test', t.id);
    const outbox = JSON.stringify(await h.ds.query(`SELECT row_to_json(m)::text AS row FROM mail_outbox m WHERE m.tenant_id = $1`, [t.id]));
    expect(outbox).to.contain('nia@example.test');
    expect(outbox).to.not.contain(code);
    const lines = h.logLines.slice(logged).join('\n');
    expect(lines).to.contain('mail written to the mail drop');
    expect(lines).to.not.contain(code);
    expect((await redeem(code, { password: PASSWORD })).status).to.equal(200);
  });

  it('proves the mailbox: redeeming verifies an account that was not', async () => {
    const t = await createTenant(h.ds);
    const user = await createUser(h.ds, t.id, { password: null, verified: false });
    const code = await invite(user);
    expect((await redeem(code, { password: PASSWORD })).status).to.equal(200);
    expect((await login(user.email, PASSWORD)).status).to.equal(200);
  });

  it('answers an unknown code with 404', async () => {
    const res = await redeem('no-such-code', { password: PASSWORD });
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal(NOT_FOUND);
  });

  it('expires after 7 days', async () => {
    const { code } = await invited();
    h.clock.advance(7 * DAY + 60_000);
    const res = await redeem(code, { password: PASSWORD });
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal(NOT_FOUND);
  });

  it('a new invite voids the previous one', async () => {
    const { user, code: first } = await invited();
    const second = await invite(user);
    expect((await redeem(first, { password: PASSWORD })).body).to.deep.equal(NOT_FOUND);
    expect((await redeem(second, { password: PASSWORD })).status).to.equal(200);
  });

  it('does not work for a user removed after the invite', async () => {
    const { user, code } = await invited();
    await h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [user.id]);
    expect((await redeem(code, { password: PASSWORD })).body).to.deep.equal(NOT_FOUND);
  });

  it('validates the body with the password policy and leaves the code usable', async () => {
    const { code } = await invited();
    const short = await redeem(code, { password: 'short' });
    expect(short.status).to.equal(400);
    expect(short.body).to.deep.equal({ message: ['password must be at least 10 characters'], error: 'Bad Request', statusCode: 400 });
    const extra = await redeem(code, { password: PASSWORD, email: 'x@example.test' });
    expect(extra.body.message).to.deep.equal(['property email should not exist']);
    expect((await redeem(code, { password: PASSWORD })).status).to.equal(200);
  });
});
