import { expect } from 'chai';
import webpush from 'web-push';
import { uuid } from '@wfm/core/crypto';
import { createTenant, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { FakeBrowser, FakePushService } from '../../../test-support/fake-push-service.js';
import { ApiHarness } from '../../../test-support/harness.js';

const VAPID = webpush.generateVAPIDKeys();
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const NOT_FOUND = { message: 'Push subscription not found', error: 'Not Found', statusCode: 404 };
const OFF = { message: 'Web Push is not configured on this platform', error: 'Not Found', statusCode: 404 };

describe('Web Push devices: /me/push/vapid-public-key and /me/push-subscriptions (HTTP)', () => {
  let fake: FakePushService;
  before(async () => {
    fake = await FakePushService.start();
  });
  after(async () => fake.stop());

  describe('with VAPID keys configured', () => {
    const s = twoTenantSuite({
      env: {
        // Subscribing only checks the endpoint; nothing is sent, so no certificate is needed.
        WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.test',
      },
    });
    let token: string;
    beforeEach(async () => {
      token = await s.tokenAs('STAFF');
    });

    const body = (endpoint = fake.endpoint(), browser = new FakeBrowser()) => ({ endpoint, keys: browser.keys() });
    const add = (b: unknown, as = token, headers: Record<string, string> = {}) => s.h.request('POST', '/me/push-subscriptions', { token: as, body: b, headers });
    const list = (as = token) => s.h.request('GET', '/me/push-subscriptions', { token: as });

    it('answers the VAPID public key to any signed-in person, 401 to no one', async () => {
      expect(await s.h.request('GET', '/me/push/vapid-public-key', { token })).to.deep.include({ status: 200, body: { publicKey: VAPID.publicKey } });
      expect(await s.h.request('GET', '/me/push/vapid-public-key')).to.deep.include({ status: 401, body: UNAUTHORIZED });
    });

    it('adds, lists and removes the caller’s devices; the same endpoint again updates its keys under the same id', async () => {
      const b = body();
      const res = await add(b, token, { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ id: res.body.id, endpoint: b.endpoint, userAgent: 'Mozilla/5.0 (iPhone) Safari', createdAt: s.h.clock.now().toISOString() });
      const again = await add(body(b.endpoint), token, { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' });
      expect(again.body.id).to.equal(res.body.id);
      expect((await list()).body).to.deep.equal({ items: [again.body] });
      expect((await s.h.request('DELETE', `/me/push-subscriptions/${res.body.id}`, { token })).status).to.equal(204);
      expect((await list()).body).to.deep.equal({ items: [] });
      expect(await s.h.request('DELETE', `/me/push-subscriptions/${res.body.id}`, { token })).to.deep.include({ status: 404, body: NOT_FOUND });
    });

    it('keeps at most 10 devices per person: the oldest goes', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 11; i++) {
        ids.push((await add(body())).body.id);
        s.h.clock.advance(1000);
      }
      expect((await list()).body.items.map((i: { id: string }) => i.id)).to.deep.equal(ids.slice(1));
    });

    it('another person’s device, in the tenant or another, is neither listed nor removable (404)', async () => {
      const mine = (await add(body())).body.id as string;
      const colleague = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' }));
      const stranger = await s.tokenAs('TENANT_OWNER', s.tenantB);
      for (const as of [colleague, stranger]) {
        expect((await list(as)).body).to.deep.equal({ items: [] });
        expect(await s.h.request('DELETE', `/me/push-subscriptions/${mine}`, { token: as })).to.deep.include({ status: 404, body: NOT_FOUND });
      }
      expect((await list()).body.items).to.have.length(1);
    });

    it('refuses endpoints that fail the egress check (422) and malformed subscriptions (400)', async () => {
      const refused = await add(body('https://10.0.0.8/push/abc'));
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.match(/^Egress check: 10\.0\.0\.8 \(private address\)/);
      const bad = [
        { endpoint: 'http://127.0.0.1/push/x', keys: new FakeBrowser().keys() },
        { endpoint: 'not a url', keys: new FakeBrowser().keys() },
        { endpoint: fake.endpoint(), keys: { p256dh: 'short', auth: new FakeBrowser().keys().auth } },
        { endpoint: fake.endpoint(), keys: { p256dh: new FakeBrowser().keys().p256dh, auth: Buffer.alloc(15).toString('base64url') } },
        { endpoint: fake.endpoint(), keys: { p256dh: Buffer.alloc(65, 3).toString('base64url'), auth: new FakeBrowser().keys().auth } },
        { endpoint: fake.endpoint() },
        [],
      ];
      for (const b of bad) expect((await add(b)).status, JSON.stringify(b)).to.equal(400);
      expect((await s.h.request('DELETE', '/me/push-subscriptions/not-a-uuid', { token })).status).to.equal(400);
      expect((await list()).body).to.deep.equal({ items: [] });
    });

    it('every route is 401 without a token', async () => {
      expect((await add(body(), '')).status).to.equal(401);
      expect((await s.h.request('GET', '/me/push-subscriptions')).status).to.equal(401);
      expect((await s.h.request('DELETE', `/me/push-subscriptions/${uuid()}`)).status).to.equal(401);
    });
  });

  describe('without VAPID keys', () => {
    let h: ApiHarness;
    let token: string;
    before(async () => {
      h = await ApiHarness.start();
    });
    after(async () => h.stop());

    it('push is off: every route answers 404', async () => {
      const tenant = await createTenant(h.ds);
      token = await h.tokenFor(await createUser(h.ds, tenant.id, { role: 'STAFF' }));
      expect(await h.request('GET', '/me/push/vapid-public-key', { token })).to.deep.include({ status: 404, body: OFF });
      expect(await h.request('GET', '/me/push-subscriptions', { token })).to.deep.include({ status: 404, body: OFF });
      expect(await h.request('POST', '/me/push-subscriptions', { token, body: { endpoint: fake.endpoint(), keys: new FakeBrowser().keys() } })).to.deep.include({ status: 404, body: OFF });
    });
  });
});
