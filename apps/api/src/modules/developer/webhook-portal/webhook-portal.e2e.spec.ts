import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createUser } from '@wfm/testing/factories';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '@wfm/testing/https-receiver';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { itChecksDeveloperCredentials } from '../../../test-support/developer-route-checks.js';
import { insertDelivery, insertSubscription } from '../../../test-support/webhooks.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Webhook not found', error: 'Not Found', statusCode: 404 };
const DELIVERY_NOT_FOUND = { message: 'Delivery not found', error: 'Not Found', statusCode: 404 };
const planRefused = (plan: string) => ({ message: `Your ${plan} plan does not include webhooks. Upgrade at /admin/billing.`, error: 'Forbidden', statusCode: 403 });
const portalRefused = (error: string, message: string) => ({ message, error, statusCode: 401 });
const INVALID = portalRefused('PortalLinkInvalid', 'This portal link is not valid');
const EXPIRED = portalRefused('PortalLinkExpired', 'This portal link has expired');
const REVOKED = portalRefused('PortalLinkRevoked', 'This portal link was revoked');
const LINK_KEYS = ['id', 'webhookId', 'tokenHint', 'capabilities', 'frameOrigins', 'expiresAt', 'createdAt'];
const ALL = ['replay', 'test', 'rotate'];

