import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { parseAllowedTargets } from '@wfm/webhooks/egress';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { EgressHttpClient } from '../../access/integrations/provider-http.js';
import { capturingLogger } from '../../../test-support/capturing-logger.js';
import { FAKE_WHATSAPP, FakeWhatsApp, fakeWhatsAppSettings } from '../../../test-support/fake-whatsapp.js';
import { MessagingRepository } from './messaging.repository.js';
import { WhatsAppClient, type WhatsAppSettings } from './whatsapp.client.js';
import { ProviderMessagingTransport } from './provider.transport.js';

describe('WhatsApp messages (ProviderMessagingTransport) against a local WhatsApp Cloud API', () => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  let repo: MessagingRepository;
  const clock = new FakeClock('2026-03-02T09:00:00Z');

  before(async () => {
    db = await sharedTestDatabase();
    fake = await FakeWhatsApp.start();
    repo = new MessagingRepository(db.dataSource);
  });
  after(async () => fake.stop());
  beforeEach(() => fake.reset());

  function transport(opts: { settings?: Partial<WhatsAppSettings>; allowed?: string; repository?: MessagingRepository } = {}) {
    const s = fakeWhatsAppSettings(fake, opts.settings);
    const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets(opts.allowed ?? '127.0.0.1') }, ca: fake.ca, timeoutSeconds: s.timeoutMs / 1000 });
    const log = capturingLogger();
    return { t: new ProviderMessagingTransport({ name: 'WHATSAPP', label: 'WhatsApp', sender: new WhatsAppClient(s, http) }, opts.repository ?? repo, clock, log.logger), lines: log.lines };
  }

  async function message() {
    const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
    const passId = uuid();
    return { tenantId: tenant.id, to: '+447700900123', text: 'Vera, your visitor pass:\n\thttps://app.example.test/visit/SECRETCODE', about: { purpose: 'VISITOR_PASS' as const, id: passId } };
  }

  const rows = (tenantId: string) => db.dataSource.query(`SELECT * FROM messaging_messages WHERE tenant_id = $1`, [tenantId]);

  it('sends the approved template with the text as its one body parameter, and records the accepted message by its wamid', async () => {
    const msg = await message();
    const { t } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: true });
    expect(fake.sent).to.have.length(1);
    const sent = fake.sent[0]!;
    expect(sent.path).to.equal(`/${FAKE_WHATSAPP.version}/${FAKE_WHATSAPP.phoneNumberId}/messages`);
    expect(sent.authorization).to.equal(`Bearer ${FAKE_WHATSAPP.accessToken}`);
    expect(sent.contentType).to.equal('application/json');
    expect(sent.body).to.deep.equal({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '447700900123',
      type: 'template',
      template: {
        name: FAKE_WHATSAPP.templateName,
        language: { code: FAKE_WHATSAPP.templateLanguage },
        // Meta refuses newlines and tabs in a parameter (error 132018).
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Vera, your visitor pass: https://app.example.test/visit/SECRETCODE' }] }],
      },
    });
    const [row] = await rows(msg.tenantId);
    expect(row).to.deep.include({
      provider: 'WHATSAPP',
      provider_message_id: sent.wamid,
      recipient: '+447700900123',
      purpose: 'VISITOR_PASS',
      subject_id: msg.about.id,
      status: 'ACCEPTED',
      error: null,
      sent_at: null,
      delivered_at: null,
      read_at: null,
      failed_at: null,
    });
    expect(row.created_at.toISOString()).to.equal('2026-03-02T09:00:00.000Z');
    // The text holds the magic link's secret code: it is never stored.
    expect(JSON.stringify(row)).to.not.contain('SECRETCODE');
  });

  it("a refusal is not accepted: recorded NOT_ACCEPTED with Meta's code and details, logged without the text", async () => {
    const msg = await message();
    fake.mode = 'refuse';
    const { t, lines } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    const reason = 'HTTP 400, code 131030: Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.';
    expect(await rows(msg.tenantId)).to.have.length(1).and.to.have.nested.property('[0]').that.deep.include({ status: 'NOT_ACCEPTED', provider_message_id: null, error: reason });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'WhatsApp message not accepted');
    expect(logged).to.deep.include({ tenantId: msg.tenantId, reason });
    expect(lines.join('\n')).to.not.contain('SECRETCODE');
  });

  it('the reason, stored and logged, never carries the access token, even when the provider echoes it', async () => {
    const msg = await message();
    fake.mode = 'bad-token';
    const { t, lines } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    const [row] = await rows(msg.tenantId);
    expect(row.error).to.equal('HTTP 401, code 190: Invalid OAuth access token - Cannot parse access token Bearer [redacted]');
    expect(lines.join('\n')).to.contain('code 190').and.not.contain(FAKE_WHATSAPP.accessToken);
  });

  it('a provider that does not answer within the timeout: not accepted, recorded as such', async () => {
    const msg = await message();
    fake.mode = 'hang';
    const { t } = transport({ settings: { timeoutMs: 300 } });
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    expect((await rows(msg.tenantId))[0]).to.deep.include({ status: 'NOT_ACCEPTED', error: 'no answer from the provider (timeout)' });
  });

  it('a 200 without a message id is not taken for an acceptance', async () => {
    const msg = await message();
    fake.mode = 'no-id';
    const { t } = transport();
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    expect((await rows(msg.tenantId))[0]).to.deep.include({ status: 'NOT_ACCEPTED', error: 'HTTP 200 without a message id' });
  });

  it('goes through the egress check: a loopback provider address not allowed is refused before anything is sent', async () => {
    const msg = await message();
    const { t } = transport({ allowed: '' });
    expect(await t.send(msg)).to.deep.equal({ accepted: false });
    expect(fake.requests).to.equal(0);
    expect((await rows(msg.tenantId))[0].error).to.match(/^Egress check/);
  });

  it('an accepted message whose record cannot be written is still reported accepted (it was sent), and the failure is logged', async () => {
    const msg = await message();
    const failing = { insert: async () => Promise.reject(new Error('database down')) } as unknown as MessagingRepository;
    const { t, lines } = transport({ repository: failing });
    expect(await t.send(msg)).to.deep.equal({ accepted: true });
    expect(lines.join('\n')).to.contain('WhatsApp message not recorded');
  });
});
