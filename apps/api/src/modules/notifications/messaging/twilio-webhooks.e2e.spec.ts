import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createTenant } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { FAKE_TWILIO, FakeTwilio } from '../../../test-support/fake-twilio.js';
import { MessagingRepository } from './messaging.repository.js';
import { twilioSignature } from './twilio-webhooks.service.js';

const PATH = '/messaging/webhooks/twilio';
const APP_URL = 'https://app.example.test';
const CALLBACK = `${APP_URL}/api/v1${PATH}`;
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

describe('Twilio SMS status callbacks: POST /messaging/webhooks/twilio (HTTP)', () => {
  let h: ApiHarness;
  let fake: FakeTwilio;
  before(async () => {
    fake = await FakeTwilio.start();
    h = await ApiHarness.start({ PUBLIC_APP_URL: APP_URL, ...fake.apiEnv() });
  });
  after(async () => {
    await h.stop();
    await fake.stop();
  });

  /** An SMS as the transport records it once Twilio accepted it. */
  async function accepted() {
    const tenant = await createTenant(h.ds);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const id = uuid();
    await new MessagingRepository(h.ds).insert({
      id, tenantId: tenant.id, provider: 'TWILIO_SMS', providerMessageId: sid, recipient: '+447700900123', purpose: 'NOTIFICATION', subjectId: uuid(), status: 'ACCEPTED', error: null, createdAt: h.clock.now(),
    });
    return { sid, id, tenantId: tenant.id };
  }
  const row = async (id: string) => (await h.ds.query(`SELECT status, error, delivered_at, failed_at FROM messaging_messages WHERE id = $1`, [id]))[0];
  const report = (fields: Record<string, string>, signature?: string | null, token: string = FAKE_TWILIO.authToken) => {
    const params = new URLSearchParams({ AccountSid: FAKE_TWILIO.accountSid, ApiVersion: '2010-04-01', From: FAKE_TWILIO.from, To: '+447700900123', ...fields });
    const sig = signature === undefined ? twilioSignature(token, CALLBACK, params) : signature;
    return h.request('POST', PATH, { rawBody: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(sig === null ? {} : { 'x-twilio-signature': sig }) } });
  };

  it('a signed delivery report moves the message to DELIVERED', async () => {
    const m = await accepted();
    const res = await report({ MessageSid: m.sid, SmsSid: m.sid, MessageStatus: 'delivered' });
    expect(res).to.deep.include({ status: 200, body: { received: true, applied: true } });
    expect(await row(m.id)).to.deep.include({ status: 'DELIVERED', error: null });
    expect((await row(m.id)).delivered_at.toISOString()).to.equal(h.clock.now().toISOString());
  });

  it('an undelivered report is a failure with Twilio’s error code', async () => {
    const m = await accepted();
    expect((await report({ MessageSid: m.sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).body).to.deep.equal({ received: true, applied: true });
    expect(await row(m.id)).to.deep.include({ status: 'FAILED', error: 'undelivered, code 30003' });
  });

  it('statuses that say nothing new, unknown messages and other accounts are ignored with a 200', async () => {
    const m = await accepted();
    expect((await report({ MessageSid: m.sid, MessageStatus: 'sending' })).body).to.deep.equal({ received: true, applied: false });
    expect((await report({ MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' })).body).to.deep.equal({ received: true, applied: false });
    expect((await report({ MessageSid: m.sid, MessageStatus: 'delivered', AccountSid: `AC${'f'.repeat(32)}` })).body).to.deep.equal({ received: true, applied: false });
    expect(await row(m.id)).to.deep.include({ status: 'ACCEPTED' });
  });

  it('a missing or wrong signature is 401 and changes nothing', async () => {
    const m = await accepted();
    expect(await report({ MessageSid: m.sid, MessageStatus: 'delivered' }, null)).to.deep.include({ status: 401, body: UNAUTHORIZED });
    expect(await report({ MessageSid: m.sid, MessageStatus: 'delivered' }, undefined, 'another-token')).to.deep.include({ status: 401, body: UNAUTHORIZED });
    expect((await h.request('POST', PATH, { rawBody: '%%%', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' } })).status).to.equal(401);
    expect(await row(m.id)).to.deep.include({ status: 'ACCEPTED' });
  });

  it('without Twilio configured the route does not exist', async () => {
    const bare = await ApiHarness.start();
    try {
      expect((await bare.request('POST', PATH, { rawBody: 'MessageSid=SM1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).to.equal(404);
    } finally {
      await bare.stop();
    }
  });
});