function signature(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Issue 32: links to a subscription's portal (console and /public), the portal API their token
 * opens, and the portal page's framing. Attempts go to a local HTTPS receiver the API trusts.
 */
describe('webhook portal (HTTP)', () => {
  let receiver: TestReceiver;
  const dir = mkdtempSync(join(tmpdir(), 'wfm-portal-'));
  // Registered ahead of the suite's, so the receiver's CA and a stand-in web app exist when the API starts.
  before(async () => {
    receiver = await startTestReceiver();
    writeFileSync(join(dir, 'ca.pem'), receiver.ca);
    mkdirSync(join(dir, 'web'));
    writeFileSync(join(dir, 'web', 'index.html'), '<!doctype html><title>portal-test-index</title>');
  });
  const s = twoTenantSuite({
    env: { TRUST_PROXY: 'true', WEBHOOK_ALLOWED_TARGETS: '127.0.0.1', WEBHOOK_CA_FILE: join(dir, 'ca.pem'), WEBHOOK_TIMEOUT_MS: '1000', WEB_APP_DIR: join(dir, 'web') },
  });
  let owner: { id: string; token: string };
  /** Portal routes count per caller address: each test calls from an address of its own. */
  let ip = '';
  let seq = 0;

  after(async () => {
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    seq += 1;
    ip = `10.174.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
    receiver.requests.length = 0;
    receiver.setHandler(() => ({ status: 200, body: 'ok' }));
    const user = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    owner = { id: user.id, token: await s.h.tokenFor(user) };
  });

  const headers = (credential: string | null, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': ip,
    ...(credential ? { authorization: `Bearer ${credential}` } : {}),
    ...extra,
  });
  const call = (method: string, path: string, credential: string | null, body?: unknown) =>
    s.h.request(method, path, { ...(body !== undefined ? { body } : {}), headers: headers(credential) });
  const subscription = (tenantId = s.tenantA) => insertSubscription(s.h.ds, tenantId, { url: receiver.url('/hook') }).then((sub) => ({ ...sub, tenantId }));
  async function link(sub: { id: string }, body: Record<string, unknown> = { capabilities: ALL }): Promise<{ id: string; token: string; url: string }> {
    const res = await call('POST', `/webhooks/${sub.id}/portal-links`, owner.token, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }
  const at = (offsetS: number) => new Date(s.h.clock.now().getTime() + offsetS * 1000);

  describe('POST, GET and DELETE /webhooks/:id/portal-links', () => {
    it('makes a link whose token is shown once and kept hashed; lists it without the token; revokes it', async () => {
      const sub = await subscription();
      const res = await call('POST', `/webhooks/${sub.id}/portal-links`, owner.token, { capabilities: ['replay'], frameOrigins: ['https://app.example.com'] });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(...LINK_KEYS, 'token', 'url');
      const { id, token } = res.body;
      expect(token).to.match(/^wpt_[A-Za-z0-9_-]{43}$/);
      expect(res.body).to.include({ webhookId: sub.id, tokenHint: token.slice(-4), expiresAt: at(3600).toISOString() });
      expect(res.body.url).to.equal(`${s.h.config.publicAppUrl.replace(/\/$/, '')}/portal/${id}#${token}`);
      expect(res.body.capabilities).to.deep.equal(['replay']);
      const [row] = await s.h.ds.query(`SELECT token_hash FROM webhook_portal_links WHERE id = $1`, [id]);
      expect(row.token_hash).to.not.include(token.slice(4));

      const list = await call('GET', `/webhooks/${sub.id}/portal-links`, owner.token);
      expect(list.status).to.equal(200);
      expect(list.body.links).to.have.length(1);
      expect(list.body.links[0]).to.have.all.keys(...LINK_KEYS);
      expect(JSON.stringify(list.body)).to.not.include(token);

      expect((await call('GET', '/webhook-portal/subscription', token)).status).to.equal(200);
      const revoked = await call('DELETE', `/webhooks/${sub.id}/portal-links/${id}`, owner.token);
      expect(revoked.status).to.equal(200);
      expect(revoked.body).to.deep.equal({ revoked: true, id });
      expect((await call('GET', '/webhook-portal/subscription', token)).body).to.deep.equal(REVOKED);
      expect((await call('GET', `/webhooks/${sub.id}/portal-links`, owner.token)).body).to.deep.equal({ links: [] });
      expect((await call('DELETE', `/webhooks/${sub.id}/portal-links/${id}`, owner.token)).status).to.equal(404);
    });

    it('refuses each invalid field with 400', async () => {
      const sub = await subscription();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ expiresInMinutes: 4 }, 'expiresInMinutes'],
        [{ expiresInMinutes: 7 * 24 * 60 + 1 }, 'expiresInMinutes'],
        [{ capabilities: ['delete'] }, 'capabilities.0'],
        [{ capabilities: ['test', 'test'] }, 'capabilities must not repeat a capability'],
        [{ frameOrigins: ['https://app.example.com/path'] }, 'frameOrigins.0 must be an origin'],
        [{ frameOrigins: ["https://a.example.com 'unsafe-inline'"] }, 'frameOrigins.0 must be an origin'],
        [{ frameOrigins: ['http://app.example.com'] }, 'frameOrigins.0 must be an origin'],
        [{ other: true }, 'property other should not exist'],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', `/webhooks/${sub.id}/portal-links`, owner.token, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.message.join(' '), JSON.stringify(body)).to.include(message);
      }
      expect((await call('POST', `/webhooks/not-a-uuid/portal-links`, owner.token, {})).status).to.equal(400);
    });

    it('is for tenant owners and company admins only (401 without a token, 403 for other roles), and behind the plan on POST', async () => {
      const sub = await subscription();
      expect((await call('POST', `/webhooks/${sub.id}/portal-links`, null, {})).status).to.equal(401);
      for (const role of ['OPERATIONS_MANAGER', 'STAFF'] as const) {
        const token = await s.tokenAs(role);
        expect((await call('POST', `/webhooks/${sub.id}/portal-links`, token, {})).body).to.deep.equal(FORBIDDEN);
        expect((await call('GET', `/webhooks/${sub.id}/portal-links`, token)).body).to.deep.equal(FORBIDDEN);
      }
      expect((await call('POST', `/webhooks/${sub.id}/portal-links`, await s.tokenAs('COMPANY_ADMIN'), {})).status).to.equal(201);
      await s.h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [s.tenantA]);
      expect((await call('POST', `/webhooks/${sub.id}/portal-links`, owner.token, {})).body).to.deep.equal(planRefused('BASIC'));
      expect((await call('GET', `/webhooks/${sub.id}/portal-links`, owner.token)).status).to.equal(200);
    });

    it("is 404 for another tenant's subscription or link", async () => {
      const theirs = await subscription(s.tenantB);
      expect((await call('POST', `/webhooks/${theirs.id}/portal-links`, owner.token, {})).body).to.deep.equal(NOT_FOUND);
      expect((await call('GET', `/webhooks/${theirs.id}/portal-links`, owner.token)).body).to.deep.equal(NOT_FOUND);
      const theirOwner = await s.h.tokenFor(await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' }));
      const made = await call('POST', `/webhooks/${theirs.id}/portal-links`, theirOwner, {});
      const mine = await subscription();
      expect((await call('DELETE', `/webhooks/${mine.id}/portal-links/${made.body.id}`, owner.token)).status).to.equal(404);
      expect((await call('DELETE', `/webhooks/${theirs.id}/portal-links/${made.body.id}`, owner.token)).status).to.equal(404);
      expect((await call('GET', '/webhook-portal/subscription', made.body.token)).status).to.equal(200);
    });
  });

  describe('/public/webhooks/:id/portal-links', () => {
    const ctx = () => ({ h: s.h, tenantId: s.tenantA });
    itChecksDeveloperCredentials(ctx, 'webhooks:write', async (credential, extra) => {
      const sub = await subscription();
      return s.h.request('POST', `/public/webhooks/${sub.id}/portal-links`, { body: {}, headers: headers(credential, extra) });
    });

    it('makes, lists and revokes links with webhooks:write and webhooks:read keys; a read key cannot make one', async () => {
      const sub = await subscription();
      const writer = await apiKeyFor(s.h, s.tenantA, ['webhooks:write']);
      const reader = await apiKeyFor(s.h, s.tenantA, ['webhooks:read']);
      const made = await call('POST', `/public/webhooks/${sub.id}/portal-links`, writer, { capabilities: ['test'] });
      expect(made.status).to.equal(201);
      expect((await call('POST', `/public/webhooks/${sub.id}/portal-links`, reader, {})).status).to.equal(403);
      expect((await call('GET', `/public/webhooks/${sub.id}/portal-links`, reader)).body.links.map((l: { id: string }) => l.id)).to.deep.equal([made.body.id]);
      // Made by a key, not a person: the test event names the link.
      const test = await call('POST', '/webhook-portal/test', made.body.token);
      expect(test.status).to.equal(201);
      expect(JSON.parse(receiver.requests[0]!.body).payload.testedBy).to.equal(made.body.id);
      expect((await call('DELETE', `/public/webhooks/${sub.id}/portal-links/${made.body.id}`, writer)).body).to.deep.equal({ revoked: true, id: made.body.id });
      const theirs = await subscription(s.tenantB);
      expect((await call('POST', `/public/webhooks/${theirs.id}/portal-links`, writer, {})).body).to.deep.equal(NOT_FOUND);
    });
  });

  describe('the portal token', () => {
    it('is 401 PortalLinkInvalid without one, for an unknown one, for a user JWT; PortalLinkExpired once the clock passes its expiry', async () => {
      const sub = await subscription();
      const { token } = await link(sub, { expiresInMinutes: 5 });
      expect((await call('GET', '/webhook-portal/subscription', null)).body).to.deep.equal(INVALID);
      expect((await call('GET', '/webhook-portal/subscription', `wpt_${'x'.repeat(43)}`)).body).to.deep.equal(INVALID);
      expect((await call('GET', '/webhook-portal/subscription', owner.token)).body).to.deep.equal(INVALID);
      expect((await call('GET', '/webhook-portal/subscription', token)).status).to.equal(200);
      s.h.clock.advance(5 * 60_000);
      const expired = await call('GET', '/webhook-portal/deliveries', token);
      expect(expired.status).to.equal(401);
      expect(expired.body).to.deep.equal(EXPIRED);
      expect((await call('GET', `/webhooks/${sub.id}/portal-links`, owner.token)).body).to.deep.equal({ links: [] });
    });

    it('opens nothing but the portal routes of its own subscription', async () => {
      const sub = await subscription();
      const { token } = await link(sub);
      for (const [method, path] of [
        ['GET', '/webhooks'],
        ['GET', `/webhooks/${sub.id}/deliveries`],
        ['POST', `/webhooks/${sub.id}/rotate`],
        ['GET', '/public/webhooks'],
        ['GET', '/users'],
      ] as const) {
        expect((await call(method, path, token)).status, path).to.equal(401);
      }
    });
  });

  describe('GET /webhook-portal/subscription', () => {
    it('shows the subscription and what the link may do, never the secret', async () => {
      const sub = await subscription();
      const { token } = await link(sub, { capabilities: ['test'] });
      const res = await call('GET', '/webhook-portal/subscription', token);
      expect(res.status).to.equal(200);
      expect(res.body.subscription).to.include({ id: sub.id, tenantId: s.tenantA, url: receiver.url('/hook'), active: true, ordering: 'unordered' });
      expect(res.body.subscription).to.not.have.property('secret');
      expect(JSON.stringify(res.body)).to.not.include(sub.secret.slice(-4));
      expect(res.body.link).to.deep.equal({ capabilities: ['test'], expiresAt: at(3600).toISOString() });
    });
  });

  describe('GET /webhook-portal/deliveries and /deliveries/:deliveryId', () => {
    it('pages newest first and filters by status, event type and creation time; only its own subscription', async () => {
      const sub = await subscription();
      const other = await subscription();
      const rows = [];
      for (let i = 0; i < 5; i++) {
        rows.push(await insertDelivery(s.h.ds, sub, { createdAt: at(-600 + i * 60), eventType: i % 2 ? 'leave.approved' : 'user.created', status: i === 4 ? 'DEAD' : 'DELIVERED' }));
      }
      await insertDelivery(s.h.ds, other, { createdAt: at(-30) });
      const { token } = await link(sub, {});
      const ids = (res: { body: { deliveries: Array<{ id: string }> } }) => res.body.deliveries.map((d) => d.id);

      const first = await call('GET', '/webhook-portal/deliveries?limit=2', token);
      expect(first.status).to.equal(200);
      expect(ids(first)).to.deep.equal([rows[4]!.id, rows[3]!.id]);
      expect(first.body).to.include({ count: 2, nextCursor: rows[3]!.id });
      const second = await call('GET', `/webhook-portal/deliveries?limit=2&before=${first.body.nextCursor}`, token);
      expect(ids(second)).to.deep.equal([rows[2]!.id, rows[1]!.id]);
      const last = await call('GET', `/webhook-portal/deliveries?limit=2&before=${second.body.nextCursor}`, token);
      expect(ids(last)).to.deep.equal([rows[0]!.id]);
      expect(last.body.nextCursor).to.equal(null);

      expect(ids(await call('GET', '/webhook-portal/deliveries?status=DEAD', token))).to.deep.equal([rows[4]!.id]);
      expect(ids(await call('GET', '/webhook-portal/deliveries?eventType=leave.approved', token))).to.deep.equal([rows[3]!.id, rows[1]!.id]);
      const from = encodeURIComponent(at(-480).toISOString());
      const to = encodeURIComponent(at(-360).toISOString());
      expect(ids(await call('GET', `/webhook-portal/deliveries?from=${from}&to=${to}`, token))).to.deep.equal([rows[3]!.id, rows[2]!.id]);

      for (const query of ['status=LOST', 'from=yesterday', `from=${to}&to=${from}`, 'before=nope', 'unknown=1']) {
        expect((await call('GET', `/webhook-portal/deliveries?${query}`, token)).status, query).to.equal(400);
      }
    });

    it('shows one delivery as the console log does; another subscription or tenant’s delivery is 404', async () => {
      const sub = await subscription();
      const d = await insertDelivery(s.h.ds, sub, { status: 'FAILED', attempts: 2, lastError: 'HTTP 503', lastResponseStatus: 503 });
      const other = await insertDelivery(s.h.ds, await subscription());
      const foreign = await insertDelivery(s.h.ds, await subscription(s.tenantB));
      const { token } = await link(sub, {});
      const res = await call('GET', `/webhook-portal/deliveries/${d.id}`, token);
      expect(res.status).to.equal(200);
      const log = await call('GET', `/webhooks/${sub.id}/deliveries`, owner.token);
      expect(res.body).to.deep.equal(log.body.deliveries[0]);
      expect(res.body).to.include({ status: 'FAILED', attempts: 2, lastError: 'HTTP 503', lastResponseStatus: 503 });
      expect((await call('GET', `/webhook-portal/deliveries/${other.id}`, token)).body).to.deep.equal(DELIVERY_NOT_FOUND);
      expect((await call('GET', `/webhook-portal/deliveries/${foreign.id}`, token)).body).to.deep.equal(DELIVERY_NOT_FOUND);
      expect((await call('GET', `/webhook-portal/deliveries/nope`, token)).status).to.equal(400);
    });
  });

  describe('POST /webhook-portal/test, /deliveries/:deliveryId/replay and /rotate', () => {
    /** What a receiver can tell apart: the headers and the envelope, minus what changes with each send. */
    const shape = (r: ReceivedRequest) => {
      const { occurredAt: _o, ...body } = JSON.parse(r.body);
      const { 'x-service-signature': _s, 'webhook-timestamp': _t, 'webhook-signature': _w, 'webhook-id': _i, 'x-service-delivery': delivery, host: _h, ...rest } = r.headers;
      return { path: r.path, body, headers: Object.keys(rest).sort(), delivery: delivery ?? null };
    };

    it('sends the same webhook.test as the console route, signed with the current secret', async () => {
      const sub = await subscription();
      const { token } = await link(sub);
      expect((await call('POST', `/webhooks/${sub.id}/test`, owner.token)).body).to.deep.equal({ ok: true, status: 200, bodyExcerpt: 'ok' });
      const res = await call('POST', '/webhook-portal/test', token);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ ok: true, status: 200, bodyExcerpt: 'ok' });
      expect(receiver.requests).to.have.length(2);
      const [viaConsole, viaPortal] = receiver.requests as [ReceivedRequest, ReceivedRequest];
      expect(shape(viaPortal)).to.deep.equal(shape(viaConsole));
      expect(JSON.parse(viaPortal.body)).to.include({ event: 'webhook.test' });
      expect(JSON.parse(viaPortal.body).payload.testedBy).to.equal(owner.id);
      expect(viaPortal.headers['x-service-signature']).to.equal(signature(sub.secret, viaPortal.body));
      receiver.setHandler(() => ({ status: 500, body: 'nope' }));
      expect((await call('POST', '/webhook-portal/test', token)).body).to.deep.equal({ ok: false, status: 500, bodyExcerpt: 'nope' });
      const [row] = await s.h.ds.query(`SELECT failure_count FROM webhook_subscriptions WHERE id = $1`, [sub.id]);
      expect(row.failure_count).to.equal(1);
    });

    it('replays one delivery as the console redeliver does: the same bytes and X-Service-Delivery, the attempt counted', async () => {
      const sub = await subscription();
      const d = await insertDelivery(s.h.ds, sub, { status: 'DEAD', attempts: 6, lastError: 'HTTP 500', lastResponseStatus: 500 });
      const { token } = await link(sub);
      expect((await call('POST', `/webhooks/deliveries/${d.id}/redeliver`, owner.token)).body).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      const res = await call('POST', `/webhook-portal/deliveries/${d.id}/replay`, token);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      const [viaConsole, viaPortal] = receiver.requests as [ReceivedRequest, ReceivedRequest];
      expect(shape(viaPortal)).to.deep.equal(shape(viaConsole));
      expect(viaPortal.headers['x-service-delivery']).to.equal(d.id);
      expect(viaPortal.body).to.equal(d.body);
      const [row] = await s.h.ds.query(`SELECT attempts, status FROM webhook_deliveries WHERE id = $1`, [d.id]);
      expect(row).to.deep.equal({ attempts: 8, status: 'DELIVERED' });
      const other = await insertDelivery(s.h.ds, await subscription());
      expect((await call('POST', `/webhook-portal/deliveries/${other.id}/replay`, token)).body).to.deep.equal(DELIVERY_NOT_FOUND);
      expect(receiver.requests).to.have.length(2);
    });

    it('rotates the secret, shown once; the old one stops at once', async () => {
      const sub = await subscription();
      const { token } = await link(sub);
      const res = await call('POST', '/webhook-portal/rotate', token);
      expect(res.status).to.equal(201);
      expect(res.body.id).to.equal(sub.id);
      expect(res.body.secret).to.match(/^whsec_/).and.not.equal(sub.secret);
      // Rotating sends nothing, as the console's rotate does not.
      expect(receiver.requests).to.have.length(0);
      await call('POST', `/webhooks/${sub.id}/test`, owner.token);
      const sent = receiver.requests[0]!;
      expect(sent.headers['x-service-signature']).to.equal(signature(res.body.secret, sent.body));
    });

    it('is 403 for a capability the link lacks, and for a plan without webhooks; reads stay open', async () => {
      const sub = await subscription();
      const d = await insertDelivery(s.h.ds, sub, { status: 'DEAD', attempts: 6 });
      const readOnly = (await link(sub, {})).token;
      for (const [path, capability] of [
        ['/webhook-portal/test', 'test'],
        ['/webhook-portal/rotate', 'rotate'],
        [`/webhook-portal/deliveries/${d.id}/replay`, 'replay'],
      ] as const) {
        expect((await call('POST', path, readOnly)).body).to.deep.equal({ message: `This portal link cannot ${capability}`, error: 'Forbidden', statusCode: 403 });
      }
      expect((await call('POST', '/webhook-portal/deliveries/replay-failed', readOnly, { from: at(-60).toISOString(), to: at(60).toISOString() })).status).to.equal(403);
      const full = (await link(sub)).token;
      await s.h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [s.tenantA]);
      expect((await call('POST', '/webhook-portal/test', full)).body).to.deep.equal(planRefused('BASIC'));
      expect((await call('GET', '/webhook-portal/deliveries', full)).status).to.equal(200);
      expect(receiver.requests).to.have.length(0);
    });

    it('allows 10 writes per 60 s per address, then 429', async () => {
      const sub = await subscription();
      const { token } = await link(sub);
      for (let i = 0; i < 10; i++) expect((await call('POST', '/webhook-portal/rotate', token)).status).to.equal(201);
      const res = await call('POST', '/webhook-portal/rotate', token);
      expect(res.status).to.equal(429);
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect((await call('GET', '/webhook-portal/deliveries', token)).headers.get('x-ratelimit-limit')).to.equal('120');
    });
  });

  describe('POST /webhook-portal/deliveries/replay-failed', () => {
    it('queues the DEAD deliveries created in [from, to) once each, and says how many', async () => {
      const sub = await subscription();
      const inRange = [await insertDelivery(s.h.ds, sub, { status: 'DEAD', attempts: 6, createdAt: at(-300) }), await insertDelivery(s.h.ds, sub, { status: 'DEAD', attempts: 6, createdAt: at(-200) })];
      const before = await insertDelivery(s.h.ds, sub, { status: 'DEAD', attempts: 6, createdAt: at(-900) });
      const retrying = await insertDelivery(s.h.ds, sub, { status: 'FAILED', attempts: 2, createdAt: at(-250), nextAttemptAt: at(60) });
      const delivered = await insertDelivery(s.h.ds, sub, { status: 'DELIVERED', attempts: 1, createdAt: at(-250) });
      const foreign = await insertDelivery(s.h.ds, await subscription(), { status: 'DEAD', attempts: 6, createdAt: at(-250) });
      const { token } = await link(sub);
      const range = { from: at(-600).toISOString(), to: at(0).toISOString() };
      const res = await call('POST', '/webhook-portal/deliveries/replay-failed', token, range);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ requeued: 2, remaining: 0 });
      const statuses = async (ids: string[]) =>
        (await s.h.ds.query(`SELECT id, status, attempts FROM webhook_deliveries WHERE id = ANY($1) ORDER BY created_at`, [ids])).map((r: { status: string; attempts: number }) => [r.status, r.attempts]);
      expect(await statuses(inRange.map((d) => d.id))).to.deep.equal([
        ['PENDING', 6],
        ['PENDING', 6],
      ]);
      expect(await statuses([before.id, retrying.id, delivered.id, foreign.id])).to.deep.equal([
        ['DEAD', 6],
        ['FAILED', 2],
        ['DELIVERED', 1],
        ['DEAD', 6],
      ]);
      // Already queued: a second call adds nothing.
      expect((await call('POST', '/webhook-portal/deliveries/replay-failed', token, range)).body).to.deep.equal({ requeued: 0, remaining: 0 });
    });

    it('refuses a missing, reversed or longer than 31-day range with 400', async () => {
      const { token } = await link(await subscription());
      for (const body of [{}, { from: at(0).toISOString(), to: at(-1).toISOString() }, { from: at(-32 * 86_400).toISOString(), to: at(0).toISOString() }, { from: 'then', to: 'now' }]) {
        expect((await call('POST', '/webhook-portal/deliveries/replay-failed', token, body)).status, JSON.stringify(body)).to.equal(400);
      }
    });
  });

  describe('the portal page', () => {
    const origin = () => new URL(s.h.baseUrl).origin;
    it("may be framed by exactly the link's origins; an unknown, revoked or expired link's page and the console are not framable", async () => {
      const sub = await subscription();
      const framed = await link(sub, { frameOrigins: ['https://app.example.com', 'http://localhost:5173'] });
      const page = await fetch(`${origin()}/portal/${framed.id}`);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('portal-test-index');
      expect(page.headers.get('content-security-policy')).to.include("frame-ancestors https://app.example.com http://localhost:5173");
      expect(page.headers.get('x-frame-options')).to.equal(null);
      expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
      // Each page view reads the link: the page is counted per address like the portal API's reads.
      expect(page.headers.get('x-ratelimit-limit')).to.equal('120');

      const unknown = await fetch(`${origin()}/portal/00000000-0000-4000-8000-000000000000`);
      expect(unknown.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
      const console = await fetch(`${origin()}/developers/webhooks`);
      expect(console.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
      expect(console.headers.get('x-frame-options')).to.equal('SAMEORIGIN');
      await call('DELETE', `/webhooks/${sub.id}/portal-links/${framed.id}`, owner.token);
      expect((await fetch(`${origin()}/portal/${framed.id}`)).headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
    });
  });
});
