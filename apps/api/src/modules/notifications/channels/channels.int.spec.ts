import { expect } from 'chai';
import webpush from 'web-push';
import { FakeClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { parseAllowedTargets } from '@wfm/webhooks/egress';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant, createUser } from '@wfm/testing/factories';
import { EgressHttpClient } from '../../access/integrations/provider-http.js';
import { capturingLogger } from '../../../test-support/capturing-logger.js';
import { FakeBrowser, FakePushService } from '../../../test-support/fake-push-service.js';
import { FAKE_TWILIO, FakeTwilio } from '../../../test-support/fake-twilio.js';
import { MessagingRepository } from '../messaging/messaging.repository.js';
import { ProviderMessagingTransport } from '../messaging/provider.transport.js';
import { TwilioClient } from '../messaging/twilio.client.js';
import type { NotificationMessage, NotificationRecipient } from '../notification-channel.js';
import { PushSubscriptionsRepository } from '../push/push-subscriptions.repository.js';
import { WebPushSender } from '../push/push.sender.js';
import { PushNotificationChannel } from './push.channel.js';
import { TextNotificationChannel } from './sms.channel.js';

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.test' };

describe('notification channels: push (Web Push) and sms, against local fakes', () => {
  let db: TestDatabase;
  let pushService: FakePushService;
  let twilio: FakeTwilio;
  let subscriptions: PushSubscriptionsRepository;
  const clock = new FakeClock('2026-03-02T09:00:00Z');

  before(async () => {
    db = await sharedTestDatabase();
    pushService = await FakePushService.start();
    twilio = await FakeTwilio.start();
    subscriptions = new PushSubscriptionsRepository(db.dataSource);
  });
  after(async () => {
    await pushService.stop();
    await twilio.stop();
  });
  beforeEach(() => {
    pushService.reset();
    twilio.reset();
  });

  async function recipient(mobile: string | null = '+447700900123'): Promise<NotificationRecipient> {
    const tenant = await createTenant(db.dataSource, { plan: 'GROWTH' });
    const user = await createUser(db.dataSource, tenant.id, { role: 'STAFF' });
    return { tenantId: tenant.id, userId: user.id, email: null, mobile, language: 'en' };
  }
  const message = (): NotificationMessage => ({ id: uuid(), event: 'roster.published', title: 'Roster published', body: 'Your week of 2 March is out: 4 shifts', path: '/me/shifts' });

  async function subscribe(to: NotificationRecipient, browser: FakeBrowser, endpoint = pushService.endpoint()) {
    return subscriptions.upsert({ id: uuid(), tenantId: to.tenantId, userId: to.userId, endpoint, ...browser.keys(), userAgent: null, createdAt: clock.now() }, 10);
  }

  function pushChannel(allowed = '127.0.0.1') {
    const log = capturingLogger();
    const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets(allowed) }, ca: pushService.ca, timeoutSeconds: 5 });
    return { channel: new PushNotificationChannel(new WebPushSender(VAPID, http), subscriptions, log.logger), lines: log.lines };
  }

  describe('push', () => {
    it('encrypts the notification for each of the person’s browsers, signed with the VAPID key for the push service’s origin', async () => {
      const to = await recipient();
      const phone = new FakeBrowser();
      const laptop = new FakeBrowser();
      const phoneSub = await subscribe(to, phone);
      await subscribe(to, laptop);
      const msg = message();
      expect(await pushChannel().channel.deliver(to, msg)).to.deep.equal({ delivered: true });
      expect(pushService.received).to.have.length(2);
      const toPhone = pushService.received.find((p) => `${pushService.url}${p.path}` === phoneSub.endpoint);
      const toLaptop = pushService.received.find((p) => p !== toPhone);
      expect(JSON.parse(phone.decrypt(toPhone!.body))).to.deep.equal({ id: msg.id, title: 'Roster published', body: 'Your week of 2 March is out: 4 shifts', path: '/me/shifts' });
      expect(JSON.parse(laptop.decrypt(toLaptop!.body))).to.deep.equal({ id: msg.id, title: 'Roster published', body: 'Your week of 2 March is out: 4 shifts', path: '/me/shifts' });
      expect(() => laptop.decrypt(toPhone!.body)).to.throw();
      expect(toPhone!.vapidPublicKey).to.equal(VAPID.publicKey);
      expect(toPhone!.claims).to.include({ aud: pushService.url, sub: 'mailto:ops@example.test' });
      expect(toPhone!.headers).to.include({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    });

    it('a subscription the push service calls gone (410) is deleted; the others still receive', async () => {
      const to = await recipient();
      const gone = await subscribe(to, new FakeBrowser());
      const live = await subscribe(to, new FakeBrowser());
      pushService.gone.add(gone.endpoint);
      expect(await pushChannel().channel.deliver(to, message())).to.deep.equal({ delivered: true });
      expect((await subscriptions.listFor(to.tenantId, to.userId)).map((s) => s.id)).to.deep.equal([live.id]);
      pushService.gone.add(live.endpoint);
      expect(await pushChannel().channel.deliver(to, message())).to.deep.equal({ delivered: false });
      expect(await subscriptions.listFor(to.tenantId, to.userId)).to.deep.equal([]);
    });

    it('each send is egress-checked: an endpoint no longer allowed is not posted to, is kept, and the refusal is logged', async () => {
      const to = await recipient();
      const sub = await subscribe(to, new FakeBrowser());
      const { channel, lines } = pushChannel('');
      expect(await channel.deliver(to, message())).to.deep.equal({ delivered: false });
      expect(pushService.requests).to.equal(0);
      expect((await subscriptions.listFor(to.tenantId, to.userId)).map((s) => s.id)).to.deep.equal([sub.id]);
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'push not accepted')).to.include({ subscriptionId: sub.id });
    });

    it('a person without a subscription, or a platform without VAPID keys, is not reached', async () => {
      const to = await recipient();
      expect(await pushChannel().channel.deliver(to, message())).to.deep.equal({ delivered: false });
      await subscribe(to, new FakeBrowser());
      expect(await new PushNotificationChannel(null, subscriptions, capturingLogger().logger).deliver(to, message())).to.deep.equal({ delivered: false });
      expect(pushService.requests).to.equal(0);
    });
  });

  describe('sms', () => {
    function smsChannel() {
      const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets('127.0.0.1') }, ca: twilio.ca, timeoutSeconds: 5 });
      const settings = { apiUrl: twilio.url, accountSid: FAKE_TWILIO.accountSid, authToken: FAKE_TWILIO.authToken, from: FAKE_TWILIO.from, statusCallbackUrl: null, timeoutMs: 5000 };
      const transport = new ProviderMessagingTransport({ name: 'TWILIO_SMS', label: 'SMS', sender: new TwilioClient(settings, http) }, new MessagingRepository(db.dataSource), clock, capturingLogger().logger);
      return new TextNotificationChannel('sms', transport, 'https://app.example.test');
    }

    it('texts the title, body and console link to the person’s mobile, recorded against the notification', async () => {
      const to = await recipient();
      const msg = message();
      expect(await smsChannel().deliver(to, msg)).to.deep.equal({ delivered: true });
      expect(twilio.sent[0]!.form).to.deep.include({ To: '+447700900123', Body: 'Roster published\nYour week of 2 March is out: 4 shifts\nhttps://app.example.test/me/shifts' });
      const [row] = await db.dataSource.query(`SELECT provider, purpose, subject_id, status FROM messaging_messages WHERE tenant_id = $1`, [to.tenantId]);
      expect(row).to.deep.equal({ provider: 'TWILIO_SMS', purpose: 'NOTIFICATION', subject_id: msg.id, status: 'ACCEPTED' });
    });

    it('a person without a mobile number is not reached and nothing is sent', async () => {
      expect(await smsChannel().deliver(await recipient(null), message())).to.deep.equal({ delivered: false });
      expect(twilio.requests).to.equal(0);
    });

    it('a refusal by the provider is not a delivery', async () => {
      twilio.mode = 'refuse';
      expect(await smsChannel().deliver(await recipient(), message())).to.deep.equal({ delivered: false });
    });
  });
});
