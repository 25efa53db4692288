import { expect } from 'chai';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import { EVENT_CATALOG, EVENT_CODES } from '@wfm/events/catalog';
import { createTenant, createUser } from '@wfm/testing/factories';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test-support/harness.js';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { itChecksDeveloperCredentials } from '../../../test-support/developer-route-checks.js';
import { insertDelivery, insertSubscription, SUBSCRIPTION_KEYS } from '../../../test-support/webhooks.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const NOT_FOUND = { message: 'Webhook not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;
const URL_A = 'https://1.1.1.1/hooks/a';
const masked = (secret: string) => `whsec_••••${secret.slice(-4)}`;
const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);

/** Spec 03 "Developer API variants" and spec 01's /public rules, for webhooks and the catalog. */
describe('webhooks on the developer API (HTTP)', () => {
  const s = publicApiSuite(3);
  let reader: string;
  let writer: string;

  beforeEach(async () => {
    reader = await apiKeyFor(s.h, s.tenantA, ['webhooks:read']);
    writer = await apiKeyFor(s.h, s.tenantA, ['webhooks:write']);
  });

  const call = (method: string, path: string, credential: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    s.h.request(method, path, {
      ...(body !== undefined ? { body } : {}),
      headers: { 'x-forwarded-for': s.ip, ...(credential ? { authorization: `Bearer ${credential}` } : {}), ...headers },
    });
  const valid = (over: Record<string, unknown> = {}) => ({ name: 'Integration hook', url: URL_A, events: ['shift.assigned'], ...over });
  const ctx = () => ({ h: s.h, tenantId: s.tenantA });

  describe('GET /public/webhooks', () => {
    itChecksDeveloperCredentials(ctx, 'webhooks:read', (credential, headers) => call('GET', '/public/webhooks', credential, undefined, headers));

    it('lists the subscriptions newest first in the list envelope, secrets masked', async () => {
      const older = await insertSubscription(s.h.ds, s.tenantA, { name: 'Older', createdAt: new Date(Date.now() - 60_000) });
      const newer = await insertSubscription(s.h.ds, s.tenantA, { name: 'Newer' });
      await insertSubscription(s.h.ds, s.tenantB);
      const res = await call('GET', '/public/webhooks', reader);
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 2 });
      expect(res.body.data.map((s: { id: string }) => s.id)).to.deep.equal([newer.id, older.id]);
      expect(res.body.data[0]).to.include({ tenantId: s.tenantA, name: 'Newer', secret: masked(newer.secret), active: true, failureCount: 0 });
      expect(res.body.data[0]).to.have.all.keys(...SUBSCRIPTION_KEYS);
    });

    it('pages with limit and offset, clamps out-of-range values, and refuses undeclared or non-numeric ones', async () => {
      for (let i = 0; i < 3; i++) await insertSubscription(s.h.ds, s.tenantA, { createdAt: new Date(Date.now() - i * 1000) });
      expect((await call('GET', '/public/webhooks?limit=2&offset=2', reader)).body.pagination).to.deep.equal({ limit: 2, offset: 2, count: 1 });
      expect((await call('GET', '/public/webhooks?limit=500', reader)).body.pagination).to.deep.equal({ limit: 200, offset: 0, count: 3 });
      expect((await call('GET', '/public/webhooks?limit=0', reader)).body.pagination).to.deep.equal({ limit: 1, offset: 0, count: 1 });
      expect((await call('GET', '/public/webhooks?limit=abc', reader)).body).to.deep.equal(badRequest('limit must be an integer number'));
      expect((await call('GET', '/public/webhooks?page=2', reader)).body).to.deep.equal(badRequest('property page should not exist'));
    });

    it('does not accept webhooks:write alone', async () => {
      expect((await call('GET', '/public/webhooks', writer)).body).to.deep.equal({
        message: 'This credential lacks the webhooks:read scope',
        error: 'Forbidden',
        statusCode: 403,
      });
    });
  });

  describe('POST /public/webhooks', () => {
    itChecksDeveloperCredentials(ctx, 'webhooks:write', (credential, headers) => call('POST', '/public/webhooks', credential, valid(), headers));

    it('creates a subscription and returns its full secret once; it is stored sealed', async () => {
      const res = await call('POST', '/public/webhooks', writer, valid());
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ tenantId: s.tenantA, name: 'Integration hook', url: URL_A, active: true, failureCount: 0 });
      expect(res.body.secret).to.match(SECRET_FORMAT);
      const [row] = await s.h.ds.query(`SELECT row_to_json(s)::text AS line, secret_sealed, created_by_user_id FROM webhook_subscriptions s WHERE id = $1`, [res.body.id]);
      expect(row.line).to.not.include(res.body.secret.slice('whsec_'.length, -1));
      expect(encryptor.decrypt(row.secret_sealed)).to.equal(res.body.secret);
      expect(row.created_by_user_id).to.equal(null);
      const listed = await call('GET', '/public/webhooks', reader);
      expect(listed.body.data[0].secret).to.equal(masked(res.body.secret));
    });

    it('is 403 with webhooks:read only, and stores nothing', async () => {
      const res = await call('POST', '/public/webhooks', reader, valid());
      expect(res.body).to.deep.equal({ message: 'This credential lacks the webhooks:write scope', error: 'Forbidden', statusCode: 403 });
      expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });

    it('validates like the JWT route: 400 per problem, 422 on the egress check', async () => {
      expect((await call('POST', '/public/webhooks', writer, valid({ name: 'ab', events: [] }))).body).to.deep.equal(
        badRequest('name must be at least 3 characters', 'events must contain at least 1 element'),
      );
      expect((await call('POST', '/public/webhooks', writer, valid({ url: 'http://1.1.1.1/' }))).body).to.deep.equal(
        badRequest('url must be a valid URL starting with https://'),
      );
      expect((await call('POST', '/public/webhooks', writer, valid({ events: ['no.such'] }))).body).to.deep.equal(
        badRequest('events.0 must be one of the event codes of GET /webhooks/events'),
      );
      const refused = await call('POST', '/public/webhooks', writer, valid({ url: 'https://169.254.169.254/' }));
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.include('cloud-metadata address');
    });

    it('allows 10 writes per 60 s per caller address, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await call('POST', '/public/webhooks', writer, valid());
        expect(res.status).to.equal(201);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
      }
      const res = await call('POST', '/public/webhooks', writer, valid());
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(res.headers.get('x-ratelimit-limit')).to.equal(null);
    });
  });

  describe('PATCH /public/webhooks/:id', () => {
    itChecksDeveloperCredentials(ctx, 'webhooks:write', async (credential, headers) => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      return call('PATCH', `/public/webhooks/${sub.id}`, credential, { name: 'Renamed' }, headers);
    });

    it('changes url, events and active; active: true resets failureCount', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA, { active: false, failureCount: 10 });
      const res = await call('PATCH', `/public/webhooks/${sub.id}`, writer, { url: 'https://8.8.8.8/new', events: ['leave.requested'], active: true });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: sub.id, url: 'https://8.8.8.8/new', active: true, failureCount: 0, secret: masked(sub.secret) });
      expect(res.body.events).to.deep.equal(['leave.requested']);
    });

    it('answers 422 for a url failing the egress check, 400 for an empty body, 404 across tenants', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      expect((await call('PATCH', `/public/webhooks/${sub.id}`, writer, { url: 'https://[::1]/' })).status).to.equal(422);
      expect((await call('PATCH', `/public/webhooks/${sub.id}`, writer, {})).body).to.deep.equal(
        badRequest('body must contain at least one of: name, url, events, active, ordering'),
      );
      const theirs = await insertSubscription(s.h.ds, s.tenantB);
      expect((await call('PATCH', `/public/webhooks/${theirs.id}`, writer, { active: false })).body).to.deep.equal(NOT_FOUND);
    });

    it('is 403 with webhooks:read only', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      expect((await call('PATCH', `/public/webhooks/${sub.id}`, reader, { active: false })).status).to.equal(403);
    });
  });

  describe('DELETE /public/webhooks/:id', () => {
    itChecksDeveloperCredentials(ctx, 'webhooks:write', async (credential, headers) => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      return call('DELETE', `/public/webhooks/${sub.id}`, credential, undefined, headers);
    });

    it('deletes the subscription with its log: 200 {deleted: true, id}', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      await insertDelivery(s.h.ds, { id: sub.id, tenantId: s.tenantA });
      expect((await call('DELETE', `/public/webhooks/${sub.id}`, writer)).body).to.deep.equal({ deleted: true, id: sub.id });
      expect(await s.h.ds.query(`SELECT id FROM webhook_deliveries WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });

    it("answers 404 for another tenant's subscription; 403 with webhooks:read only", async () => {
      const theirs = await insertSubscription(s.h.ds, s.tenantB);
      expect((await call('DELETE', `/public/webhooks/${theirs.id}`, writer)).body).to.deep.equal(NOT_FOUND);
      const mine = await insertSubscription(s.h.ds, s.tenantA);
      expect((await call('DELETE', `/public/webhooks/${mine.id}`, reader)).status).to.equal(403);
      expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1) ORDER BY id`, [s.tenants])).to.have.length(2);
    });
  });

  describe('POST /public/webhooks/:id/rotate', () => {
    itChecksDeveloperCredentials(ctx, 'webhooks:write', async (credential, headers) => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      return call('POST', `/public/webhooks/${sub.id}/rotate`, credential, undefined, headers);
    });

    it('answers 201 {id, secret} with a new secret that replaces the old one', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      const res = await call('POST', `/public/webhooks/${sub.id}/rotate`, writer);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'secret');
      expect(res.body.secret).to.match(SECRET_FORMAT).and.not.equal(sub.secret);
      const [row] = await s.h.ds.query(`SELECT secret_sealed FROM webhook_subscriptions WHERE id = $1`, [sub.id]);
      expect(encryptor.decrypt(row.secret_sealed)).to.equal(res.body.secret);
    });

    it("answers 404 for another tenant's subscription; 403 with webhooks:read only", async () => {
      const theirs = await insertSubscription(s.h.ds, s.tenantB);
      expect((await call('POST', `/public/webhooks/${theirs.id}/rotate`, writer)).body).to.deep.equal(NOT_FOUND);
      const mine = await insertSubscription(s.h.ds, s.tenantA);
      expect((await call('POST', `/public/webhooks/${mine.id}/rotate`, reader)).status).to.equal(403);
    });
  });

  it('has no test route and no delivery log on /public', async () => {
    const sub = await insertSubscription(s.h.ds, s.tenantA);
    const key = await apiKeyFor(s.h, s.tenantA, ['webhooks:read', 'webhooks:write']);
    expect((await call('POST', `/public/webhooks/${sub.id}/test`, key)).status).to.equal(404);
    expect((await call('GET', `/public/webhooks/${sub.id}/deliveries`, key)).status).to.equal(404);
  });

  it('appears in the developer API document with its routes and no others', async () => {
    const res = await call('GET', '/public/openapi.json', null);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/public/webhooks']!).sort()).to.deep.equal(['get', 'post']);
    expect(Object.keys(paths['/public/webhooks/{id}']!).sort()).to.deep.equal(['delete', 'patch']);
    expect(Object.keys(paths['/public/webhooks/{id}/rotate']!)).to.deep.equal(['post']);
    expect(Object.keys(paths['/public/webhook-catalog']!)).to.deep.equal(['get']);
    expect(Object.keys(paths['/public/webhooks/{id}/portal-links']!).sort()).to.deep.equal(['get', 'post']);
    expect(Object.keys(paths['/public/webhooks/{id}/portal-links/{linkId}']!)).to.deep.equal(['delete']);
    expect(Object.keys(paths).filter((p) => p.includes('webhook'))).to.have.length(6);
  });

  describe('GET /public/webhook-catalog', () => {
    it('lists every event with when it fires and a sample payload, in the list envelope, for any credential', async () => {
      const key = await apiKeyFor(s.h, s.tenantA);
      const res = await call('GET', '/public/webhook-catalog', key);
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ limit: 50, offset: 0, count: 20 });
      expect(res.body.data.map((e: { code: string }) => e.code)).to.deep.equal([...EVENT_CODES]);
      for (const entry of res.body.data) {
        const source = EVENT_CATALOG[entry.code as keyof typeof EVENT_CATALOG];
        expect(entry).to.deep.equal({
          code: source.code,
          group: source.group,
          description: source.description,
          firesWhen: source.firesWhen,
          doesNotFireWhen: source.doesNotFireWhen,
          samplePayload: source.samplePayload,
        });
      }
      const released = res.body.data.find((e: { code: string }) => e.code === 'shift.released');
      expect(released.samplePayload).to.not.have.property('tenantId');
    });

    it('pages with limit and offset and refuses undeclared parameters', async () => {
      const key = await apiKeyFor(s.h, s.tenantA);
      const page = await call('GET', '/public/webhook-catalog?limit=5&offset=18', key);
      expect(page.body.data.map((e: { code: string }) => e.code)).to.deep.equal(EVENT_CODES.slice(18));
      expect(page.body.pagination).to.deep.equal({ limit: 5, offset: 18, count: 2 });
      expect((await call('GET', '/public/webhook-catalog?event=user.created', key)).body).to.deep.equal(badRequest('property event should not exist'));
    });

    it('is 401 without a credential and with a user JWT, 403 off the Enterprise plan', async () => {
      expect((await call('GET', '/public/webhook-catalog', null)).body).to.deep.equal(UNAUTHORIZED);
      const jwt = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' }));
      expect((await call('GET', '/public/webhook-catalog', jwt)).body).to.deep.equal(UNAUTHORIZED);
      const growth = (await createTenant(s.h.ds, { plan: 'GROWTH' })).id;
      const res = await call('GET', '/public/webhook-catalog', await apiKeyFor(s.h, growth));
      expect(res.status).to.equal(403);
      expect(res.body).to.include({ error: 'ModuleNotEntitled' });
    });
  });
});
