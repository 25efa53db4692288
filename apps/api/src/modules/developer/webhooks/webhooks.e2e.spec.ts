import { expect } from 'chai';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { Plan } from '@wfm/core/tenancy';
import { EVENT_CODES } from '@wfm/events/catalog';
import { createTenant, createUser } from '@wfm/testing/factories';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test-support/harness.js';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { insertDelivery, insertSubscription, SUBSCRIPTION_KEYS } from '../../../test-support/webhooks.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Webhook not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const planRefused = (plan: string) => ({ message: `Your ${plan} plan does not include webhooks. Upgrade at /admin/billing.`, error: 'Forbidden', statusCode: 403 });
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;
const URL_A = 'https://1.1.1.1/hooks/a';
const URL_B = 'https://8.8.8.8/hooks/b';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const masked = (secret: string) => `whsec_••••${secret.slice(-4)}`;
const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);

/** Spec 03: the management routes under a user JWT (the test route and redeliver have their own file). */
describe('webhook subscriptions (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { plan: 'GROWTH' } });
  let token: string;
  let adminId: string;

  beforeEach(async () => {
    const admin = await createUser(s.h.ds, s.tenantA, { role: 'COMPANY_ADMIN' });
    adminId = admin.id;
    token = await s.h.tokenFor(admin);
  });

  const create = (body: unknown, as = token) => s.h.request('POST', '/webhooks', { body, token: as });
  const list = (as = token) => s.h.request('GET', '/webhooks', { token: as });
  const patch = (id: string, body: unknown, as = token) => s.h.request('PATCH', `/webhooks/${id}`, { body, token: as });
  const remove = (id: string, as = token) => s.h.request('DELETE', `/webhooks/${id}`, { token: as });
  const rotate = (id: string, as = token) => s.h.request('POST', `/webhooks/${id}/rotate`, { token: as });
  const valid = (over: Record<string, unknown> = {}) => ({ name: 'Payroll sync', url: URL_A, events: ['payroll.paid', 'user.created'], ...over });

  async function storedRow(id: string): Promise<{ line: string; sealed: string; hint: string }> {
    const [row] = await s.h.ds.query(`SELECT row_to_json(s)::text AS line, secret_sealed AS sealed, secret_hint AS hint FROM webhook_subscriptions s WHERE id = $1`, [id]);
    return row;
  }

  describe('POST /webhooks', () => {
    it('answers 201 with the subscription and its full secret, stored sealed with a 4-character hint', async () => {
      const res = await create(valid());
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(...SUBSCRIPTION_KEYS);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.equal({
        id: res.body.id,
        tenantId: s.tenantA,
        name: 'Payroll sync',
        url: URL_A,
        events: ['payroll.paid', 'user.created'],
        secret: res.body.secret,
        active: true,
        failureCount: 0,
        ordering: 'unordered',
        lastSuccessAt: null,
        lastFailureAt: null,
        lastFailureReason: null,
        createdAt: now,
        updatedAt: now,
      });
      expect(res.body.secret).to.match(SECRET_FORMAT);
      const row = await storedRow(res.body.id);
      expect(row.line).to.not.include(res.body.secret);
      expect(row.line).to.not.include(res.body.secret.slice('whsec_'.length, -1));
      expect(encryptor.decrypt(row.sealed)).to.equal(res.body.secret);
      expect(row.hint).to.equal(res.body.secret.slice(-4));
      const [creator] = await s.h.ds.query(`SELECT created_by_user_id FROM webhook_subscriptions WHERE id = $1`, [res.body.id]);
      expect(creator.created_by_user_id).to.equal(adminId);
    });

    it('gives every subscription its own secret', async () => {
      const a = await create(valid());
      const b = await create(valid());
      expect(a.body.secret).to.not.equal(b.body.secret);
    });

    it('trims the name and accepts the bounds: 3 and 120 characters, a 2000-character url, 50 events', async () => {
      const short = await create(valid({ name: '  abc  ' }));
      expect(short.status).to.equal(201);
      expect(short.body.name).to.equal('abc');
      const longUrl = `https://1.1.1.1/${'a'.repeat(2000 - 'https://1.1.1.1/'.length)}`;
      const long = await create(valid({ name: 'n'.repeat(120), url: longUrl }));
      expect(long.status).to.equal(201);
      expect(long.body.url).to.have.length(2000);
      const all = await create(valid({ events: [...EVENT_CODES] }));
      expect(all.status).to.equal(201);
      expect(all.body.events).to.deep.equal(EVENT_CODES);
    });

    it('answers 400 naming each problem of spec 03 Errors', async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ name: 'ab' }, ['name must be at least 3 characters']],
        [{ name: '   ab   ' }, ['name must be at least 3 characters']],
        [{ name: 'n'.repeat(121) }, ['name must be at most 120 characters']],
        [{ url: 'http://1.1.1.1/hooks' }, ['url must be a valid URL starting with https://']],
        [{ url: 'ftp://1.1.1.1/hooks' }, ['url must be a valid URL starting with https://']],
        [{ url: 'https://exa mple.com/' }, ['url must be a valid URL starting with https://']],
        [{ url: `https://1.1.1.1/${'a'.repeat(1985)}` }, ['url must be at most 2000 characters']],
        [{ events: [] }, ['events must contain at least 1 element']],
        [{ events: ['user.created', 'no.such.event'] }, ['events.1 must be one of the event codes of GET /webhooks/events']],
        [{ events: ['webhook.test'] }, ['events.0 must not be webhook.test: it is sent only by the test route']],
        [{ events: ['user.created', 'leave.approved', 'user.created'] }, ['events.2 must not repeat events.0']],
        [{ events: 'user.created' }, ['events must be an array']],
        [{ events: [...EVENT_CODES, ...EVENT_CODES, ...EVENT_CODES] }, ['events must contain at most 50 elements']],
        [{ secret: 'whsec_mine' }, ['property secret should not exist']],
      ];
      for (const [over, message] of cases) {
        const res = await create(valid(over));
        expect(res.status, JSON.stringify(over)).to.equal(400);
        expect(res.body, JSON.stringify(over)).to.deep.equal(badRequest(...message));
      }
      expect((await create({})).body).to.deep.equal(badRequest('name is required', 'url is required', 'events is required'));
      expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });

    it('answers 422 naming the reason when the url fails the egress check, and stores nothing', async () => {
      const onlyPublic = 'only public addresses may be reached';
      // A host name's refusal does not say what it resolved to (localhost: 127.0.0.1) or why it did not resolve.
      const hostRefused = (host: string) => `Egress check: ${host} does not resolve, or resolves to an address that is not public; ${onlyPublic}`;
      const cases: Array<[string, string]> = [
        ['https://nothing-here.invalid/hook', hostRefused('nothing-here.invalid')],
        ['https://localhost:8443/hook', hostRefused('localhost')],
        ['https://10.0.0.1/hook', `Egress check: 10.0.0.1 (private address); ${onlyPublic}`],
        ['https://169.254.169.254/latest/meta-data', `Egress check: 169.254.169.254 (cloud-metadata address); ${onlyPublic}`],
        ['https://[::1]/hook', `Egress check: ::1 (loopback address); ${onlyPublic}`],
        ['https://127.0.0.1:8443/hook', `Egress check: 127.0.0.1 (loopback address); ${onlyPublic}`],
        ['https://[::ffff:10.0.0.1]/hook', `Egress check: ::ffff:a00:1 (embeds 10.0.0.1: private address); ${onlyPublic}`],
      ];
      for (const [url, message] of cases) {
        const res = await create(valid({ url }));
        expect(res.status, url).to.equal(422);
        expect(res.body, url).to.deep.equal({ message, error: 'Unprocessable Entity', statusCode: 422 });
      }
      expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });

    it('caps a tenant at 50 subscriptions with 409; other tenants are not affected', async () => {
      for (let i = 0; i < 50; i++) await insertSubscription(s.h.ds, s.tenantA);
      const res = await create(valid());
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({
        message: 'A tenant can have at most 50 webhook subscriptions; delete one first',
        error: 'Conflict',
        statusCode: 409,
      });
      expect((await create(valid(), await s.tokenAs('TENANT_OWNER', s.tenantB))).status).to.equal(201);
    });

    it('holds the cap under concurrent creates', async () => {
      for (let i = 0; i < 48; i++) await insertSubscription(s.h.ds, s.tenantA);
      const results = await Promise.all(Array.from({ length: 5 }, () => create(valid())));
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 201, 409, 409, 409]);
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE tenant_id = $1`, [s.tenantA]);
      expect(n).to.equal(50);
    });
  });

  describe('GET /webhooks', () => {
    it("lists the tenant's subscriptions newest first with the secret masked", async () => {
      const first = await create(valid({ name: 'First' }));
      s.h.clock.advance(1000);
      const second = await create(valid({ name: 'Second', url: URL_B, events: ['leave.approved'] }));
      await create(valid({ name: 'Elsewhere' }), await s.tokenAs('TENANT_OWNER', s.tenantB));
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        { ...second.body, secret: masked(second.body.secret) },
        { ...first.body, secret: masked(first.body.secret) },
      ]);
      expect(res.body[0].secret).to.match(/^whsec_••••.{4}$/);
    });

    it('is an empty array for a tenant without subscriptions', async () => {
      expect((await list()).body).to.deep.equal([]);
    });
  });

  describe('GET /webhooks/events', () => {
    it('lists the 20 subscribable codes in catalog order, without webhook.test', async () => {
      const res = await s.h.request('GET', '/webhooks/events', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ events: [...EVENT_CODES] });
      expect(res.body.events).to.have.length(20);
      expect(res.body.events).to.not.include('webhook.test');
    });
  });

  describe('PATCH /webhooks/:id', () => {
    it('changes name, url and events and answers 200 with the subscription, secret masked', async () => {
      const made = await create(valid());
      s.h.clock.advance(5000);
      const res = await patch(made.body.id, { name: 'Renamed', url: URL_B, events: ['leave.rejected'] });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        ...made.body,
        name: 'Renamed',
        url: URL_B,
        events: ['leave.rejected'],
        secret: masked(made.body.secret),
        updatedAt: s.h.clock.now().toISOString(),
      });
      expect((await list()).body).to.deep.equal([res.body]);
    });

    it('changes one field and leaves the others', async () => {
      const made = await create(valid());
      const res = await patch(made.body.id, { events: ['shift.assigned'] });
      expect(res.body).to.include({ name: 'Payroll sync', url: URL_A });
      expect(res.body.events).to.deep.equal(['shift.assigned']);
    });

    it('switches off with active: false and keeps the failure count', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA, { failureCount: 3 });
      const res = await patch(sub.id, { active: false });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ active: false, failureCount: 3 });
    });

    it('switches a disabled subscription back on with active: true and resets failureCount to 0', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA, { active: false, failureCount: 10 });
      await s.h.ds.query(`UPDATE webhook_subscriptions SET last_failure_reason = 'Disabled after 10 consecutive failed attempts' WHERE id = $1`, [sub.id]);
      const res = await patch(sub.id, { active: true });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ active: true, failureCount: 0, lastFailureReason: 'Disabled after 10 consecutive failed attempts' });
    });

    it('resets failureCount on active: true even when the subscription is already on', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA, { failureCount: 7 });
      expect((await patch(sub.id, { active: true })).body).to.include({ active: true, failureCount: 0 });
      const other = await insertSubscription(s.h.ds, s.tenantA, { failureCount: 7 });
      expect((await patch(other.id, { name: 'Only the name' })).body.failureCount).to.equal(7);
    });

    it('answers 422 when a new url fails the egress check, and changes nothing', async () => {
      const made = await create(valid());
      for (const url of ['https://nothing-here.invalid/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'https://[::1]/']) {
        const res = await patch(made.body.id, { url, name: 'Changed' });
        expect(res.status, url).to.equal(422);
        expect(res.body, url).to.include({ error: 'Unprocessable Entity', statusCode: 422 });
        expect(res.body.message, url).to.match(/^Egress check: /);
      }
      expect((await list()).body[0]).to.include({ url: URL_A, name: 'Payroll sync' });
    });

    it('does not re-check an unchanged url', async () => {
      // A stored url that no longer passes (say its name now resolves privately) does not block other edits.
      const sub = await insertSubscription(s.h.ds, s.tenantA, { url: 'https://nothing-here.invalid/hook' });
      const res = await patch(sub.id, { url: 'https://nothing-here.invalid/hook', name: 'Renamed' });
      expect(res.status).to.equal(200);
      expect(res.body.name).to.equal('Renamed');
    });

    it('creates a FIFO subscription and switches its ordering (issue 32)', async () => {
      const made = await create(valid({ ordering: 'fifo' }));
      expect(made.status).to.equal(201);
      expect(made.body.ordering).to.equal('fifo');
      const res = await patch(made.body.id, { ordering: 'unordered' });
      expect(res.status).to.equal(200);
      expect(res.body.ordering).to.equal('unordered');
      expect((await create(valid({ ordering: 'sorted' }))).body).to.deep.equal(badRequest('ordering must be one of the following values: unordered, fifo'));
    });

    it('answers 400 for an empty body and for each invalid field', async () => {
      const made = await create(valid());
      const cases: Array<[unknown, string[]]> = [
        [{}, ['body must contain at least one of: name, url, events, active, ordering']],
        [{ ordering: 'lifo' }, ['ordering must be one of the following values: unordered, fifo']],
        [{ name: 'ab' }, ['name must be at least 3 characters']],
        [{ url: 'http://1.1.1.1/' }, ['url must be a valid URL starting with https://']],
        [{ events: [] }, ['events must contain at least 1 element']],
        [{ events: ['nope'] }, ['events.0 must be one of the event codes of GET /webhooks/events']],
        [{ events: ['webhook.test'] }, ['events.0 must not be webhook.test: it is sent only by the test route']],
        [{ active: 'yes' }, ['active must be a boolean']],
        [{ name: 'Valid name', secret: 'x' }, ['property secret should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await patch(made.body.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      expect((await patch('not-a-uuid', { name: 'Valid name' })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it("answers 404 for another tenant's subscription and leaves it alone", async () => {
      const theirs = await insertSubscription(s.h.ds, s.tenantB, { name: 'Theirs' });
      expect((await patch(theirs.id, { name: 'Mine now' })).body).to.deep.equal(NOT_FOUND);
      expect((await patch(UNKNOWN_ID, { name: 'Mine now' })).body).to.deep.equal(NOT_FOUND);
      const [row] = await s.h.ds.query(`SELECT name FROM webhook_subscriptions WHERE id = $1`, [theirs.id]);
      expect(row.name).to.equal('Theirs');
    });

    it('answers 404 before the egress check for an unknown id', async () => {
      expect((await patch(UNKNOWN_ID, { url: 'https://10.0.0.1/' })).status).to.equal(404);
    });
  });

  describe('DELETE /webhooks/:id', () => {
    it('answers 200 {deleted: true, id} and removes the delivery log with it', async () => {
      const sub = await insertSubscription(s.h.ds, s.tenantA);
      await insertDelivery(s.h.ds, { id: sub.id, tenantId: s.tenantA }, { status: 'DEAD' });
      await insertDelivery(s.h.ds, { id: sub.id, tenantId: s.tenantA }, { status: 'DELIVERED' });
      const res = await remove(sub.id);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, id: sub.id });
      expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
      expect(await s.h.ds.query(`SELECT id FROM webhook_deliveries WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
      expect((await remove(sub.id)).body).to.deep.equal(NOT_FOUND);
    });

    it("answers 404 for another tenant's subscription and keeps it and its log", async () => {
      const theirs = await insertSubscription(s.h.ds, s.tenantB);
      await insertDelivery(s.h.ds, { id: theirs.id, tenantId: s.tenantB });
      expect((await remove(theirs.id)).body).to.deep.equal(NOT_FOUND);
      expect(await s.h.ds.query(`SELECT id FROM webhook_deliveries WHERE tenant_id = ANY($1)`, [s.tenants])).to.have.length(1);
      expect((await remove('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });

  describe('POST /webhooks/:id/rotate', () => {
    it('answers 201 {id, secret} with a new full secret; only the new one is stored, sealed', async () => {
      const made = await create(valid());
      s.h.clock.advance(1000);
      const res = await rotate(made.body.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'secret');
      expect(res.body.id).to.equal(made.body.id);
      expect(res.body.secret).to.match(SECRET_FORMAT);
      expect(res.body.secret).to.not.equal(made.body.secret);
      const row = await storedRow(made.body.id);
      expect(encryptor.decrypt(row.sealed)).to.equal(res.body.secret);
      expect(row.line).to.not.include(res.body.secret.slice('whsec_'.length, -1));
      const [listed] = (await list()).body;
      expect(listed.secret).to.equal(masked(res.body.secret));
      expect(listed.updatedAt).to.equal(s.h.clock.now().toISOString());
    });

    it("answers 404 for another tenant's subscription and leaves its secret", async () => {
      const theirs = await insertSubscription(s.h.ds, s.tenantB);
      expect((await rotate(theirs.id)).body).to.deep.equal(NOT_FOUND);
      expect(encryptor.decrypt((await storedRow(theirs.id)).sealed)).to.equal(theirs.secret);
      expect((await rotate('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });

  describe('authentication, roles and plans on every route', () => {
    let subId: string;
    let deliveryId: string;

    beforeEach(async () => {
      subId = (await insertSubscription(s.h.ds, s.tenantA)).id;
      deliveryId = (await insertDelivery(s.h.ds, { id: subId, tenantId: s.tenantA }, { status: 'DEAD', attempts: 6 })).id;
    });

    const routes = (): Array<[string, string, unknown?]> => [
      ['GET', '/webhooks'],
      ['GET', '/webhooks/events'],
      ['POST', '/webhooks', valid()],
      ['PATCH', `/webhooks/${subId}`, { name: 'Renamed' }],
      ['DELETE', `/webhooks/${subId}`],
      ['POST', `/webhooks/${subId}/rotate`],
      ['POST', `/webhooks/${subId}/test`],
      ['GET', `/webhooks/${subId}/deliveries`],
      ['GET', '/webhooks/deliveries/dead-count'],
      ['POST', `/webhooks/deliveries/${deliveryId}/redeliver`],
    ];

    it('answers a bare 401 without a token, with a garbage token and with a developer key', async () => {
      const key = await apiKeyFor(s.h, s.tenantA, ['webhooks:read', 'webhooks:write']);
      for (const [method, path, body] of routes()) {
        for (const as of [undefined, 'not-a-jwt', key]) {
          const res = await s.h.request(method, path, { body, ...(as ? { token: as } : {}) });
          expect(res.status, `${method} ${path}`).to.equal(401);
          expect(res.body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
        }
      }
    });

    for (const role of ['HR_MANAGER', 'STAFF', 'OPERATIONS_MANAGER', 'AREA_MANAGER', 'OUTLET_MANAGER'] as const) {
      it(`answers 403 to ${role} on every route, read-only ones included, and changes nothing`, async () => {
        const as = await s.tokenAs(role);
        for (const [method, path, body] of routes()) {
          const res = await s.h.request(method, path, { body, token: as });
          expect(res.status, `${method} ${path}`).to.equal(403);
          expect(res.body, `${method} ${path}`).to.deep.equal(FORBIDDEN);
        }
        expect(await s.h.ds.query(`SELECT id FROM webhook_subscriptions WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([{ id: subId }]);
      });
    }

    it('lets TENANT_OWNER, COMPANY_ADMIN and TENANT_GROUP_OWNER manage', async () => {
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as const) {
        const as = await s.tokenAs(role);
        expect((await list(as)).status, role).to.equal(200);
        expect((await create(valid(), as)).status, role).to.equal(201);
        expect((await patch(subId, { name: `By ${role}` }, as)).status, role).to.equal(200);
      }
    });

    for (const plan of ['FREE', 'BASIC'] as Plan[]) {
      describe(`on a ${plan} tenant`, () => {
        let freeToken: string;
        let freeSub: string;
        let freeDelivery: string;

        beforeEach(async () => {
          const tenant = (await createTenant(s.h.ds, { plan })).id;
          freeToken = await s.tokenAs('TENANT_OWNER', tenant);
          freeSub = (await insertSubscription(s.h.ds, tenant)).id;
          freeDelivery = (await insertDelivery(s.h.ds, { id: freeSub, tenantId: tenant }, { status: 'DEAD', attempts: 6 })).id;
        });

        it('answers 403 with the plan message on exactly the five create, change and send routes', async () => {
          const gated: Array<[string, string, unknown?]> = [
            ['POST', '/webhooks', valid()],
            ['PATCH', `/webhooks/${freeSub}`, { active: true }],
            ['POST', `/webhooks/${freeSub}/rotate`],
            ['POST', `/webhooks/${freeSub}/test`],
            ['POST', `/webhooks/deliveries/${freeDelivery}/redeliver`],
          ];
          for (const [method, path, body] of gated) {
            const res = await s.h.request(method, path, { body, token: freeToken });
            expect(res.status, `${method} ${path}`).to.equal(403);
            expect(res.body, `${method} ${path}`).to.deep.equal(planRefused(plan));
          }
          const [row] = await s.h.ds.query(`SELECT attempts FROM webhook_deliveries WHERE id = $1`, [freeDelivery]);
          expect(row.attempts).to.equal(6);
        });

        it('still lists, reads the event codes, the log and dead-count, and deletes', async () => {
          expect((await list(freeToken)).body.map((s: { id: string }) => s.id)).to.deep.equal([freeSub]);
          expect((await s.h.request('GET', '/webhooks/events', { token: freeToken })).body.events).to.have.length(20);
          const log = await s.h.request('GET', `/webhooks/${freeSub}/deliveries`, { token: freeToken });
          expect(log.status).to.equal(200);
          expect(log.body.count).to.equal(1);
          expect((await s.h.request('GET', '/webhooks/deliveries/dead-count', { token: freeToken })).body).to.deep.equal({ dead: 1 });
          expect((await remove(freeSub, freeToken)).body).to.deep.equal({ deleted: true, id: freeSub });
        });

        it('checks the role before the plan', async () => {
          const staff = await s.tokenAs('STAFF', (await createTenant(s.h.ds, { plan })).id);
          expect((await create(valid(), staff)).body).to.deep.equal(FORBIDDEN);
        });
      });
    }

    it('passes the plan check on GROWTH and ENTERPRISE', async () => {
      expect((await create(valid())).status).to.equal(201);
      const enterprise = await s.tokenAs('TENANT_OWNER', (await createTenant(s.h.ds, { plan: 'ENTERPRISE' })).id);
      expect((await create(valid(), enterprise)).status).to.equal(201);
    });
  });

  describe('rate limit', () => {
    it('carries the default limit of 120 per 60 s on the management routes', async () => {
      const res = await list();
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
      expect(res.headers.get('x-ratelimit-remaining')).to.equal('119');
      expect(res.headers.get('x-ratelimit-reset')).to.match(/^\d+$/);
    });

    it('answers the 121st call of a user within 60 s with 429, Retry-After and no X-RateLimit headers', async () => {
      const as = await s.tokenAs('TENANT_OWNER');
      for (let i = 0; i < 120; i++) expect((await s.h.request('GET', '/webhooks/events', { token: as })).status).to.equal(200);
      const res = await s.h.request('GET', '/webhooks/events', { token: as });
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(res.headers.get('x-ratelimit-limit')).to.equal(null);
      expect(res.headers.get('x-ratelimit-remaining')).to.equal(null);
      expect(res.headers.get('x-ratelimit-reset')).to.equal(null);
    });
  });
});
