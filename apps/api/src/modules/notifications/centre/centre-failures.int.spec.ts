import { expect } from 'chai';
import webpush from 'web-push';
import { FakeClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { createLogger } from '@wfm/core/logger';
import { transactionRunner } from '@wfm/db/transaction';
import { parseAllowedTargets } from '@wfm/webhooks/egress';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { loadApiConfig } from '../../../config.js';
import { FakeBrowser, FakePushService } from '../../../test-support/fake-push-service.js';
import { EgressHttpClient } from '../../access/integrations/provider-http.js';
import { PushNotificationChannel } from '../channels/push.channel.js';
import type { NotificationChannel, NotificationMessage } from '../notification-channel.js';
import { PushSubscriptionsRepository } from '../push/push-subscriptions.repository.js';
import { WebPushSender } from '../push/push.sender.js';
import { CentreRepository } from './centre.repository.js';
import { LEASE_MS, NotificationCentre } from './centre.service.js';

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.test' };

/** The delivery paths that only go wrong in production: a worker that dies mid-attempt, a push service that never answers. */
describe('notification centre: a dead worker’s lease, a push service that hangs (real PostgreSQL, local push service)', () => {
  let db: TestDatabase;
  let pushService: FakePushService;
  const clock = new FakeClock('2026-03-02T09:00:00Z');
  const logger = createLogger('test', 'silent');

  before(async () => {
    db = await sharedTestDatabase();
    pushService = await FakePushService.start();
  });
  after(async () => pushService.stop());
  beforeEach(() => {
    pushService.reset();
    clock.set('2026-03-02T09:00:00Z');
  });

  function centre(channels: NotificationChannel[]) {
    const c = new NotificationCentre(new CentreRepository(db.dataSource), channels, clock, logger);
    return { centre: c, transaction: c.transactions(transactionRunner(db.dataSource)) };
  }

  async function notifyAnn(worker: ReturnType<typeof centre>) {
    const tenant = await createTenant(db.dataSource);
    const outlet = await createOutlet(db.dataSource, tenant.id, { name: 'Soho' });
    const ann = await createUser(db.dataSource, tenant.id, { email: 'ann@example.test', fullName: 'Ann' });
    return { tenantId: tenant.id, ann, notify: () => worker.transaction((tx) => worker.centre.notify(tx, { tenantId: tenant.id, event: 'roster.published', actorUserId: null, to: [{ userId: ann.id, params: { outletId: outlet.id, shifts: 1, firstStart: new Date('2026-03-03T08:00:00Z'), firstEnd: new Date('2026-03-03T16:00:00Z') } }] })) };
  }
  const deliveries = (tenantId: string) => db.dataSource.query(`SELECT channel, status, attempts, last_error AS "lastError" FROM notification_deliveries WHERE tenant_id = $1 ORDER BY channel`, [tenantId]);

  it('takes again a delivery whose worker died mid-attempt once its lease has run out, not before', async () => {
    let claimed!: () => void;
    const claimedByDeadWorker = new Promise<void>((resolve) => (claimed = resolve));
    // The worker's process dies during the attempt: the channel never returns, nothing is settled.
    const dead = centre([{ name: 'email', deliver: () => (claimed(), new Promise<never>(() => undefined)) }]);
    const w = await notifyAnn(dead);
    await w.notify();
    await claimedByDeadWorker;
    expect(await deliveries(w.tenantId)).to.deep.equal([{ channel: 'email', status: 'PENDING', attempts: 1, lastError: null }]);

    const sent: NotificationMessage[] = [];
    const survivor = centre([{ name: 'email', deliver: async (_to, m) => (sent.push(m), { delivered: true }) }]);
    expect(await survivor.centre.deliverDue()).to.equal(0);
    clock.advance(LEASE_MS - 1);
    expect(await survivor.centre.deliverDue()).to.equal(0);
    expect(sent).to.deep.equal([]);
    clock.advance(1);
    expect(await survivor.centre.deliverDue()).to.equal(1);
    expect(sent.map((m) => m.title)).to.deep.equal(['Your roster at Soho is published']);
    expect(await deliveries(w.tenantId)).to.deep.equal([{ channel: 'email', status: 'DELIVERED', attempts: 2, lastError: null }]);
  });

  it('gives up on a push service that accepts the connection and never answers after PUSH_TIMEOUT_MS, and retries it on the schedule until it answers', async () => {
    const { timeoutMs } = loadApiConfig({ PUSH_TIMEOUT_MS: '300' }).push;
    const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets('127.0.0.1') }, ca: pushService.ca, timeoutSeconds: timeoutMs / 1000 });
    const subscriptions = new PushSubscriptionsRepository(db.dataSource);
    const worker = centre([new PushNotificationChannel(new WebPushSender(VAPID, http), subscriptions, logger)]);
    const w = await notifyAnn(worker);
    const browser = new FakeBrowser();
    const sub = await subscriptions.upsert({ id: uuid(), tenantId: w.tenantId, userId: w.ann.id, endpoint: pushService.endpoint(), ...browser.keys(), userAgent: null, createdAt: clock.now() }, 10);
    pushService.hanging.add(sub.endpoint);

    await w.notify();
    // The attempt ends, by the deadline, instead of holding the delivery (and the job) forever.
    await worker.centre.idle();
    expect(pushService.requests).to.equal(1);
    const unanswered = { channel: 'push', status: 'PENDING', lastError: 'no answer from the push service (timeout)' };
    expect(await deliveries(w.tenantId)).to.deep.equal([{ ...unanswered, attempts: 1 }]);

    expect(await worker.centre.deliverDue()).to.equal(0);
    clock.advance(60_000);
    expect(await worker.centre.deliverDue()).to.equal(1);
    expect(pushService.requests).to.equal(2);
    expect(await deliveries(w.tenantId)).to.deep.equal([{ ...unanswered, attempts: 2 }]);

    pushService.hanging.clear();
    clock.advance(5 * 60_000 - 1);
    expect(await worker.centre.deliverDue()).to.equal(0);
    clock.advance(1);
    expect(await worker.centre.deliverDue()).to.equal(1);
    expect(await deliveries(w.tenantId)).to.deep.equal([{ channel: 'push', status: 'DELIVERED', attempts: 3, lastError: null }]);
    expect(pushService.received).to.have.length(1);
    expect(JSON.parse(browser.decrypt(pushService.received[0]!.body))).to.include({ title: 'Your roster at Soho is published' });
    expect((await subscriptions.listFor(w.tenantId, w.ann.id)).map((s) => s.id)).to.deep.equal([sub.id]);
  });
});
