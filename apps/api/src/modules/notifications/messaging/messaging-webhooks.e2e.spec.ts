import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import { FAKE_WHATSAPP, FakeWhatsApp, type StatusReport } from '../../../test-support/fake-whatsapp.js';

const PATH = '/messaging/webhooks/whatsapp';
const APP_URL = 'https://app.example.test';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Verification token mismatch', error: 'Forbidden', statusCode: 403 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const DAY = 86_400_000;

/** Both routes are limited per source address; each call speaks from its own unless a test counts. */
let address = 0;
const freshIp = () => `198.51.100.${++address}`;

function handshakeQuery(over: Record<string, string | undefined> = {}): string {
  const q: Record<string, string | undefined> = { 'hub.mode': 'subscribe', 'hub.verify_token': FAKE_WHATSAPP.verifyToken, 'hub.challenge': '1158201444', ...over };
  return new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
}

describe('WhatsApp messaging: visitor-pass messages and the provider webhook /messaging/webhooks/whatsapp', () => {
  let h: ApiHarness;
  let fake: FakeWhatsApp;
  before(async () => {
    fake = await FakeWhatsApp.start();
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: APP_URL, ...fake.apiEnv() });
  });
  after(async () => {
    await h.stop();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const handshake = (query: string, ip = freshIp()) => h.request('GET', `${PATH}?${query}`, { headers: { 'x-forwarded-for': ip } });
  const deliver = (body: string, signature: string | null = FakeWhatsApp.sign(body), ip = freshIp()) =>
    h.request('POST', PATH, { rawBody: body, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(signature === null ? {} : { 'x-hub-signature-256': signature }) } });
  const unix = (offsetSeconds = 0) => String(Math.floor(h.clock.now().getTime() / 1000) + offsetSeconds);
  const iso = (unixSeconds: string) => new Date(Number(unixSeconds) * 1000).toISOString();

  async function signIn() {
    const tenant = await createTenant(h.ds, { plan: 'GROWTH', timezone: 'Europe/London' });
    const user = await createUser(h.ds, tenant.id, { role: 'HR_MANAGER' });
    const zoneId = uuid();
    await h.ds.query(`INSERT INTO access_zones (id, tenant_id, name) VALUES ($1, $2, 'Lobby')`, [zoneId, tenant.id]);
    return { tenant, token: await h.tokenFor(user), zoneId };
  }

  type Session = Awaited<ReturnType<typeof signIn>>;

  /** A visitor pass with a phone; its message's wamid when the fake accepted it. */
  async function passWithPhone(s: Session, name = 'Vera') {
    const res = await h.request('POST', '/access/visitors', {
      token: s.token,
      body: { name, zoneIds: [s.zoneId], expiresAt: new Date(h.clock.now().getTime() + DAY).toISOString(), phone: '+44 7700 900123' },
    });
    expect(res.status).to.equal(201);
    const [{ id }] = await h.ds.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1 AND visitor_name = $2`, [s.tenant.id, name]);
    return { res, passId: id as string, wamid: fake.sent.at(-1)?.wamid };
  }

  async function deliveryOf(s: Session, passId: string) {
    const list = await h.request('GET', '/access/visitors', { token: s.token });
    expect(list.status).to.equal(200);
    return list.body.find((p: { id: string }) => p.id === passId)?.whatsappDelivery;
  }

  const row = async (wamid: string) => (await h.ds.query(`SELECT * FROM messaging_messages WHERE provider_message_id = $1`, [wamid]))[0];

  describe('GET: the verification handshake', () => {
    it('answers the challenge as the whole text/plain body when the mode is subscribe and the verify token matches', async () => {
      const res = await handshake(handshakeQuery());
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      expect(res.body).to.equal(1158201444);
      expect(await (await fetch(`${h.baseUrl}${PATH}?${handshakeQuery({ 'hub.challenge': 'abc_DEF-9' })}`, { headers: { 'x-forwarded-for': freshIp() } })).text()).to.equal('abc_DEF-9');
    });

    it('403 for a wrong token, a token that is only a prefix of the right one, or a mode other than subscribe', async () => {
      for (const over of [{ 'hub.verify_token': 'not-the-verify-token-0000' }, { 'hub.verify_token': FAKE_WHATSAPP.verifyToken.slice(0, -1) }, { 'hub.mode': 'unsubscribe' }]) {
        const res = await handshake(handshakeQuery(over));
        expect(res.status, JSON.stringify(over)).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
    });

    it('400 naming the parameter when one is missing, the challenge is not a plain token, or an unknown parameter is sent', async () => {
      const cases: Array<[Record<string, string | undefined>, string]> = [
        [{ 'hub.challenge': undefined }, 'hub.challenge'],
        [{ 'hub.verify_token': undefined }, 'hub.verify_token'],
        [{ 'hub.challenge': '<script>alert(1)</script>' }, 'hub.challenge'],
        [{ extra: '1' }, 'extra'],
      ];
      for (const [over, field] of cases) {
        const res = await handshake(handshakeQuery(over));
        expect(res.status, JSON.stringify(over)).to.equal(400);
        expect(res.body.error).to.equal('Bad Request');
        expect(res.body.message.join(' ')).to.contain(field);
      }
    });

    it('10 per 60 s per address (a bound on guessing the verify token), then 429 with Retry-After; another address is not affected', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 10; i++) {
        const res = await handshake(handshakeQuery({ 'hub.verify_token': `guess-number-${i}-0000000` }), ip);
        expect(res.status, `call ${i}`).to.equal(403);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(10 - i));
      }
      const throttled = await handshake(handshakeQuery(), ip);
      expect(throttled.status).to.equal(429);
      expect(throttled.body).to.deep.equal(THROTTLED);
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      expect(throttled.headers.has('x-ratelimit-limit')).to.equal(false);
      expect((await handshake(handshakeQuery())).status).to.equal(200);
    });
  });

  describe('POST: signed deliveries', () => {
    it('verifies the signature over the exact bytes received (spacing, key order and escapes as sent) and applies the report', async () => {
      const s = await signIn();
      const { wamid } = await passWithPhone(s);
      const at = unix(5);
      const body = `{ "entry" :[{"changes":[{"value":{"statuses":[{"timestamp":"${at}","status":"sent","id":"${wamid}","recipient_id":"447700900123"}],"metadata":{"phone_number_id":"${FAKE_WHATSAPP.phoneNumberId}","display_phone_number":"15550783881"},"messaging_product":"whatsapp"},"field":"messages"}],"id":"1"}],\n  "object":"whatsapp_business_account", "note": "caf\\u00e9 ☕" }`;
      const res = await deliver(body);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ received: true, applied: 1, ignored: 0 });
      expect(await deliveryOf(s, (await row(wamid!)).subject_id)).to.deep.equal({ status: 'SENT', statusAt: iso(at), error: null });
    });

    it('401 for a signature made with another secret, a missing header, a bare hex digest without sha256=, and an empty header; nothing is applied', async () => {
      const s = await signIn();
      const { wamid } = await passWithPhone(s);
      const body = FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'delivered', timestamp: unix() }]);
      for (const signature of [FakeWhatsApp.sign(body, 'another-app-secret'), null, FakeWhatsApp.sign(body).slice('sha256='.length), '']) {
        const res = await deliver(body, signature);
        expect(res.status, String(signature)).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
      expect((await row(wamid!)).status).to.equal('ACCEPTED');
    });

    it('401 for a tampered body: the signature of the original does not cover a changed status', async () => {
      const s = await signIn();
      const { wamid } = await passWithPhone(s);
      const original = FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'sent', timestamp: unix() }]);
      const tampered = original.replace('"sent"', '"read"');
      const res = await deliver(tampered, FakeWhatsApp.sign(original));
      expect(res.status).to.equal(401);
      expect((await row(wamid!)).status).to.equal('ACCEPTED');
    });

    it('accepts the signature in upper-case hex too', async () => {
      const body = FakeWhatsApp.statusDelivery([]);
      const res = await deliver(body, `sha256=${FakeWhatsApp.sign(body).slice('sha256='.length).toUpperCase()}`);
      expect(res.status).to.equal(200);
    });

    it('413 for a body over 3 MB (Meta documents payloads up to 3 MB)', async () => {
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [], padding: 'x'.repeat(3 * 1024 * 1024) });
      const res = await deliver(body);
      expect(res.status).to.equal(413);
    });

    it('counts against the default limit of 120 per 60 s per address (Meta retries a 429)', async () => {
      const res = await deliver(FakeWhatsApp.statusDelivery([]));
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
    });
  });

  describe('visitor passes: whatsappSent and the delivery status in GET /access/visitors', () => {
    it('whatsappSent true when the provider accepted; the template carries the magic link; the listing shows ACCEPTED', async () => {
      const s = await signIn();
      const { res, passId, wamid } = await passWithPhone(s);
      expect(res.body.whatsappSent).to.equal(true);
      expect(fake.sent).to.have.length(1);
      const parameter = (fake.sent[0]!.body.template as { components: Array<{ parameters: Array<{ text: string }> }> }).components[0]!.parameters[0]!.text;
      expect(parameter).to.equal(`Vera, your visitor pass (valid until ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'Europe/London' }).format(new Date(res.body.expiresAt))}): ${res.body.magicLink}`);
      expect(fake.sent[0]!.body.to).to.equal('447700900123');
      expect(await deliveryOf(s, passId)).to.deep.equal({ status: 'ACCEPTED', statusAt: (await row(wamid!)).created_at.toISOString(), error: null });
    });

    it('whatsappSent false when the provider refuses; the listing says NOT_ACCEPTED and why', async () => {
      const s = await signIn();
      fake.mode = 'refuse';
      const { res, passId } = await passWithPhone(s);
      expect(res.body.whatsappSent).to.equal(false);
      const delivery = await deliveryOf(s, passId);
      expect(delivery).to.include({ status: 'NOT_ACCEPTED' });
      expect(delivery.error).to.equal('HTTP 400, code 131030: Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.');
    });

    it('no phone: nothing is sent and whatsappDelivery is null', async () => {
      const s = await signIn();
      const res = await h.request('POST', '/access/visitors', { token: s.token, body: { name: 'Mail only', zoneIds: [s.zoneId], expiresAt: new Date(h.clock.now().getTime() + DAY).toISOString(), email: 'm@example.test' } });
      expect(res.body.whatsappSent).to.equal(false);
      expect(fake.requests).to.equal(0);
      const list = await h.request('GET', '/access/visitors', { token: s.token });
      expect(list.body[0].whatsappDelivery).to.equal(null);
    });
  });

  describe('status reports: forward only, idempotent, in any order', () => {
    it('sent, delivered, read move forward with the provider’s times; a repeated report changes nothing', async () => {
      const s = await signIn();
      const { passId, wamid } = await passWithPhone(s);
      const [sent, delivered, read] = [unix(2), unix(4), unix(60)];
      expect((await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'sent', timestamp: sent }]))).body).to.include({ applied: 1 });
      expect(await deliveryOf(s, passId)).to.deep.equal({ status: 'SENT', statusAt: iso(sent), error: null });
      await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'delivered', timestamp: delivered }]));
      expect(await deliveryOf(s, passId)).to.include({ status: 'DELIVERED', statusAt: iso(delivered) });
      await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'read', timestamp: read }]));
      expect(await deliveryOf(s, passId)).to.include({ status: 'READ', statusAt: iso(read) });
      const again = await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'read', timestamp: read }]));
      expect(again.body).to.deep.equal({ received: true, applied: 0, ignored: 1 });
      const r = await row(wamid!);
      expect([r.sent_at.toISOString(), r.delivered_at.toISOString(), r.read_at.toISOString()]).to.deep.equal([iso(sent), iso(delivered), iso(read)]);
    });

    it('out of order: read before delivered stays READ, and the late delivered report still records its time; a failure after delivery is ignored', async () => {
      const s = await signIn();
      const { passId, wamid } = await passWithPhone(s);
      const [delivered, read] = [unix(3), unix(30)];
      expect((await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'read', timestamp: read }]))).body).to.include({ applied: 1 });
      expect((await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'delivered', timestamp: delivered }]))).body).to.include({ applied: 1 });
      expect(await deliveryOf(s, passId)).to.deep.equal({ status: 'READ', statusAt: iso(read), error: null });
      expect((await row(wamid!)).delivered_at.toISOString()).to.equal(iso(delivered));
      const failed = await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'failed', timestamp: unix(40), errors: [{ code: 131026, title: 'Message undeliverable' }] }]));
      expect(failed.body).to.deep.equal({ received: true, applied: 0, ignored: 1 });
      expect(await deliveryOf(s, passId)).to.deep.include({ status: 'READ', error: null });
    });

    it("failed after sent: FAILED with Meta's code, title and details; a late sent does not undo it, a delivery report does", async () => {
      const s = await signIn();
      const { passId, wamid } = await passWithPhone(s);
      const failedAt = unix(5);
      await deliver(
        FakeWhatsApp.statusDelivery([
          { id: wamid!, status: 'failed', timestamp: failedAt, errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed since the recipient last replied.' } }] },
        ]),
      );
      const error = '131047 Re-engagement message: More than 24 hours have passed since the recipient last replied.';
      expect(await deliveryOf(s, passId)).to.deep.equal({ status: 'FAILED', statusAt: iso(failedAt), error });
      expect((await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'sent', timestamp: unix(1) }]))).body).to.include({ applied: 1 });
      expect(await deliveryOf(s, passId)).to.deep.equal({ status: 'FAILED', statusAt: iso(failedAt), error });
      await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'delivered', timestamp: unix(9) }]));
      expect(await deliveryOf(s, passId)).to.include({ status: 'DELIVERED', statusAt: iso(unix(9)) });
    });

    it('one bad report never sinks the batch: malformed, unknown status, unknown message and another number’s reports are ignored, the good one applied', async () => {
      const s = await signIn();
      const { passId, wamid } = await passWithPhone(s);
      const good: StatusReport = { id: wamid!, status: 'delivered', timestamp: unix(7) };
      const payload = JSON.parse(
        FakeWhatsApp.statusDelivery([
          { status: 'sent', timestamp: unix() } as StatusReport,
          { id: wamid!, status: 'deleted', timestamp: unix() },
          { id: wamid!, status: 'sent', timestamp: 'yesterday' },
          { id: 'wamid.unknown-to-this-platform', status: 'read', timestamp: unix() },
          good,
        ]),
      );
      payload.entry.push(JSON.parse(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'read', timestamp: unix(9) }], '999999999999')).entry[0]);
      payload.entry.push({ id: 'x', changes: 'not-a-list' }, null, 42);
      const body = JSON.stringify(payload);
      const res = await deliver(body);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ received: true, applied: 1, ignored: 5 });
      expect(await deliveryOf(s, passId)).to.include({ status: 'DELIVERED' });
    });

    it('a signed body that is not JSON, or carries no statuses (an incoming message), is answered 200 with nothing applied', async () => {
      expect((await deliver('not json at all')).body).to.deep.equal({ received: true, applied: 0, ignored: 0 });
      const incoming = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: FAKE_WHATSAPP.phoneNumberId }, messages: [{ from: '447700900123', id: 'wamid.in', type: 'text', text: { body: 'hi' } }] } }] }],
      });
      expect((await deliver(incoming)).body).to.deep.equal({ received: true, applied: 0, ignored: 0 });
    });

    it('fires no domain event (spec 03 has no messaging events)', async () => {
      const s = await signIn();
      const { wamid } = await passWithPhone(s);
      const before: unknown[] = await h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at, id`, [s.tenant.id]);
      await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'sent', timestamp: unix() }, { id: wamid!, status: 'read', timestamp: unix(5) }]));
      expect(await h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at, id`, [s.tenant.id])).to.deep.equal(before);
    });
  });

  describe('tenant isolation of the delivery status', () => {
    it("a tenant sees only its own passes' deliveries; a message row of another tenant naming its pass id is not shown", async () => {
      const a = await signIn();
      const b = await signIn();
      const { passId, wamid } = await passWithPhone(a, 'Vera A');
      await passWithPhone(b, 'Vera B');
      await deliver(FakeWhatsApp.statusDelivery([{ id: wamid!, status: 'read', timestamp: unix(5) }]));
      await h.ds.query(
        `INSERT INTO messaging_messages (id, tenant_id, provider, provider_message_id, recipient, purpose, subject_id, status, error, created_at, updated_at)
         VALUES ($1, $2, 'WHATSAPP', NULL, '+15550100', 'VISITOR_PASS', $3, 'NOT_ACCEPTED', 'of tenant B', $4, $4)`,
        [uuid(), b.tenant.id, passId, new Date(h.clock.now().getTime() + 60_000)],
      );
      expect(await deliveryOf(a, passId)).to.include({ status: 'READ', error: null });
      const listB = await h.request('GET', '/access/visitors', { token: b.token });
      expect(listB.body.map((p: { name: string }) => p.name)).to.deep.equal(['Vera B']);
      expect(listB.body[0].whatsappDelivery).to.include({ status: 'ACCEPTED' });
    });
  });
});

describe('WhatsApp messaging without a provider configured', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  after(async () => h.stop());

  const notFound = (res: HttpResult) => {
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ message: 'No messaging provider is configured', error: 'Not Found', statusCode: 404 });
    expect(res.headers.get('x-ratelimit-limit')).to.not.equal(null);
  };

  it('the webhook route answers 404 to the handshake and to deliveries, whatever they carry, and is still rate-limited', async () => {
    notFound(await h.request('GET', `${PATH}?${handshakeQuery()}`, { headers: { 'x-forwarded-for': freshIp() } }));
    notFound(await h.request('GET', `${PATH}?bogus=1`, { headers: { 'x-forwarded-for': freshIp() } }));
    const body = FakeWhatsApp.statusDelivery([]);
    notFound(await h.request('POST', PATH, { rawBody: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': FakeWhatsApp.sign(body), 'x-forwarded-for': freshIp() } }));
    notFound(await h.request('POST', PATH, { rawBody: 'x', headers: { 'x-forwarded-for': freshIp() } }));
  });

  it('a visitor pass with a phone reports whatsappSent false, records nothing, and lists whatsappDelivery null', async () => {
    const tenant = await createTenant(h.ds, { plan: 'GROWTH' });
    const token = await h.tokenFor(await createUser(h.ds, tenant.id, { role: 'COMPANY_ADMIN' }));
    const zoneId = uuid();
    await h.ds.query(`INSERT INTO access_zones (id, tenant_id, name) VALUES ($1, $2, 'Lobby')`, [zoneId, tenant.id]);
    const res = await h.request('POST', '/access/visitors', { token, body: { name: 'Vera', zoneIds: [zoneId], expiresAt: new Date(h.clock.now().getTime() + DAY).toISOString(), phone: '+15550100123' } });
    expect(res.status).to.equal(201);
    expect(res.body.whatsappSent).to.equal(false);
    expect(await h.ds.query(`SELECT id FROM messaging_messages WHERE tenant_id = $1`, [tenant.id])).to.deep.equal([]);
    expect((await h.request('GET', '/access/visitors', { token })).body[0].whatsappDelivery).to.equal(null);
  });
});
