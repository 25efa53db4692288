import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { FakeTwilio } from '../../../test-support/fake-twilio.js';
import { FakeWhatsApp } from '../../../test-support/fake-whatsapp.js';

let address = 0;
const fresh = () => ({ 'x-forwarded-for': `198.18.0.${++address}` });
const APP = 'https://app.example.test';
const NEW_PASSWORD = 'a-new-password-for-me';

/** Issue 33: staff known only by a mobile number are invited, and reset their password, by text message. */
describe('mobile-only staff: invites and password resets by SMS (or WhatsApp) (HTTP)', () => {
  let h: ApiHarness;
  let twilio: FakeTwilio;
  let whatsapp: FakeWhatsApp;
  before(async () => {
    twilio = await FakeTwilio.start();
    whatsapp = await FakeWhatsApp.start();
    // Both providers configured: links go by SMS.
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: APP, ...whatsapp.apiEnv(), ...twilio.apiEnv(), WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' }, { freshDatabase: true });
  });
  after(async () => {
    await h.stop();
    await twilio.stop();
    await whatsapp.stop();
  });
  beforeEach(() => {
    twilio.reset();
    whatsapp.reset();
  });

  const lastLink = (kind: 'invite/' | 'reset-password?token=') => {
    const body = twilio.sent.at(-1)!.form.Body!;
    const m = new RegExp(`${APP.replace(/\./g, '\\.')}/${kind.replace('?', '\\?')}([A-Za-z0-9_-]+)`).exec(body);
    expect(m, body).to.not.equal(null);
    return m![1]!;
  };
  const login = (identifier: string, password: string) => h.request('POST', '/auth/login', { body: { identifier, password }, headers: fresh() });

  it('a person created with a mobile number and no email gets the invite link by SMS, and signs in by number after choosing a password', async () => {
    const t = await createTenant(h.ds);
    const admin = await h.tokenFor(await createUser(h.ds, t.id, { role: 'HR_MANAGER' }));
    const created = await h.request('POST', '/users', { token: admin, body: { fullName: 'Mo Bile', mobile: '+44 7700 900301', role: 'STAFF' } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(twilio.sent).to.have.length(1);
    expect(whatsapp.sent).to.have.length(0);
    expect(twilio.sent[0]!.form).to.include({ To: '+447700900301' });
    expect(twilio.sent[0]!.form.Body).to.match(/^Workforce Platform: Mo Bile, an account has been created for you\. Choose your password and sign in within 7 days \(the link works once\): https:\/\/app\.example\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const code = lastLink('invite/');
    const [record] = await h.ds.query(`SELECT provider, purpose, status FROM messaging_messages WHERE tenant_id = $1`, [t.id]);
    expect(record).to.deep.equal({ provider: 'TWILIO_SMS', purpose: 'INVITE', status: 'ACCEPTED' });
    expect((await h.request('POST', `/auth/invite/${code}/redeem`, { body: { password: NEW_PASSWORD }, headers: fresh() })).status).to.equal(200);
    expect((await login('+44 7700 900301', NEW_PASSWORD)).status).to.equal(200);
  });

  it('forgot-password by mobile number texts a one-hour reset link to a mobile-only person; the link sets the password', async () => {
    const t = await createTenant(h.ds);
    await createUser(h.ds, t.id, { email: null, mobile: '+447700900302', fullName: 'Only Phone' });
    const res = await h.request('POST', '/auth/forgot-password', { body: { identifier: '+44 7700 900302' }, headers: fresh() });
    expect(res).to.deep.include({ status: 200, body: { success: true } });
    expect(twilio.sent).to.have.length(1);
    expect(twilio.sent[0]!.form.To).to.equal('+447700900302');
    const token = lastLink('reset-password?token=');
    expect((await h.request('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD }, headers: fresh() })).status).to.equal(200);
    expect((await login('+447700900302', NEW_PASSWORD)).status).to.equal(200);
  });

  it('the same answer for a number nobody has, and nothing is sent (no enumeration)', async () => {
    const known = await h.request('POST', '/auth/forgot-password', { body: { identifier: '+44 7700 900399' }, headers: fresh() });
    expect(known).to.deep.include({ status: 200, body: { success: true } });
    expect(twilio.requests).to.equal(0);
  });

  it('a person with an email address still gets the link by mail, even when asking by number', async () => {
    const t = await createTenant(h.ds);
    await createUser(h.ds, t.id, { email: 'both@example.test', mobile: '+447700900304' });
    expect((await h.request('POST', '/auth/forgot-password', { body: { identifier: '+447700900304' }, headers: fresh() })).status).to.equal(200);
    expect(twilio.requests).to.equal(0);
    expect(await h.mailsTo('both@example.test', t.id)).to.have.length(1);
  });

  it('is limited like the email path: 5 a minute per address', async () => {
    const ip = { 'x-forwarded-for': '198.18.1.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.request('POST', '/auth/forgot-password', { body: { identifier: '+447700900305' }, headers: ip })).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
  });
});

describe('mobile-only staff with only WhatsApp configured (HTTP)', () => {
  let h: ApiHarness;
  let whatsapp: FakeWhatsApp;
  before(async () => {
    whatsapp = await FakeWhatsApp.start();
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: APP, ...whatsapp.apiEnv() });
  });
  after(async () => {
    await h.stop();
    await whatsapp.stop();
  });

  it('the invite link goes by WhatsApp', async () => {
    const t = await createTenant(h.ds);
    const admin = await h.tokenFor(await createUser(h.ds, t.id, { role: 'HR_MANAGER' }));
    expect((await h.request('POST', '/users', { token: admin, body: { fullName: 'Wa Only', mobile: '+44 7700 900311', role: 'STAFF' } })).status).to.equal(201);
    expect(whatsapp.sent).to.have.length(1);
    expect(JSON.stringify(whatsapp.sent[0]!.body)).to.match(/https:\/\/app\.example\.test\/invite\/[A-Za-z0-9_-]{43}/);
  });
});
