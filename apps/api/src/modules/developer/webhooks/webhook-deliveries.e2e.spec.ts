import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { startTestReceiver, testCertificate, type TestReceiver } from '@wfm/testing/https-receiver';
import { ApiHarness } from '../../../test-support/harness.js';
import { insertDelivery, insertSubscription } from '../../../test-support/webhooks.js';

const NOT_FOUND = { message: 'Webhook not found', error: 'Not Found', statusCode: 404 };
const DELIVERY_NOT_FOUND = { message: 'Delivery not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DELIVERY_KEYS = [
  'id',
  'tenantId',
  'webhookId',
  'eventType',
  'payload',
  'status',
  'attempts',
  'maxAttempts',
  'nextAttemptAt',
  'lastError',
  'lastResponseStatus',
  'createdAt',
  'updatedAt',
  'deliveredAt',
];
const TIMEOUT_MS = 1000;

function hexSignature(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Spec 03: the delivery log, dead-count, redeliver and the test route, against a local HTTPS
 * receiver whose self-signed certificate the API trusts through WEBHOOK_CA_FILE and whose address
 * WEBHOOK_ALLOWED_TARGETS lets through the egress check.
 */
describe('webhook deliveries, redeliver and the test route (HTTP)', () => {
  let h: ApiHarness;
  let receiver: TestReceiver;
  let caDir: string;
  let tenantA: string;
  let tenantB: string;
  let token: string;
  let userId: string;

  before(async () => {
    caDir = mkdtempSync(join(tmpdir(), 'wfm-webhook-ca-'));
    writeFileSync(join(caDir, 'ca.pem'), (await testCertificate()).cert);
    h = await ApiHarness.start({
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: join(caDir, 'ca.pem'),
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    receiver = await startTestReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.stop();
    rmSync(caDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    receiver.requests.length = 0;
    receiver.setHandler(() => ({ status: 200, body: 'ok' }));
    tenantA = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    tenantB = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    const owner = await createUser(h.ds, tenantA, { role: 'TENANT_OWNER' });
    userId = owner.id;
    token = await h.tokenFor(owner);
  });

  const at = (offsetS: number) => new Date(h.clock.now().getTime() + offsetS * 1000);

  async function subscription(over: Parameters<typeof insertSubscription>[2] = {}, tenantId = tenantA) {
    const sub = await insertSubscription(h.ds, tenantId, { url: receiver.url('/hook'), ...over });
    return { ...sub, tenantId };
  }

  async function subscriptionRow(id: string) {
    const [row] = await h.ds.query(
      `SELECT active, failure_count AS "failureCount", last_failure_reason AS "lastFailureReason", last_success_at AS "lastSuccessAt", last_failure_at AS "lastFailureAt"
       FROM webhook_subscriptions WHERE id = $1`,
      [id],
    );
    return row;
  }

  describe('GET /webhooks/:id/deliveries', () => {
    const log = (id: string, query = '') => h.request('GET', `/webhooks/${id}/deliveries${query}`, { token });

    it("answers {deliveries, count} with exactly the spec's delivery fields", async () => {
      const sub = await subscription();
      const d = await insertDelivery(h.ds, sub, {
        eventType: 'leave.approved',
        status: 'FAILED',
        attempts: 2,
        lastError: 'HTTP 503',
        lastResponseStatus: 503,
        createdAt: at(-120),
        nextAttemptAt: at(60),
      });
      const res = await log(sub.id);
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('deliveries', 'count');
      expect(res.body.deliveries[0]).to.have.all.keys(...DELIVERY_KEYS);
      expect(res.body).to.deep.equal({
        deliveries: [
          {
            id: d.id,
            tenantId: tenantA,
            webhookId: sub.id,
            eventType: 'leave.approved',
            payload: d.payload,
            status: 'FAILED',
            attempts: 2,
            maxAttempts: 6,
            nextAttemptAt: at(60).toISOString(),
            lastError: 'HTTP 503',
            lastResponseStatus: 503,
            createdAt: at(-120).toISOString(),
            updatedAt: at(-120).toISOString(),
            deliveredAt: null,
          },
        ],
        count: 1,
      });
      expect(res.body.deliveries[0].payload).to.include({ leaveRequestId: '7b4e2d9a-5c1f-4a63-9e87-1d0c3b6f8a52' });
    });

    it('lists newest first, only this subscription, and filters by status', async () => {
      const sub = await subscription();
      const other = await subscription();
      const oldest = await insertDelivery(h.ds, sub, { status: 'DEAD', createdAt: at(-30) });
      const middle = await insertDelivery(h.ds, sub, { status: 'DELIVERED', createdAt: at(-20) });
      const newest = await insertDelivery(h.ds, sub, { status: 'DEAD', createdAt: at(-10) });
      await insertDelivery(h.ds, other, { status: 'DEAD', createdAt: at(-5) });
      const all = await log(sub.id);
      expect(all.body.deliveries.map((d: { id: string }) => d.id)).to.deep.equal([newest.id, middle.id, oldest.id]);
      expect(all.body.count).to.equal(3);
      const dead = await log(sub.id, '?status=DEAD');
      expect(dead.body.deliveries.map((d: { id: string }) => d.id)).to.deep.equal([newest.id, oldest.id]);
      expect(dead.body.count).to.equal(2);
      expect((await log(sub.id, '?status=PENDING')).body).to.deep.equal({ deliveries: [], count: 0 });
    });

    it('returns the newest 50 by default and clamps limit to 1–200; count is the rows returned', async () => {
      const sub = await subscription();
      await h.ds.query(
        `INSERT INTO webhook_deliveries (id, tenant_id, webhook_id, event_id, event_type, payload, body, occurred_at, status, next_attempt_at, created_at, updated_at)
         SELECT gen_random_uuid(), $1, $2, gen_random_uuid(), 'user.created', '{}', '{}', now(), 'DELIVERED', now(),
                $3::timestamptz + make_interval(secs => i), $3::timestamptz
         FROM generate_series(1, 205) AS i`,
        [tenantA, sub.id, at(-1000)],
      );
      const byDefault = await log(sub.id);
      expect(byDefault.body.count).to.equal(50);
      expect(byDefault.body.deliveries[0].createdAt).to.equal(at(-1000 + 205).toISOString());
      expect((await log(sub.id, '?limit=2')).body.deliveries.map((d: { createdAt: string }) => d.createdAt)).to.deep.equal([
        at(-1000 + 205).toISOString(),
        at(-1000 + 204).toISOString(),
      ]);
      expect((await log(sub.id, '?limit=500')).body.count).to.equal(200);
      expect((await log(sub.id, '?limit=0')).body.count).to.equal(1);
      expect((await log(sub.id, '?limit=-4')).body.count).to.equal(1);
    });

    it('answers 400 for an unknown status, a non-numeric limit and an undeclared parameter', async () => {
      const sub = await subscription();
      expect((await log(sub.id, '?status=LOST')).body).to.deep.equal(badRequest('status must be one of the following values: PENDING, DELIVERED, FAILED, DEAD'));
      expect((await log(sub.id, '?limit=abc')).body).to.deep.equal(badRequest('limit must be an integer number'));
      expect((await log(sub.id, '?page=2')).body).to.deep.equal(badRequest('property page should not exist'));
      expect((await log('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it("answers 404 for another tenant's subscription and for an unknown id", async () => {
      const theirs = await subscription({}, tenantB);
      await insertDelivery(h.ds, theirs);
      expect((await log(theirs.id)).body).to.deep.equal(NOT_FOUND);
      expect((await log(UNKNOWN_ID)).body).to.deep.equal(NOT_FOUND);
    });
  });

  describe('GET /webhooks/deliveries/dead-count', () => {
    const deadCount = () => h.request('GET', '/webhooks/deliveries/dead-count', { token });

    it("counts DEAD deliveries across the tenant's subscriptions only", async () => {
      expect((await deadCount()).body).to.deep.equal({ dead: 0 });
      const one = await subscription();
      const two = await subscription({ active: false });
      await insertDelivery(h.ds, one, { status: 'DEAD' });
      await insertDelivery(h.ds, one, { status: 'FAILED' });
      await insertDelivery(h.ds, one, { status: 'DELIVERED' });
      await insertDelivery(h.ds, two, { status: 'DEAD' });
      await insertDelivery(h.ds, await subscription({}, tenantB), { status: 'DEAD' });
      const res = await deadCount();
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ dead: 2 });
    });
  });

  describe('POST /webhooks/deliveries/:deliveryId/redeliver', () => {
    const redeliver = (id: string) => h.request('POST', `/webhooks/deliveries/${id}/redeliver`, { token });

    async function deliveryRow(id: string) {
      const [row] = await h.ds.query(
        `SELECT status, attempts, last_error AS "lastError", last_response_status AS "lastResponseStatus", delivered_at AS "deliveredAt" FROM webhook_deliveries WHERE id = $1`,
        [id],
      );
      return row;
    }

    it('sends a DEAD delivery again now, with its stored body, id and the current secret; 201 DELIVERED', async () => {
      const sub = await subscription({ failureCount: 4 });
      const d = await insertDelivery(h.ds, sub, { status: 'DEAD', attempts: 6, lastError: 'HTTP 500', lastResponseStatus: 500 });
      const res = await redeliver(d.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      expect(receiver.requests).to.have.length(1);
      const [got] = receiver.requests;
      expect(got!.body).to.equal(d.body);
      expect(got!.headers['x-service-delivery']).to.equal(d.id);
      expect(got!.headers['x-service-event']).to.equal('user.created');
      expect(got!.headers['x-service-signature']).to.equal(hexSignature(sub.secret, d.body));
      expect(await deliveryRow(d.id)).to.deep.include({ status: 'DELIVERED', attempts: 7, lastError: null, lastResponseStatus: 200 });
      expect((await deliveryRow(d.id)).deliveredAt).to.be.instanceOf(Date);
      expect((await subscriptionRow(sub.id)).failureCount).to.equal(0);
    });

    it('leaves a DEAD delivery that fails again DEAD, without resetting attempts, and counts the failure', async () => {
      receiver.setHandler(() => ({ status: 500, body: 'still broken' }));
      const sub = await subscription({ failureCount: 2 });
      const d = await insertDelivery(h.ds, sub, { status: 'DEAD', attempts: 6 });
      const res = await redeliver(d.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ id: d.id, requeued: false, status: 'DEAD' });
      expect(await deliveryRow(d.id)).to.deep.include({ status: 'DEAD', attempts: 7, lastError: 'still broken', lastResponseStatus: 500 });
      expect((await subscriptionRow(sub.id)).failureCount).to.equal(3);
      expect((await h.request('GET', '/webhooks/deliveries/dead-count', { token })).body).to.deep.equal({ dead: 1 });
    });

    it('requeues a FAILED delivery that fails again below six attempts', async () => {
      receiver.setHandler(() => ({ status: 502 }));
      const sub = await subscription();
      const d = await insertDelivery(h.ds, sub, { status: 'FAILED', attempts: 2 });
      expect((await redeliver(d.id)).body).to.deep.equal({ id: d.id, requeued: true, status: 'FAILED' });
      expect(await deliveryRow(d.id)).to.deep.include({ status: 'FAILED', attempts: 3, lastError: 'HTTP 502', lastResponseStatus: 502 });
    });

    it('sends a DELIVERED delivery again', async () => {
      const sub = await subscription();
      const d = await insertDelivery(h.ds, sub, { status: 'DELIVERED', attempts: 1 });
      expect((await redeliver(d.id)).body).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      expect(receiver.requests).to.have.length(1);
    });

    it('signs with the rotated secret at once: the old one no longer verifies', async () => {
      const sub = await subscription();
      const d = await insertDelivery(h.ds, sub, { status: 'DEAD', attempts: 6 });
      const rotated = await h.request('POST', `/webhooks/${sub.id}/rotate`, { token });
      await redeliver(d.id);
      const signature = receiver.requests[0]!.headers['x-service-signature'];
      expect(signature).to.equal(hexSignature(rotated.body.secret, d.body));
      expect(signature).to.not.equal(hexSignature(sub.secret, d.body));
    });

    it('records an egress refusal as a failed attempt, not a 422', async () => {
      const sub = await subscription({ url: 'https://169.254.169.254/latest' });
      const d = await insertDelivery(h.ds, sub, { status: 'DEAD', attempts: 6 });
      const res = await redeliver(d.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ id: d.id, requeued: false, status: 'DEAD' });
      const row = await deliveryRow(d.id);
      expect(row).to.deep.include({ attempts: 7, lastResponseStatus: 0 });
      expect(row.lastError).to.equal('Egress check: 169.254.169.254 (cloud-metadata address); only public addresses may be reached');
      expect(receiver.requests).to.have.length(0);
    });

    it("answers 404 for another tenant's delivery and changes nothing", async () => {
      const theirs = await insertDelivery(h.ds, await subscription({}, tenantB), { status: 'DEAD', attempts: 6 });
      expect((await redeliver(theirs.id)).body).to.deep.equal(DELIVERY_NOT_FOUND);
      expect((await redeliver(UNKNOWN_ID)).body).to.deep.equal(DELIVERY_NOT_FOUND);
      expect((await deliveryRow(theirs.id)).attempts).to.equal(6);
      expect(receiver.requests).to.have.length(0);
      expect((await redeliver('nope')).body).to.deep.equal(badRequest('deliveryId must be a UUID'));
    });
  });

  describe('POST /webhooks/:id/test', () => {
    const test = (id: string) => h.request('POST', `/webhooks/${id}/test`, { token });

    it('sends one signed webhook.test envelope, whatever the event list, and answers 201 {ok, status, bodyExcerpt}', async () => {
      const made = await h.request('POST', '/webhooks', { token, body: { name: 'Receiver', url: receiver.url('/hook'), events: ['payroll.paid'] } });
      expect(made.status).to.equal(201);
      receiver.setHandler(() => ({ status: 202, body: 'accepted' }));
      const res = await test(made.body.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ ok: true, status: 202, bodyExcerpt: 'accepted' });
      expect(receiver.requests).to.have.length(1);
      const [got] = receiver.requests;
      expect(got!.method).to.equal('POST');
      expect(got!.path).to.equal('/hook');
      expect(JSON.parse(got!.body)).to.deep.equal({
        event: 'webhook.test',
        tenantId: tenantA,
        occurredAt: h.clock.now().toISOString(),
        payload: { message: JSON.parse(got!.body).payload.message, testedBy: userId },
      });
      expect(JSON.parse(got!.body).payload.message).to.be.a('string');
      expect(got!.headers['content-type']).to.equal('application/json');
      expect(got!.headers['user-agent']).to.equal('Service-Webhook/1.0');
      expect(got!.headers['x-service-event']).to.equal('webhook.test');
      expect(got!.headers['x-service-signature']).to.equal(hexSignature(made.body.secret, got!.body));
      expect(got!.headers).to.not.have.property('x-service-delivery');
      expect(await h.ds.query(`SELECT id FROM webhook_deliveries WHERE tenant_id = $1`, [tenantA])).to.deep.equal([]);
    });

    it('reports a failing receiver as ok: false with its status and the first 500 characters, and counts it', async () => {
      const sub = await subscription({ failureCount: 1 });
      receiver.setHandler(() => ({ status: 500, body: 'x'.repeat(600) }));
      const res = await test(sub.id);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ ok: false, status: 500, bodyExcerpt: 'x'.repeat(500) });
      const row = await subscriptionRow(sub.id);
      expect(row).to.include({ failureCount: 2, active: true });
      expect(row.lastFailureAt).to.be.instanceOf(Date);
    });

    it('treats a 3xx as a failure and does not follow it', async () => {
      const sub = await subscription();
      receiver.setHandler((req) => (req.path === '/hook' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 200 }));
      const res = await test(sub.id);
      expect(res.body).to.deep.equal({ ok: false, status: 302, bodyExcerpt: '' });
      expect(receiver.requests.map((r) => r.path)).to.deep.equal(['/hook']);
    });

    it('answers status 0 and the error message without a response (refused connection, timeout)', async () => {
      const closed = await startTestReceiver();
      const closedUrl = closed.url('/hook');
      await closed.close();
      const refused = await test((await subscription({ url: closedUrl })).id);
      expect(refused.status).to.equal(201);
      expect(refused.body).to.include({ ok: false, status: 0 });
      expect(refused.body.bodyExcerpt).to.equal('Connection refused (ECONNREFUSED)');

      receiver.setHandler(() => 'hang');
      const timedOut = await test((await subscription()).id);
      receiver.releaseHung();
      expect(timedOut.body).to.deep.equal({ ok: false, status: 0, bodyExcerpt: `Timed out after ${TIMEOUT_MS} ms` });
    });

    it('resets failureCount on success, and never switches an inactive subscription back on', async () => {
      const on = await subscription({ failureCount: 6 });
      expect((await test(on.id)).body.ok).to.equal(true);
      expect(await subscriptionRow(on.id)).to.include({ failureCount: 0, active: true });
      expect((await subscriptionRow(on.id)).lastSuccessAt).to.be.instanceOf(Date);

      const off = await subscription({ active: false, failureCount: 10 });
      expect((await test(off.id)).body.ok).to.equal(true);
      expect(receiver.requests).to.have.length(2);
      expect((await subscriptionRow(off.id)).active).to.equal(false);
    });

    it('switches the subscription off at the tenth consecutive failure, with the reason', async () => {
      const sub = await subscription({ failureCount: 8 });
      receiver.setHandler(() => ({ status: 500 }));
      await test(sub.id);
      expect(await subscriptionRow(sub.id)).to.include({ failureCount: 9, active: true });
      await test(sub.id);
      const row = await subscriptionRow(sub.id);
      expect(row).to.include({ failureCount: 10, active: false });
      expect(row.lastFailureReason).to.be.a('string').and.include('HTTP 500');
    });

    it('answers 422 when the stored url fails the egress check now, and sends nothing', async () => {
      const onlyPublic = 'only public addresses may be reached';
      const cases: Array<[string, string]> = [
        // Not why the name did not resolve (the resolver's error), nor what it resolved to.
        ['https://nothing-here.invalid/hook', `Egress check: nothing-here.invalid does not resolve, or resolves to an address that is not public; ${onlyPublic}`],
        ['https://10.0.0.1/hook', `Egress check: 10.0.0.1 (private address); ${onlyPublic}`],
        ['https://169.254.169.254/latest', `Egress check: 169.254.169.254 (cloud-metadata address); ${onlyPublic}`],
        ['https://[::1]/hook', `Egress check: ::1 (loopback address); ${onlyPublic}`],
      ];
      for (const [url, message] of cases) {
        const sub = await subscription({ url });
        const res = await test(sub.id);
        expect(res.status, url).to.equal(422);
        expect(res.body, url).to.deep.equal({ message, error: 'Unprocessable Entity', statusCode: 422 });
      }
      expect(receiver.requests).to.have.length(0);
    });

    it("answers 404 for another tenant's subscription and sends nothing", async () => {
      const theirs = await subscription({}, tenantB);
      expect((await test(theirs.id)).body).to.deep.equal(NOT_FOUND);
      expect((await test(UNKNOWN_ID)).body).to.deep.equal(NOT_FOUND);
      expect(receiver.requests).to.have.length(0);
      expect((await test('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });
});
