import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { parseAllowedTargets } from '@wfm/webhooks/egress';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { EgressHttpClient } from '../../access/integrations/provider-http.js';
import { capturingLogger } from '../../../test-support/capturing-logger.js';
import { FAKE_TWILIO, FakeTwilio } from '../../../test-support/fake-twilio.js';
import { MessagingRepository } from './messaging.repository.js';
import { ProviderMessagingTransport } from './provider.transport.js';
import { TwilioClient, type TwilioSettings } from './twilio.client.js';

const CALLBACK = 'https://app.example.test/api/v1/messaging/webhooks/twilio';

describe('SMS (ProviderMessagingTransport over TwilioClient) against a local Twilio', () => {
  let db: TestDatabase;
  let fake: FakeTwilio;
  let repo: MessagingRepository;
  const clock = new FakeClock('2026-03-02T09:00:00Z');

  before(async () => {
    db = await sharedTestDatabase();
    fake = await FakeTwilio.start();
    repo = new MessagingRepository(db.dataSource);
  });
  after(async () => fake.stop());
  beforeEach(() => fake.reset());

  function transport(opts: { settings?: Partial<TwilioSettings>; allowed?: string } = {}) {
    const s: TwilioSettings = { apiUrl: fake.url, accountSid: FAKE_TWILIO.accountSid, authToken: FAKE_TWILIO.authToken, from: FAKE_TWILIO.from, statusCallbackUrl: CALLBACK, timeoutMs: 5_000, ...opts.settings };
    const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets(opts.allowed ?? '127.0.0.1') }, ca: fake.ca, timeoutSeconds: s.timeoutMs / 1000 });
    const log = capturingLogger();
    return { t: new ProviderMessagingTransport({ name: 'TWILIO_SMS', label: 'SMS', sender: new TwilioClient(s, http) }, repo, clock, log.logger), lines: log.lines };
  }

  async function message() {
    const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
    return { tenantId: tenant.id, to: '+447700900123', text: 'Your new shift\nhttps://app.example.test/reset/SECRETCODE', about: { purpose: 'NOTIFICATION' as const, id: uuid() } };
  }

  const rows = (tenantId: string) => db.dataSource.query(`SELECT * FROM messaging_messages WHERE tenant_id = $1`, [tenantId]);

  it('posts To, From, Body and StatusCallback form-encoded with basic auth, and records the message by its SID', async () => {
    const msg = await message();
    const { t } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: true });
    expect(fake.sent).to.have.length(1);
    const sent = fake.sent[0]!;
    expect(sent.path).to.equal(`/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`);
    expect(sent.authorization).to.equal(`Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`);
    expect(sent.contentType).to.equal('application/x-www-form-urlencoded');
    expect(sent.form).to.deep.equal({ To: '+447700900123', From: FAKE_TWILIO.from, Body: msg.text, StatusCallback: CALLBACK });
    const [row] = await rows(msg.tenantId);
    expect(row).to.deep.include({ provider: 'TWILIO_SMS', provider_message_id: sent.sid, recipient: '+447700900123', purpose: 'NOTIFICATION', subject_id: msg.about.id, status: 'ACCEPTED', error: null });
    expect(JSON.stringify(row)).to.not.contain('SECRETCODE');
  });

  it('asks for no status reports when no callback address is configured', async () => {
    const { t } = transport({ settings: { statusCallbackUrl: null } });
    await t.send(await message());
    expect(fake.sent[0]!.form).to.not.have.property('StatusCallback');
  });

  it("a refusal is recorded NOT_ACCEPTED with Twilio's code and message, logged without the text", async () => {
    const msg = await message();
    fake.mode = 'refuse';
    const { t, lines } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    const reason = "HTTP 400, code 21211: The 'To' number +447700900123 is not a valid phone number.";
    expect((await rows(msg.tenantId))[0]).to.deep.include({ status: 'NOT_ACCEPTED', provider_message_id: null, error: reason });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'SMS message not accepted');
    expect(logged).to.deep.include({ tenantId: msg.tenantId, reason });
    expect(lines.join('\n')).to.not.contain('SECRETCODE');
  });

  it('the reason never carries the auth token, even when the provider echoes it', async () => {
    const msg = await message();
    fake.mode = 'bad-auth';
    const { t, lines } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    expect((await rows(msg.tenantId))[0].error).to.equal('HTTP 401, code 20003: Authenticate ([redacted])');
    expect(lines.join('\n')).to.contain('code 20003').and.not.contain(FAKE_TWILIO.authToken);
  });

  it('no answer within the timeout, or a 201 without a SID, is not an acceptance', async () => {
    const first = await message();
    fake.mode = 'hang';
    expect(await transport({ settings: { timeoutMs: 300 } }).t.send(first)).to.deep.equal({ accepted: false });
    expect((await rows(first.tenantId))[0]).to.deep.include({ status: 'NOT_ACCEPTED', error: 'no answer from the provider (timeout)' });
    const second = await message();
    fake.mode = 'no-sid';
    expect(await transport().t.send(second)).to.deep.equal({ accepted: false });
    expect((await rows(second.tenantId))[0]).to.deep.include({ status: 'NOT_ACCEPTED', error: 'HTTP 201 without a message SID' });
  });

  it('goes through the egress check: a provider address not allowed is refused before anything is sent', async () => {
    const msg = await message();
    expect(await transport({ allowed: '' }).t.send(msg)).to.deep.equal({ accepted: false });
    expect(fake.requests).to.equal(0);
    expect((await rows(msg.tenantId))[0].error).to.match(/^Egress check/);
  });
});
