import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { NotFoundError } from '@wfm/core/errors';
import { uuid } from '@wfm/core/crypto';
import { WebhookDeliveriesRepository } from './deliveries.repository.js';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { DeliveryAttempter } from './delivery-attempt.js';
import { EgressRefusedError } from './egress.js';
import { WebhookDeliveryOperations } from './operations.js';
import { WebhookSender } from './sender.js';
import { verifyBodySignature } from './signing.js';
import { createDelivery, createSubscription, deliveriesOf, subscriptionRow, testEncryptor, testSettings, type TestSubscription } from './test-support/fixtures.js';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';

describe('webhook delivery operations (test, redeliver)', () => {
  let db: TestDatabase;
  let receiver: TestReceiver;
  let sender: WebhookSender;
  let clock: FakeClock;
  let ops: WebhookDeliveryOperations;
  let tenantId: string;
  let sub: TestSubscription;

  before(async () => {
    db = await createTestDatabase();
    receiver = await startTestReceiver();
    sender = new WebhookSender({ timeoutMs: 1000, ca: receiver.ca });
  });
  after(async () => {
    sender.close();
    await receiver.close();
    await db.drop();
  });
  beforeEach(async () => {
    receiver.requests.length = 0;
    receiver.setHandler(() => ({ status: 200, body: 'thanks' }));
    clock = new FakeClock('2026-01-05T09:00:00Z');
    const settings = testSettings({ timeoutMs: 1000 });
    const repository = new WebhookDeliveriesRepository(db.dataSource);
    const attempter = new DeliveryAttempter({ repository, sender, encryptor: testEncryptor, settings, clock });
    ops = new WebhookDeliveryOperations({ repository, attempter, encryptor: testEncryptor, clock, timeoutMs: settings.timeoutMs });
    tenantId = (await createTenant(db.dataSource, { plan: 'GROWTH' })).id;
    sub = await createSubscription(db.dataSource, { tenantId, url: receiver.url() });
  });

  async function rejects(p: Promise<unknown>): Promise<Error> {
    try {
      await p;
    } catch (err) {
      return err as Error;
    }
    throw new Error('expected a rejection');
  }

  describe('redeliver', () => {
    it('a DEAD delivery that fails again stays DEAD, with the attempt counted and not reset', async () => {
      receiver.setHandler(() => ({ status: 500, body: 'still down' }));
      const d = await createDelivery(db.dataSource, sub, { status: 'DEAD', attempts: 6 });
      expect(await ops.redeliver(tenantId, d.id)).to.deep.equal({ id: d.id, requeued: false, status: 'DEAD' });
      const [row] = await deliveriesOf(db.dataSource, sub.id);
      expect(row).to.include({ status: 'DEAD', attempts: 7, last_error: 'still down', last_response_status: 500, lease_owner: null });
      expect(await subscriptionRow(db.dataSource, sub.id)).to.include({ failure_count: 1, last_failure_reason: 'still down' });
      const req = receiver.requests[0]!;
      expect(req.headers['x-service-delivery']).to.equal(d.id);
      expect(req.body).to.equal(d.body);
      expect(verifyBodySignature(sub.secret, req.body, req.headers['x-service-signature'] as string)).to.equal(true);
    });

    it('a DEAD delivery that succeeds becomes DELIVERED', async () => {
      const d = await createDelivery(db.dataSource, sub, { status: 'DEAD', attempts: 6 });
      expect(await ops.redeliver(tenantId, d.id)).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      const [row] = await deliveriesOf(db.dataSource, sub.id);
      expect(row).to.include({ status: 'DELIVERED', attempts: 7, last_error: null, last_response_status: 200 });
      expect(row!.delivered_at!.toISOString()).to.equal(clock.now().toISOString());
    });

    it('a FAILED delivery that fails again gets its next retry scheduled (requeued)', async () => {
      receiver.setHandler(() => ({ status: 502 }));
      const d = await createDelivery(db.dataSource, sub, { status: 'FAILED', attempts: 1 });
      expect(await ops.redeliver(tenantId, d.id)).to.deep.equal({ id: d.id, requeued: true, status: 'FAILED' });
      const [row] = await deliveriesOf(db.dataSource, sub.id);
      expect(row).to.include({ status: 'FAILED', attempts: 2, last_error: 'HTTP 502', last_response_status: 502 });
      // The wait after a second failure: 60 s ±10 %.
      expect(row!.next_attempt_at.getTime() - clock.now().getTime()).to.be.within(54_000, 66_000);
    });

    it('works whatever the status, DELIVERED included', async () => {
      const d = await createDelivery(db.dataSource, sub, { status: 'DELIVERED', attempts: 1 });
      expect(await ops.redeliver(tenantId, d.id)).to.deep.equal({ id: d.id, requeued: false, status: 'DELIVERED' });
      expect(receiver.requests).to.have.length(1);
      expect((await deliveriesOf(db.dataSource, sub.id))[0]).to.include({ attempts: 2 });
    });

    it('counts toward auto-disable and never switches the subscription back on', async () => {
      receiver.setHandler(() => ({ status: 500 }));
      await db.dataSource.query(`UPDATE webhook_subscriptions SET failure_count = 9 WHERE id = $1`, [sub.id]);
      const d = await createDelivery(db.dataSource, sub, { status: 'FAILED', attempts: 2 });
      await ops.redeliver(tenantId, d.id);
      expect(await subscriptionRow(db.dataSource, sub.id)).to.include({
        active: false,
        failure_count: 10,
        last_failure_reason: 'Disabled after 10 consecutive failed attempts; last: HTTP 500',
      });
      receiver.setHandler(() => ({ status: 200 }));
      expect((await ops.redeliver(tenantId, d.id)).status).to.equal('DELIVERED');
      expect(await subscriptionRow(db.dataSource, sub.id)).to.include({ active: false, failure_count: 0 });
    });

    it('an egress refusal is a failed attempt on the delivery', async () => {
      const privateSub = await createSubscription(db.dataSource, { tenantId, url: 'https://192.168.0.10/hook' });
      const d = await createDelivery(db.dataSource, privateSub, { status: 'FAILED', attempts: 1 });
      expect(await ops.redeliver(tenantId, d.id)).to.deep.equal({ id: d.id, requeued: true, status: 'FAILED' });
      const [row] = await deliveriesOf(db.dataSource, privateSub.id);
      expect(row).to.include({ last_response_status: 0, attempts: 2 });
      expect(row!.last_error).to.contain('192.168.0.10 (private address)');
    });

    it("another tenant's delivery or an unknown id is 404", async () => {
      const other = await createTenant(db.dataSource, { plan: 'GROWTH' });
      const otherSub = await createSubscription(db.dataSource, { tenantId: other.id, url: receiver.url() });
      const d = await createDelivery(db.dataSource, otherSub, { status: 'DEAD', attempts: 6 });
      for (const id of [d.id, uuid()]) {
        const err = await rejects(ops.redeliver(tenantId, id));
        expect(err).to.be.instanceOf(NotFoundError);
        expect((err as NotFoundError).body()).to.deep.equal({ message: 'Delivery not found', error: 'Not Found', statusCode: 404 });
      }
      expect(receiver.requests).to.have.length(0);
    });
  });

  describe('sendTest', () => {
    it('sends webhook.test synchronously, signed, without X-Service-Delivery, and logs nothing', async () => {
      const result = await ops.sendTest(sub, 'user-1');
      expect(result).to.deep.equal({ ok: true, status: 200, bodyExcerpt: 'thanks' });
      const req = receiver.requests[0]!;
      expect(JSON.parse(req.body)).to.deep.equal({
        event: 'webhook.test',
        tenantId,
        occurredAt: clock.now().toISOString(),
        payload: { message: JSON.parse(req.body).payload.message, testedBy: 'user-1' },
      });
      expect(JSON.parse(req.body).payload.message).to.be.a('string').and.not.equal('');
      expect(req.headers).to.not.have.property('x-service-delivery');
      expect(req.headers).to.include({ 'x-service-event': 'webhook.test', 'user-agent': 'Service-Webhook/1.0', 'content-type': 'application/json' });
      expect(req.headers['webhook-id']).to.match(/^msg_/);
      expect(verifyBodySignature(sub.secret, req.body, req.headers['x-service-signature'] as string)).to.equal(true);
      expect(await deliveriesOf(db.dataSource, sub.id)).to.have.length(0);
    });

    it('a failing receiver is ok: false with its status and body, and counts toward auto-disable', async () => {
      receiver.setHandler(() => ({ status: 418, body: 'x'.repeat(800) }));
      await db.dataSource.query(`UPDATE webhook_subscriptions SET failure_count = 9 WHERE id = $1`, [sub.id]);
      expect(await ops.sendTest(sub, 'user-1')).to.deep.equal({ ok: false, status: 418, bodyExcerpt: 'x'.repeat(500) });
      expect(await subscriptionRow(db.dataSource, sub.id)).to.include({ active: false, failure_count: 10 });
      // Not retried: one request only.
      expect(receiver.requests).to.have.length(1);
    });

    it('no response: status 0 and the error message', async () => {
      const closed = await createSubscription(db.dataSource, { tenantId, url: 'https://127.0.0.1:1/' });
      const result = await ops.sendTest(closed, 'user-1');
      expect(result.ok).to.equal(false);
      expect(result.status).to.equal(0);
      expect(result.bodyExcerpt).to.contain('ECONNREFUSED');
      expect(await subscriptionRow(db.dataSource, closed.id)).to.include({ failure_count: 1 });
    });

    it('a success resets the consecutive count but does not switch the subscription on', async () => {
      await db.dataSource.query(`UPDATE webhook_subscriptions SET failure_count = 10, active = false WHERE id = $1`, [sub.id]);
      expect((await ops.sendTest(sub, 'user-1')).ok).to.equal(true);
      expect(await subscriptionRow(db.dataSource, sub.id)).to.include({ active: false, failure_count: 0 });
    });

    it('an egress refusal throws the 422 error and sends nothing', async () => {
      const metadata = await createSubscription(db.dataSource, { tenantId, url: 'https://169.254.169.254/latest/meta-data' });
      const err = await rejects(ops.sendTest(metadata, 'user-1'));
      expect(err).to.be.instanceOf(EgressRefusedError);
      expect((err as EgressRefusedError).status).to.equal(422);
      expect(err.message).to.contain('169.254.169.254 (cloud-metadata address)');
      expect(await subscriptionRow(db.dataSource, metadata.id)).to.include({ failure_count: 0 });
    });
  });
});
