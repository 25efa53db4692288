import { expect } from 'chai';
import { FakeClock, systemClock, type Clock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import type { Resolver } from '@wfm/webhooks/egress';
import type { WebhookSettings } from '@wfm/webhooks/settings';
import { verifyBodySignature, verifyStandardSignature } from '@wfm/webhooks/signing';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '@wfm/testing/https-receiver';
import { WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import {
  commitEvent,
  commitEvents,
  createDelivery,
  createSubscription,
  deliveriesOf,
  rotateSecret,
  subscriptionRow,
  TEST_ENCRYPTION_KEY,
  testSettings,
  userCreated,
} from '@wfm/webhooks/test-support/fixtures';
import { inSpan } from '@wfm/core/tracing';
import { tracedSuite, type InMemorySpanExporter } from '@wfm/testing/tracing';
import { startWebhookWorker, type WebhookWorker } from './worker.js';

describe('webhook worker', () => {
  let db: TestDatabase;
  let receiver: TestReceiver;
  let clock: FakeClock;
  const workers: WebhookWorker[] = [];

  const ds = () => db.dataSource;

  /**
   * The worker serves every tenant of the database, so what a test leaves queued would be delivered in
   * the next one: each test's tenants, and with them their events and deliveries, go when it ends.
   */
  const tenants: string[] = [];
  async function ownTenant(over: Parameters<typeof createTenant>[1]) {
    const t = await createTenant(ds(), over);
    tenants.push(t.id);
    return t;
  }

  /** `settle: false` returns as soon as the worker runs, without waiting for the work already queued. */
  async function startWorker(
    opts: { settings?: Partial<WebhookSettings>; clock?: Clock; resolver?: Resolver; stopGraceMs?: number; settle?: boolean } = {},
  ): Promise<WebhookWorker> {
    const worker = await startWebhookWorker({
      dataSource: db.dataSource,
      databaseUrl: db.url,
      settings: testSettings({ extraCa: receiver.ca, ...opts.settings }),
      dataEncryptionKey: TEST_ENCRYPTION_KEY,
      logger: createLogger('test', 'silent'),
      clock: opts.clock ?? clock,
      resolver: opts.resolver,
      stopGraceMs: opts.stopGraceMs,
    });
    workers.push(worker);
    if (opts.settle !== false) await worker.idle();
    return worker;
  }

  const arrived = (n: number, path?: string) => receiver.waitFor((rs) => rs.filter((r) => !path || r.path === path).length >= n);
  const onPath = (path: string) => receiver.requests.filter((r) => r.path === path);
  /** Waits (not a timing assertion) until every committed event has been dispatched. */
  async function allDispatched(worker: WebhookWorker): Promise<void> {
    for (;;) {
      await worker.idle();
      const [{ n }] = await ds().query(`SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL`);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  before(async () => {
    db = await createTestDatabase();
    receiver = await startTestReceiver();
  });
  after(async () => {
    await receiver.close();
    await db.drop();
  });
  beforeEach(async () => {
    clock = new FakeClock('2026-01-05T09:00:00Z');
    receiver.requests.length = 0;
    receiver.setHandler(() => ({ status: 200, body: 'ok' }));
  });
  afterEach(async () => {
    // Held requests are answered first, so stopping does not wait for them to time out.
    receiver.setHandler(() => ({ status: 200, body: 'ok' }));
    receiver.releaseHung();
    for (const w of workers.splice(0)) await w.stop();
    receiver.releaseHung();
    await ds().query(`DELETE FROM tenants WHERE id = ANY($1)`, [tenants.splice(0)]);
  });

  describe('dispatch and the first attempt', () => {
    it('delivers a committed event at once, woken by the outbox, signed, with the spec headers', async () => {
      const tenant = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: tenant.id, url: receiver.url('/a') });
      const worker = await startWorker();
      const occurredAt = new Date('2026-01-05T08:59:30.250Z');
      const payload = userCreated(tenant.id);
      // The sweep timer is an hour away: only the commit's notification can start this attempt.
      const event = await commitEvent(ds(), tenant.id, 'user.created', payload, occurredAt);
      await arrived(1);
      await worker.idle();

      const [d] = await deliveriesOf(ds(), sub.id);
      const req = receiver.requests[0]!;
      expect(req.path).to.equal('/a');
      expect(JSON.parse(req.body)).to.deep.equal({ event: 'user.created', tenantId: tenant.id, occurredAt: '2026-01-05T08:59:30.250Z', payload });
      expect(req.body).to.equal(d!.body);
      expect(req.headers).to.include({
        'content-type': 'application/json',
        'x-service-event': 'user.created',
        'x-service-delivery': d!.id,
        'user-agent': 'Service-Webhook/1.0',
        'webhook-id': d!.id,
        'webhook-timestamp': String(clock.now().getTime() / 1000),
      });
      expect(verifyBodySignature(sub.secret, req.body, req.headers['x-service-signature'] as string)).to.equal(true);
      const standard = { id: req.headers['webhook-id'] as string, timestamp: req.headers['webhook-timestamp'] as string, signature: req.headers['webhook-signature'] as string };
      expect(verifyStandardSignature(sub.secret, req.body, standard, clock.now())).to.equal(true);

      expect(d).to.include({ event_id: event.id, event_type: 'user.created', status: 'DELIVERED', attempts: 1, last_error: null, last_response_status: 200, lease_owner: null });
      expect(d!.delivered_at!.toISOString()).to.equal(clock.now().toISOString());
      const s = await subscriptionRow(ds(), sub.id);
      expect(s).to.include({ active: true, failure_count: 0 });
      expect(s.last_success_at!.toISOString()).to.equal(clock.now().toISOString());
      const [e] = await ds().query(`SELECT dispatched_at FROM domain_events WHERE id = $1`, [event.id]);
      expect(e.dispatched_at).to.not.equal(null);
    });

    it('dispatches only for GROWTH and ENTERPRISE tenants; FREE and BASIC events get no deliveries', async () => {
      const subs: Record<string, string> = {};
      for (const plan of ['FREE', 'BASIC', 'GROWTH', 'ENTERPRISE'] as const) {
        const t = await ownTenant({ plan });
        subs[plan] = (await createSubscription(ds(), { tenantId: t.id, url: receiver.url(`/${plan}`) })).id;
        await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      }
      const worker = await startWorker();
      await arrived(2);
      await worker.idle();
      expect(receiver.requests.map((r) => r.path).sort()).to.deep.equal(['/ENTERPRISE', '/GROWTH']);
      expect(await deliveriesOf(ds(), subs.FREE!)).to.have.length(0);
      expect(await deliveriesOf(ds(), subs.BASIC!)).to.have.length(0);
      const [{ n }] = await ds().query(`SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL`);
      expect(n).to.equal(0);
    });

    it('goes only to active subscriptions listing the code; an event is lost for an inactive one', async () => {
      const t = await ownTenant({ plan: 'ENTERPRISE' });
      const listing = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/listing'), events: ['user.terminated', 'user.created'] });
      const other = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/other'), events: ['user.terminated'] });
      const inactive = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/inactive'), active: false });
      const worker = await startWorker();
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      await worker.idle();
      expect(receiver.requests.map((r) => r.path)).to.deep.equal(['/listing']);
      expect(await deliveriesOf(ds(), other.id)).to.have.length(0);
      expect(await deliveriesOf(ds(), inactive.id)).to.have.length(0);

      await ds().query(`UPDATE webhook_subscriptions SET active = true WHERE id = $1`, [inactive.id]);
      clock.advance(600_000);
      worker.sweep();
      await worker.idle();
      expect(await deliveriesOf(ds(), inactive.id)).to.have.length(0);
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id, 2));
      await arrived(1, '/inactive');
      await worker.idle();
      expect(await deliveriesOf(ds(), inactive.id)).to.have.length(1);
      expect(await deliveriesOf(ds(), listing.id)).to.have.length(2);
    });

    it('dispatches events committed while no worker ran, when it starts', async () => {
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      await commitEvents(ds(), t.id, 5);
      const worker = await startWorker();
      await arrived(5);
      await worker.idle();
      expect((await deliveriesOf(ds(), sub.id)).map((d) => d.status)).to.deep.equal(Array(5).fill('DELIVERED'));
    });

    it('catches up after its LISTEN connection is cut', async () => {
      const t = await ownTenant({ plan: 'GROWTH' });
      await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      const worker = await startWorker();
      await ds().query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wfm-webhook-listen' AND datname = current_database()`);
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      await worker.idle();
      expect(receiver.requests).to.have.length(1);
    });
  });

  describe('metrics', () => {
    async function value(worker: WebhookWorker, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
      const metric = (await worker.metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
      return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
    }

    it('counts attempts by result and DEAD deliveries, and reports the waiting queue, its oldest age and the outbox', async () => {
      receiver.setHandler((r) => (r.path === '/bad' ? { status: 500, body: 'no' } : { status: 200 }));
      const t = await ownTenant({ plan: 'GROWTH' });
      await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/good') });
      const bad = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/bad') });
      const worker = await startWorker();
      expect(await value(worker, 'webhook_deliveries_waiting')).to.equal(0);
      expect(await value(worker, 'webhook_oldest_waiting_delivery_age_seconds')).to.equal(0);

      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(2);
      await worker.idle();
      expect(await value(worker, 'webhook_delivery_attempts_total', { result: 'success' })).to.equal(1);
      expect(await value(worker, 'webhook_delivery_attempts_total', { result: 'failure' })).to.equal(1);
      expect(await value(worker, 'webhook_deliveries_dead_total')).to.equal(0);
      expect(await value(worker, 'webhook_deliveries_waiting')).to.equal(1);
      expect(await value(worker, 'webhook_events_undispatched')).to.equal(0);
      clock.advance(90_000);
      expect(await value(worker, 'webhook_oldest_waiting_delivery_age_seconds')).to.equal(90);

      // The next attempt is its last: it fails, and the delivery is DEAD and no longer waiting.
      const [d] = await deliveriesOf(ds(), bad.id);
      await ds().query(`UPDATE webhook_deliveries SET max_attempts = 2 WHERE id = $1`, [d!.id]);
      worker.sweep();
      await arrived(3);
      await worker.idle();
      expect(await value(worker, 'webhook_delivery_attempts_total', { result: 'failure' })).to.equal(2);
      expect(await value(worker, 'webhook_deliveries_dead_total')).to.equal(1);
      expect(await value(worker, 'webhook_deliveries_waiting')).to.equal(0);
      expect(await value(worker, 'webhook_attempts_in_flight')).to.equal(0);
      const text = await worker.metrics.registry.metrics();
      expect(text).to.match(/^webhook_delivery_attempt_seconds_count 3$/m);
    });
  });

  describe('failures and retries', () => {
    it('retries on the sweeps after each wait (30, 60, 120, 240, 480 s ±10 %) with the same delivery id and bytes, then DEAD', async () => {
      receiver.setHandler((r) => (r.path === '/hook' ? { status: 500, body: 'receiver exploded' } : { status: 200 }));
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/hook') });
      await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/other'), events: ['user.terminated'] });
      const worker = await startWorker();
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1, '/hook');
      await worker.idle();
      const attemptTimes = [clock.now().getTime()];

      const waits = [30, 60, 120, 240, 480];
      for (let k = 1; k <= 5; k++) {
        const [d] = await deliveriesOf(ds(), sub.id);
        expect(d).to.include({ status: 'FAILED', attempts: k, last_error: 'receiver exploded', last_response_status: 500 });
        const wait = d!.next_attempt_at.getTime() - attemptTimes[k - 1]!;
        expect(wait, `wait after attempt ${k}`).to.be.within(waits[k - 1]! * 900, waits[k - 1]! * 1100);

        // Not yet due: a sweep starts nothing.
        clock.set(new Date(d!.next_attempt_at.getTime() - 1));
        worker.sweep();
        await worker.idle();
        expect(onPath('/hook')).to.have.length(k);

        // Due, but no sweep since: a wake-up for another event's delivery does not start it.
        clock.set(new Date(d!.next_attempt_at.getTime() + 45_000));
        await commitEvent(ds(), t.id, 'user.terminated', { tenantId: t.id, userId: t.id });
        await arrived(k, '/other');
        await worker.idle();
        expect(onPath('/hook')).to.have.length(k);

        worker.sweep();
        await arrived(k + 1, '/hook');
        await worker.idle();
        attemptTimes.push(clock.now().getTime());
      }

      const [dead] = await deliveriesOf(ds(), sub.id);
      expect(dead).to.include({ status: 'DEAD', attempts: 6, last_error: 'receiver exploded', last_response_status: 500, delivered_at: null });
      clock.advance(3_600_000);
      worker.sweep();
      await worker.idle();
      const attempts = onPath('/hook');
      expect(attempts).to.have.length(6);

      expect(new Set(attempts.map((r) => r.headers['x-service-delivery']))).to.deep.equal(new Set([dead!.id]));
      expect(new Set(attempts.map((r) => r.body)).size).to.equal(1);
      expect(attempts.map((r) => Number(r.headers['webhook-timestamp']))).to.deep.equal(attemptTimes.map((ms) => Math.floor(ms / 1000)));
      expect(await subscriptionRow(ds(), sub.id)).to.include({ failure_count: 6, active: true });
    });

    it('a 3xx is a failed attempt and the redirect is not followed', async () => {
      receiver.setHandler((r) => (r.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 }));
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/moved') });
      const worker = await startWorker();
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      await worker.idle();
      const [d] = await deliveriesOf(ds(), sub.id);
      expect(d).to.include({ status: 'FAILED', attempts: 1, last_error: 'HTTP 302', last_response_status: 302 });
      expect(receiver.requests.map((r) => r.path)).to.deep.equal(['/moved']);
    });

    it('a timeout or a refused connection is a failed attempt with status 0 and the error message', async () => {
      receiver.setHandler(() => 'hang');
      const t = await ownTenant({ plan: 'GROWTH' });
      const slow = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/slow') });
      const closed = await createSubscription(ds(), { tenantId: t.id, url: 'https://127.0.0.1:1/' });
      const worker = await startWorker({ settings: { timeoutMs: 300 } });
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      await worker.idle();
      const [s] = await deliveriesOf(ds(), slow.id);
      expect(s).to.include({ status: 'FAILED', last_error: 'Timed out after 300 ms', last_response_status: 0 });
      const [c] = await deliveriesOf(ds(), closed.id);
      expect(c).to.include({ status: 'FAILED', last_response_status: 0 });
      expect(c!.last_error).to.contain('ECONNREFUSED');
    });

    it('an egress refusal is a failed attempt naming it: private address, a name resolving to one, metadata', async () => {
      const t = await ownTenant({ plan: 'GROWTH' });
      const literal = await createSubscription(ds(), { tenantId: t.id, url: 'https://10.0.0.1/hook' });
      const named = await createSubscription(ds(), { tenantId: t.id, url: 'https://internal.example.com/hook' });
      const metadata = await createSubscription(ds(), { tenantId: t.id, url: 'https://[::ffff:169.254.169.254]/latest' });
      const resolver: Resolver = async (host) => (host === 'internal.example.com' ? [{ address: '93.184.216.34', family: 4 }, { address: '192.168.1.20', family: 4 }] : []);
      const worker = await startWorker({ resolver });
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await allDispatched(worker);
      await worker.idle();
      const expectRefused = async (webhookId: string, text: string) => {
        const rows = await deliveriesOf(ds(), webhookId);
        expect(rows, webhookId).to.have.length(1);
        expect(rows[0]).to.include({ status: 'FAILED', attempts: 1, last_response_status: 0 });
        expect(rows[0]!.last_error).to.contain('Egress check:').and.contain(text);
        expect(await subscriptionRow(ds(), webhookId)).to.include({ failure_count: 1 });
      };
      await expectRefused(literal.id, '10.0.0.1 (private address)');
      await expectRefused(named.id, 'internal.example.com does not resolve, or resolves to an address that is not public');
      expect((await deliveriesOf(ds(), named.id))[0]!.last_error).to.not.contain('192.168.1.20');
      await expectRefused(metadata.id, 'cloud-metadata');
      expect(receiver.requests).to.have.length(0);
    });

    it('signs each attempt with the secret as it is now: a retry after rotation verifies with the new secret only', async () => {
      receiver.setHandler(() => ({ status: 503 }));
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      const worker = await startWorker();
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      await worker.idle();
      const [first] = receiver.requests;
      expect(verifyBodySignature(sub.secret, first!.body, first!.headers['x-service-signature'] as string)).to.equal(true);

      const rotated = await rotateSecret(ds(), sub.id);
      receiver.setHandler(() => ({ status: 200 }));
      clock.advance(40_000);
      worker.sweep();
      await arrived(2);
      await worker.idle();
      const second = receiver.requests[1]!;
      expect(second.body).to.equal(first!.body);
      expect(second.headers['x-service-delivery']).to.equal(first!.headers['x-service-delivery']);
      expect(verifyBodySignature(rotated, second.body, second.headers['x-service-signature'] as string)).to.equal(true);
      expect(verifyBodySignature(sub.secret, second.body, second.headers['x-service-signature'] as string)).to.equal(false);
      const standard = (r: ReceivedRequest) => ({ id: r.headers['webhook-id'] as string, timestamp: r.headers['webhook-timestamp'] as string, signature: r.headers['webhook-signature'] as string });
      expect(verifyStandardSignature(rotated, second.body, standard(second), clock.now())).to.equal(true);
      expect(verifyStandardSignature(sub.secret, second.body, standard(second), clock.now())).to.equal(false);
      const [d] = await deliveriesOf(ds(), sub.id);
      expect(d).to.include({ status: 'DELIVERED', attempts: 2, last_error: null, last_response_status: 200 });
    });
  });

  describe('auto-disable', () => {
    it('switches the subscription off at exactly the tenth consecutive failure across events; later events are lost for it', async () => {
      receiver.setHandler(() => ({ status: 500, body: 'down' }));
      const t = await ownTenant({ plan: 'ENTERPRISE' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      const worker = await startWorker();
      await commitEvents(ds(), t.id, 9);
      await arrived(9);
      await worker.idle();
      expect(await subscriptionRow(ds(), sub.id)).to.include({ active: true, failure_count: 9, last_failure_reason: 'down' });

      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id, 10));
      await arrived(10);
      await worker.idle();
      const off = await subscriptionRow(ds(), sub.id);
      expect(off).to.include({ active: false, failure_count: 10, last_failure_reason: 'Disabled after 10 consecutive failed attempts; last: down' });

      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id, 11));
      await allDispatched(worker);
      expect(await deliveriesOf(ds(), sub.id)).to.have.length(10);
      expect(receiver.requests).to.have.length(10);

      // Deliveries already queued keep their retry schedule; the reason it went off is kept.
      clock.advance(40_000);
      worker.sweep();
      await arrived(20);
      await worker.idle();
      expect(await subscriptionRow(ds(), sub.id)).to.include({ active: false, failure_count: 20, last_failure_reason: off.last_failure_reason });
    });

    it('a success resets the consecutive count, and does not switch an inactive subscription back on', async () => {
      receiver.setHandler(() => ({ status: 500 }));
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      const worker = await startWorker();
      await commitEvents(ds(), t.id, 9);
      await arrived(9);
      await worker.idle();
      receiver.setHandler(() => ({ status: 204 }));
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(10);
      await worker.idle();
      expect(await subscriptionRow(ds(), sub.id)).to.include({ active: true, failure_count: 0, last_failure_reason: 'HTTP 500' });

      await ds().query(`UPDATE webhook_subscriptions SET active = false WHERE id = $1`, [sub.id]);
      clock.advance(40_000);
      worker.sweep();
      await arrived(19);
      await worker.idle();
      expect(await subscriptionRow(ds(), sub.id)).to.include({ active: false, failure_count: 0 });
    });
  });

  describe('several workers, leases and fairness', () => {
    it('two workers never both deliver the same attempt', async () => {
      receiver.setHandler(() => ({ status: 200, delayMs: Math.floor(Math.random() * 5) }));
      const subs = [];
      for (let i = 0; i < 3; i++) {
        const t = await ownTenant({ plan: 'GROWTH' });
        subs.push(await createSubscription(ds(), { tenantId: t.id, url: receiver.url(`/t${i}`) }));
      }
      const a = await startWorker({ clock: systemClock });
      const b = await startWorker({ clock: systemClock });
      for (const s of subs) await commitEvents(ds(), s.tenantId, 100);
      await arrived(300);
      await a.idle();
      await b.idle();
      const ids = receiver.requests.map((r) => r.headers['x-service-delivery']);
      expect(ids).to.have.length(300);
      expect(new Set(ids).size).to.equal(300);
      for (const s of subs) {
        const rows = await deliveriesOf(ds(), s.id);
        expect(rows.every((d) => d.status === 'DELIVERED' && d.attempts === 1)).to.equal(true);
      }
    });

    it('stop waits for attempts in flight, then hands back the leases of those that did not finish', async () => {
      receiver.setHandler(() => 'hang');
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url() });
      const first = await startWorker({ stopGraceMs: 50 });
      await commitEvent(ds(), t.id, 'user.created', userCreated(t.id));
      await arrived(1);
      const [leased] = await deliveriesOf(ds(), sub.id);
      expect(leased!.lease_owner).to.equal(first.id);
      await first.stop();
      workers.splice(workers.indexOf(first), 1);
      const [released] = await deliveriesOf(ds(), sub.id);
      expect(released).to.include({ status: 'PENDING', attempts: 0, lease_owner: null });

      receiver.setHandler(() => ({ status: 200 }));
      const second = await startWorker();
      await arrived(2);
      await second.idle();
      const [done] = await deliveriesOf(ds(), sub.id);
      expect(done).to.include({ status: 'DELIVERED', attempts: 1 });
      expect(receiver.requests.map((r) => r.headers['x-service-delivery'])).to.deep.equal([done!.id, done!.id]);
    });

    it("one tenant's burst of thousands never holds back another tenant's single event", async () => {
      const busy = await ownTenant({ plan: 'ENTERPRISE' });
      const quiet = await ownTenant({ plan: 'GROWTH' });
      await createSubscription(ds(), { tenantId: busy.id, url: receiver.url('/busy') });
      await createSubscription(ds(), { tenantId: quiet.id, url: receiver.url('/quiet') });
      // The burst's receiver holds every request: without a per-tenant cap the burst would fill all slots.
      receiver.setHandler((r) => (r.path === '/busy' ? 'hang' : { status: 200 }));
      await startWorker({ settings: { maxInFlight: 8, maxInFlightPerTenant: 4, timeoutMs: 20_000 } });
      await commitEvents(ds(), busy.id, 2000);
      await arrived(4, '/busy');
      await commitEvent(ds(), quiet.id, 'user.created', userCreated(quiet.id));
      await arrived(1, '/quiet');
      expect(onPath('/busy')).to.have.length(4);
      const [{ delivered }] = await ds().query(`SELECT count(*)::int AS delivered FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'DELIVERED'`, [busy.id]);
      expect(delivered).to.equal(0);
    });

    it('serves tenants in rotation: an event queued behind a burst is among the first delivered', async () => {
      const busy = await ownTenant({ plan: 'ENTERPRISE' });
      const quiet = await ownTenant({ plan: 'GROWTH' });
      await createSubscription(ds(), { tenantId: busy.id, url: receiver.url('/busy') });
      await createSubscription(ds(), { tenantId: quiet.id, url: receiver.url('/quiet') });
      await commitEvents(ds(), busy.id, 3000);
      await commitEvent(ds(), quiet.id, 'user.created', userCreated(quiet.id));
      await startWorker({ clock: systemClock, settle: false });
      await arrived(1, '/quiet');
      const position = receiver.requests.findIndex((r) => r.path === '/quiet');
      expect(position).to.be.below(12);
    });
  });

  describe('DEAD deliveries put back in the queue (the portal\'s replay failed, issue 32)', () => {
    it('attempts each once on the next sweep, with its id and bytes; a failure leaves it DEAD again', async () => {
      const t = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/again') });
      const ok = await createDelivery(ds(), sub, { status: 'DEAD', attempts: 6, at: new Date('2026-01-05T08:00:00Z') });
      const bad = await createDelivery(ds(), sub, { status: 'DEAD', attempts: 6, at: new Date('2026-01-05T08:00:01Z') });
      receiver.setHandler((r) => (r.headers['x-service-delivery'] === bad.id ? { status: 500, body: 'still down' } : { status: 200 }));
      const worker = await startWorker();
      const queued = await new WebhookDeliveriesRepository(ds()).requeueDead({
        tenantId: t.id,
        webhookId: sub.id,
        from: new Date('2026-01-05T07:00:00Z'),
        to: new Date('2026-01-05T09:00:00Z'),
        limit: 500,
        now: clock.now(),
      });
      expect(queued).to.deep.equal({ requeued: 2, remaining: 0 });
      // The API does not wake the worker: its next sweep (or any wake-up) claims them.
      worker.sweep();
      await arrived(2, '/again');
      await worker.idle();
      const byId = new Map(onPath('/again').map((r) => [r.headers['x-service-delivery'], r.body]));
      expect(byId.get(ok.id)).to.equal(ok.body);
      expect(byId.get(bad.id)).to.equal(bad.body);
      expect((await deliveriesOf(ds(), sub.id)).map((d) => [d.id, d.status, d.attempts])).to.deep.equal([
        [ok.id, 'DELIVERED', 7],
        [bad.id, 'DEAD', 7],
      ]);
    });
  });

  describe('ordered (FIFO) subscriptions (issue 32)', () => {
    const emailOf = (r: ReceivedRequest) => (JSON.parse(r.body) as { payload: { email: string } }).payload.email;

    it('holds each event until the one before it was delivered or died; an unordered subscription of the same events is not held', async () => {
      const t = await ownTenant({ plan: 'GROWTH' });
      const fifo = await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/fifo'), ordering: 'fifo' });
      await createSubscription(ds(), { tenantId: t.id, url: receiver.url('/free') });
      let secondFailures = 0;
      receiver.setHandler((r) => {
        if (r.path !== '/fifo') return { status: 500 };
        const email = emailOf(r);
        if (email === 'user1@example.test') return { status: 503, body: 'first is refused' };
        if (email === 'user2@example.test' && secondFailures < 2) {
          secondFailures += 1;
          return { status: 503, body: 'second is refused twice' };
        }
        return { status: 200 };
      });
      const worker = await startWorker();
      for (let n = 1; n <= 3; n++) await commitEvent(ds(), t.id, 'user.created', userCreated(t.id, n), new Date(clock.now().getTime() - 10_000 + n));
      await arrived(3, '/free');
      await arrived(1, '/fifo');
      await worker.idle();
      expect(onPath('/fifo')).to.have.length(1);
      const waiting = await deliveriesOf(ds(), fifo.id);
      expect(waiting.map((d) => [d.status, d.attempts])).to.deep.equal([
        ['FAILED', 1],
        ['PENDING', 0],
        ['PENDING', 0],
      ]);

      // Each sweep after the first event's retry falls due makes exactly one attempt: the first event's.
      for (let k = 2; k <= 6; k++) {
        const [first] = await deliveriesOf(ds(), fifo.id);
        clock.set(new Date(first!.next_attempt_at.getTime() + 1));
        worker.sweep();
        await arrived(k, '/fifo');
        await worker.idle();
        if (k < 6) expect(onPath('/fifo'), `after attempt ${k}`).to.have.length(k);
      }
      // The first died on its sixth attempt; the second went at once, failed, and now holds the third.
      await arrived(7, '/fifo');
      await worker.idle();
      expect((await deliveriesOf(ds(), fifo.id)).map((d) => [d.status, d.attempts])).to.deep.equal([
        ['DEAD', 6],
        ['FAILED', 1],
        ['PENDING', 0],
      ]);
      for (let k = 8; k <= 9; k++) {
        const [, second] = await deliveriesOf(ds(), fifo.id);
        clock.set(new Date(second!.next_attempt_at.getTime() + 1));
        worker.sweep();
        await arrived(k, '/fifo');
        await worker.idle();
      }
      await arrived(10, '/fifo');
      await worker.idle();
      expect(onPath('/fifo').map(emailOf)).to.deep.equal([...Array(6).fill('user1@example.test'), ...Array(3).fill('user2@example.test'), 'user3@example.test']);
      expect((await deliveriesOf(ds(), fifo.id)).map((d) => d.status)).to.deep.equal(['DEAD', 'DELIVERED', 'DELIVERED']);
    });
  });

  describe('trace context', () => {
    /** The event written as a request would write it: inside a span, whose context it keeps. */
    async function commitTraced(tenantId: string) {
      return inSpan('test.request', {}, async (span) => {
        const event = await commitEvent(ds(), tenantId, 'user.created', userCreated(tenantId));
        return { event, traceId: span!.spanContext().traceId, spanId: span!.spanContext().spanId };
      });
    }
    const attemptSpans = (exporter: InMemorySpanExporter) => exporter.getFinishedSpans().filter((s) => s.name === 'webhook.attempt');

    describe('with tracing on', () => {
      const exporter = tracedSuite();

      it('an event keeps the writing span\'s context, and each attempt at its delivery is a child span of it', async () => {
        const tenant = await ownTenant({ plan: 'GROWTH' });
        const sub = await createSubscription(ds(), { tenantId: tenant.id, url: receiver.url('/t') });
        receiver.setHandler(() => ({ status: 500, body: 'no' }));
        const worker = await startWorker();
        const { event, traceId, spanId } = await commitTraced(tenant.id);
        await arrived(1);
        await worker.idle();
        receiver.setHandler(() => ({ status: 204, body: '' }));
        clock.advance(34_000);
        worker.sweep();
        await arrived(2);
        await worker.idle();

        const [row] = await ds().query(`SELECT traceparent, tracestate FROM domain_events WHERE id = $1`, [event.id]);
        expect(row).to.deep.equal({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: null });
        const [d] = await deliveriesOf(ds(), sub.id);
        expect(d!.traceparent).to.equal(row.traceparent);
        const attempts = attemptSpans(exporter);
        expect(attempts.map((a) => [a.spanContext().traceId, a.parentSpanContext?.spanId])).to.deep.equal([
          [traceId, spanId],
          [traceId, spanId],
        ]);
        expect(attempts.map((a) => a.attributes)).to.deep.equal([1, 2].map((n) => ({
          'webhook.subscription.id': sub.id,
          'webhook.delivery.id': d!.id,
          'webhook.event.id': event.id,
          'webhook.event.type': 'user.created',
          'webhook.attempt': n,
          'webhook.outcome': n === 1 ? 'failure' : 'success',
          'http.response.status_code': n === 1 ? 500 : 204,
        })));
        expect(receiver.requests.map((r) => r.headers.traceparent)).to.deep.equal([undefined, undefined]);
      });

      it('with WEBHOOK_SEND_TRACEPARENT on, the receiver gets the attempt span\'s traceparent', async () => {
        const tenant = await ownTenant({ plan: 'GROWTH' });
        await createSubscription(ds(), { tenantId: tenant.id, url: receiver.url('/t') });
        const worker = await startWorker({ settings: { sendTraceparent: true } });
        const { traceId } = await commitTraced(tenant.id);
        await arrived(1);
        await worker.idle();
        const [attempt] = attemptSpans(exporter);
        expect(receiver.requests[0]!.headers.traceparent).to.equal(`00-${traceId}-${attempt!.spanContext().spanId}-01`);
      });
    });

    it('with tracing off, an event and its delivery keep no trace context and the receiver gets no traceparent, even when switched on', async () => {
      const tenant = await ownTenant({ plan: 'GROWTH' });
      const sub = await createSubscription(ds(), { tenantId: tenant.id, url: receiver.url('/t') });
      const worker = await startWorker({ settings: { sendTraceparent: true } });
      const event = await commitEvent(ds(), tenant.id, 'user.created', userCreated(tenant.id));
      await arrived(1);
      await worker.idle();
      const [row] = await ds().query(`SELECT traceparent, tracestate FROM domain_events WHERE id = $1`, [event.id]);
      expect(row).to.deep.equal({ traceparent: null, tracestate: null });
      const [d] = await deliveriesOf(ds(), sub.id);
      expect([d!.traceparent, d!.tracestate]).to.deep.equal([null, null]);
      expect(receiver.requests[0]!.headers).to.not.have.property('traceparent');
    });
  });
});
