import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { transactionRunner } from '@wfm/db/transaction';
import { parseAllowedTargets } from '@wfm/webhooks/egress';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { EgressHttpClient } from '../../access/integrations/provider-http.js';
import { FakeWhatsApp, fakeWhatsAppSettings } from '../../../test-support/fake-whatsapp.js';
import { readMailDrop } from '../../../test-support/mail-drop-reader.js';
import { MailDrop } from '../mail/mail-drop.js';
import { MailRepository } from '../mail/mail.repository.js';
import { OutboxMailer } from '../mail/mail.service.js';
import { MessagingRepository } from '../messaging/messaging.repository.js';
import { WhatsAppClient } from '../messaging/whatsapp.client.js';
import { ProviderMessagingTransport } from '../messaging/provider.transport.js';
import { TextNotificationChannel } from '../channels/sms.channel.js';
import type { NotificationChannel, NotificationMessage, NotificationRecipient } from '../notification-channel.js';
import { CentreRepository } from './centre.repository.js';
import { MAX_ATTEMPTS, NotificationCentre } from './centre.service.js';
import { EmailChannel } from './channels.js';

const APP = 'https://app.example.test';

describe('notification centre: dispatch and delivery (real PostgreSQL, mail drop, local WhatsApp API)', () => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  let dir: string;
  const clock = new FakeClock('2026-03-02T09:00:00Z');
  const logger = createLogger('test', 'silent');

  before(async () => {
    db = await sharedTestDatabase();
    fake = await FakeWhatsApp.start();
  });
  after(async () => fake.stop());
  beforeEach(async () => {
    fake.reset();
    clock.set('2026-03-02T09:00:00Z');
    dir = join(await mkdtemp(join(tmpdir(), 'wfm-notify-test-')), 'drop');
  });
  afterEach(async () => rm(join(dir, '..'), { recursive: true, force: true }));

  function whatsappChannel(): TextNotificationChannel {
    const settings = fakeWhatsAppSettings(fake);
    const http = new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets('127.0.0.1') }, ca: fake.ca, timeoutSeconds: 5 });
    return new TextNotificationChannel('whatsapp', new ProviderMessagingTransport({ name: 'WHATSAPP', label: 'WhatsApp', sender: new WhatsAppClient(settings, http) }, new MessagingRepository(db.dataSource), clock, logger), APP);
  }

  function centre(channels: NotificationChannel[]) {
    const c = new NotificationCentre(new CentreRepository(db.dataSource), channels, clock, logger);
    return { centre: c, transaction: c.transactions(transactionRunner(db.dataSource)) };
  }

  async function world() {
    const tenant = await createTenant(db.dataSource, { timezone: 'Europe/Paris' });
    const outlet = await createOutlet(db.dataSource, tenant.id, { name: 'Soho' });
    const ann = await createUser(db.dataSource, tenant.id, { email: 'ann@example.test', mobile: '+447700900123', fullName: 'Ann' });
    const manager = await createUser(db.dataSource, tenant.id, { role: 'OUTLET_MANAGER' });
    return { tenantId: tenant.id, outletId: outlet.id, ann, manager };
  }

  const rosterParams = (outletId: string) => ({ outletId, shifts: 2, firstStart: new Date('2026-03-03T08:00:00Z'), firstEnd: new Date('2026-03-03T16:00:00Z') });
  const deliveries = (tenantId: string) =>
    db.dataSource.query(`SELECT channel, status, attempts, last_error AS "lastError" FROM notification_deliveries WHERE tenant_id = $1 ORDER BY channel`, [tenantId]);

  it('words the row in the outlet zone, mails it to the mail drop and sends it by WhatsApp after the commit, never to the actor', async () => {
    const w = await world();
    await db.dataSource.query(`INSERT INTO notification_preferences (tenant_id, user_id, event, channel, enabled, updated_at) VALUES ($1, $2, 'roster.published', 'whatsapp', true, now())`, [w.tenantId, w.ann.id]);
    const mailer = new OutboxMailer(new MailRepository(db.dataSource), clock, logger, { drop: new MailDrop(dir, clock) }, 'WFM <no-reply@example.test>');
    const { centre: c, transaction } = centre([new EmailChannel(mailer, APP), whatsappChannel()]);
    await transaction(async (tx) => {
      const params = rosterParams(w.outletId);
      await c.notify(tx, { tenantId: w.tenantId, event: 'roster.published', actorUserId: w.manager.id, to: [{ userId: w.ann.id, params }, { userId: w.manager.id, params }] });
      // Nothing leaves before the commit.
      expect(fake.sent).to.have.length(0);
    });
    await c.idle();
    const rows = await db.dataSource.query(`SELECT user_id AS "userId", event, title, body, path, read_at AS "readAt" FROM notifications WHERE tenant_id = $1`, [w.tenantId]);
    expect(rows).to.deep.equal([
      { userId: w.ann.id, event: 'roster.published', title: 'Your roster at Soho is published', body: '2 shifts, the first Tue 3 Mar 09:00–17:00 (Europe/Paris).', path: '/me/shifts', readAt: null },
    ]);
    const [mail, ...more] = await readMailDrop(dir, { to: 'ann@example.test' });
    expect(more).to.deep.equal([]);
    expect(mail).to.include({ tenantId: w.tenantId, template: 'notify_roster.published', subject: 'Your roster at Soho is published' });
    expect(mail!.text).to.contain('Tue 3 Mar 09:00–17:00 (Europe/Paris)').and.contain(`${APP}/me/shifts`);
    expect(fake.sent).to.have.length(1);
    expect(fake.sent[0]!.body.to).to.equal('447700900123');
    expect(JSON.stringify(fake.sent[0]!.body)).to.contain('Your roster at Soho is published');
    const [recorded] = await db.dataSource.query(`SELECT purpose, status FROM messaging_messages WHERE tenant_id = $1`, [w.tenantId]);
    expect(recorded).to.deep.equal({ purpose: 'NOTIFICATION', status: 'ACCEPTED' });
    // The mail drop is not a mail server: written, not delivered.
    expect(await deliveries(w.tenantId)).to.deep.equal([
      { channel: 'email', status: 'UNDELIVERED', attempts: 1, lastError: null },
      { channel: 'whatsapp', status: 'DELIVERED', attempts: 1, lastError: null },
    ]);
  });

  it('words each person in their language: their own choice, else their company’s', async () => {
    const w = await world();
    const bea = await createUser(db.dataSource, w.tenantId, { fullName: 'Bea' });
    await db.dataSource.query(`UPDATE tenants SET language = 'fr' WHERE id = $1`, [w.tenantId]);
    await db.dataSource.query(`UPDATE users SET language = 'en' WHERE id = $1`, [bea.id]);
    const { centre: c, transaction } = centre([]);
    const params = rosterParams(w.outletId);
    await transaction((tx) => c.notify(tx, { tenantId: w.tenantId, event: 'roster.published', actorUserId: w.manager.id, to: [{ userId: w.ann.id, params }, { userId: bea.id, params }] }));
    await c.idle();
    const rows = await db.dataSource.query(`SELECT user_id AS "userId", title FROM notifications WHERE tenant_id = $1 ORDER BY title`, [w.tenantId]);
    expect(rows).to.deep.equal([
      { userId: w.ann.id, title: 'Votre planning à Soho est publié' },
      { userId: bea.id, title: 'Your roster at Soho is published' },
    ]);
  });

  it('records nothing and sends nothing when the triggering transaction rolls back', async () => {
    const w = await world();
    const sent: string[] = [];
    const { centre: c, transaction } = centre([{ name: 'email', deliver: async (to) => (sent.push(to.userId), { delivered: true }) }]);
    await transaction(async (tx) => {
      await c.notify(tx, { tenantId: w.tenantId, event: 'roster.published', actorUserId: null, to: [{ userId: w.ann.id, params: rosterParams(w.outletId) }] });
      throw new Error('the change failed');
    }).catch(() => undefined);
    await c.idle();
    expect(sent).to.deep.equal([]);
    expect(await db.dataSource.query(`SELECT id FROM notifications WHERE tenant_id = $1`, [w.tenantId])).to.deep.equal([]);
  });

  it('a channel that throws neither sinks the others nor the change; the job retries it with growing waits, then gives up', async () => {
    const w = await world();
    const delivered: string[] = [];
    let failures = 0;
    const broken: NotificationChannel = {
      name: 'push',
      deliver: async () => {
        failures += 1;
        throw new Error('push service down');
      },
    };
    const fine: NotificationChannel = { name: 'email', deliver: async (_to: NotificationRecipient, m: NotificationMessage) => (delivered.push(m.title), { delivered: true }) };
    const { centre: c, transaction } = centre([broken, fine]);
    await transaction((tx) => c.notify(tx, { tenantId: w.tenantId, event: 'roster.published', actorUserId: null, to: [{ userId: w.ann.id, params: rosterParams(w.outletId) }] }));
    await c.idle();
    expect(delivered).to.deep.equal(['Your roster at Soho is published']);
    expect(await deliveries(w.tenantId)).to.deep.equal([
      { channel: 'email', status: 'DELIVERED', attempts: 1, lastError: null },
      { channel: 'push', status: 'PENDING', attempts: 1, lastError: 'push service down' },
    ]);
    // Not due yet: the job leaves it.
    await c.deliverDue();
    expect(failures).to.equal(1);
    for (const minutes of [1, 5, 30, 120]) {
      clock.advance(minutes * 60_000);
      await c.deliverDue();
    }
    expect(failures).to.equal(MAX_ATTEMPTS);
    expect((await deliveries(w.tenantId))[1]).to.deep.equal({ channel: 'push', status: 'FAILED', attempts: MAX_ATTEMPTS, lastError: 'push service down' });
    expect(delivered).to.have.length(1);
  });

  it('follows the preferences: a mobile-only person gets SMS by default and no email; a channel turned off gets no delivery', async () => {
    const w = await world();
    const mobileOnly = await createUser(db.dataSource, w.tenantId, { email: null, mobile: '+447700900999' });
    await db.dataSource.query(`INSERT INTO notification_preferences (tenant_id, user_id, event, channel, enabled, updated_at) VALUES ($1, $2, 'roster.published', 'email', false, now())`, [w.tenantId, w.ann.id]);
    const to: Array<[string, string]> = [];
    const recording = (name: 'email' | 'sms' | 'whatsapp'): NotificationChannel => ({ name, deliver: async (r) => (to.push([name, r.userId]), { delivered: true }) });
    const { centre: c, transaction } = centre([recording('email'), recording('sms'), recording('whatsapp')]);
    const params = rosterParams(w.outletId);
    await transaction((tx) => c.notify(tx, { tenantId: w.tenantId, event: 'roster.published', actorUserId: null, to: [{ userId: w.ann.id, params }, { userId: mobileOnly.id, params }] }));
    await c.idle();
    expect(to).to.deep.equal([['sms', mobileOnly.id]]);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE tenant_id = $1`, [w.tenantId])).to.deep.equal([{ n: 2 }]);
  });

  it('refuses to notify outside a transaction of its own runner (delivery could never start)', async () => {
    const w = await world();
    const { centre: c } = centre([]);
    const err = await transactionRunner(db.dataSource)((tx) => c.notify(tx, { tenantId: w.tenantId, event: 'document.to_sign', actorUserId: null, to: [{ userId: w.ann.id, params: { documentTitle: 'Contract' } }] })).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(Error);
  });
});
