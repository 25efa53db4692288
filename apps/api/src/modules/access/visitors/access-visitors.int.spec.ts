import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { SecretHasher, uuid } from '@wfm/core/crypto';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import { createLogger } from '@wfm/core/logger';
import { transactionRunner } from '@wfm/db/transaction';
import { LocalBus } from '@wfm/memory/bus-local';
import { ACCESS_CHANGES_CHANNEL, decodeAccessChanges, type AccessChange } from '@wfm/access/change-feed';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant, createUser } from '@wfm/testing/factories';
import { AccessFeed } from '../feed/access-feed.service.js';
import { AccessGrantsRepository } from '../grants/access-grants.repository.js';
import { AccessCredentialsRepository } from '../credentials/access-credentials.repository.js';
import { AccessCredentialsService } from '../credentials/access-credentials.service.js';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { MessagingTransport, TextMessage } from '../../notifications/messaging/messaging.transport.js';
import { MessagingRepository } from '../../notifications/messaging/messaging.repository.js';
import { AccessVisitorsRepository } from './access-visitors.repository.js';
import { AccessVisitorsService } from './access-visitors.service.js';

describe('AccessVisitorsService with real PostgreSQL: delivery reporting and the change feed', () => {
  let db: TestDatabase;
  let bus: LocalBus;
  let published: AccessChange[];
  let payloads: Array<AccessChange['payload']>;
  const clock = new FakeClock('2026-03-02T09:00:00Z');
  const logger = createLogger('test', 'silent');

  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => db.drop());
  beforeEach(async () => {
    bus = new LocalBus();
    published = [];
    payloads = [];
    await bus.subscribe(ACCESS_CHANGES_CHANNEL, (m) => {
      for (const { at, payload, ...change } of decodeAccessChanges(m)) {
        expect(at).to.be.a('number');
        published.push(change);
        payloads.push(payload);
      }
    });
  });
  afterEach(async () => bus.close());

  function service(mailer: MailTransport, messaging: MessagingTransport): AccessVisitorsService {
    const ds = db.dataSource;
    const feed = new AccessFeed(bus, logger);
    const credentials = new AccessCredentialsService(new AccessCredentialsRepository(ds), transactionRunner(ds), feed, new AesGcmEncryptor('ab'.repeat(32)), clock);
    return new AccessVisitorsService({
      repo: new AccessVisitorsRepository(ds),
      grants: new AccessGrantsRepository(ds),
      transaction: transactionRunner(ds),
      feed,
      credentials,
      secrets: new SecretHasher('pepper-pepper-pepper'),
      mailer,
      messaging,
      deliveries: new MessagingRepository(ds),
      clock,
      logger,
      appUrl: 'https://app.example.test',
    });
  }

  async function actorAndZone() {
    const tenant = await createTenant(db.dataSource, { plan: 'GROWTH', timezone: 'America/New_York' });
    const user = await createUser(db.dataSource, tenant.id, { role: 'HR_MANAGER' });
    const zoneId = uuid();
    await db.dataSource.query(`INSERT INTO access_zones (id, tenant_id, name) VALUES ($1, $2, 'Lobby')`, [zoneId, tenant.id]);
    return { actor: { tenantId: tenant.id, userId: user.id, timezone: tenant.timezone }, zoneId };
  }

  const body = (zoneId: string) => ({ name: 'Vera', zoneIds: [zoneId], expiresAt: '2026-03-03T22:00:00Z', email: 'vera@example.test', phone: '+15550100123' });
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('reports emailSent/whatsappSent false when the transports refuse or fail, and still creates the pass', async () => {
    const { actor, zoneId } = await actorAndZone();
    const failingMail: MailTransport = { send: async () => Promise.reject(new Error('outbox down')) };
    const droppedMail: MailTransport = { send: async () => ({ accepted: false }) };
    for (const [mailer, messaging] of [
      [failingMail, { send: async () => ({ accepted: false }) }],
      [droppedMail, { send: async () => Promise.reject(new Error('provider down')) }],
    ] as const) {
      const res = (await service(mailer, messaging).create(actor, body(zoneId))).value;
      expect(res).to.include({ emailSent: false, whatsappSent: false });
      expect(res.grants).to.have.length(1);
    }
    const passes: unknown[] = await db.dataSource.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1`, [actor.tenantId]);
    expect(passes).to.have.length(2);
  });

  it("sends the magic link with the expiry in the tenant's timezone", async () => {
    const { actor, zoneId } = await actorAndZone();
    const mails: string[] = [];
    const messages: TextMessage[] = [];
    const res = (
      await service(
        { send: async (m) => (mails.push(m.text), { accepted: true }) },
        { send: async (m) => (messages.push(m), { accepted: true }) },
      ).create(actor, body(zoneId))
    ).value;
    expect(res).to.include({ emailSent: true, whatsappSent: true });
    expect(mails).to.have.length(1);
    expect(mails[0]).to.contain(res.magicLink).and.contain('3 Mar 2026, 17:00 GMT-5');
    const [pass] = await db.dataSource.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1`, [actor.tenantId]);
    expect(messages).to.deep.equal([
      { tenantId: actor.tenantId, to: '+15550100123', text: `Vera, your visitor pass (valid until 3 Mar 2026, 17:00 GMT-5): ${res.magicLink}`, about: { purpose: 'VISITOR_PASS', id: pass.id } },
    ]);
  });

  it('publishes the pass and its grants after commit, with consecutive versions, and again on revocation', async () => {
    const { actor, zoneId } = await actorAndZone();
    const svc = service({ send: async () => ({ accepted: true }) }, { send: async () => ({ accepted: true }) });
    const res = (await svc.create(actor, body(zoneId))).value;
    await flush();
    const [pass]: Array<{ id: string }> = await db.dataSource.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1`, [actor.tenantId]);
    expect(published).to.deep.equal([
      { tenantId: actor.tenantId, version: 1, kind: 'visitor-pass', id: pass!.id, op: 'upsert' },
      { tenantId: actor.tenantId, version: 2, kind: 'grant', id: res.grants[0]!.id, op: 'upsert' },
    ]);
    expect(payloads[0]).to.deep.include({ kind: 'visitor-pass', grants: [{ id: res.grants[0]!.id, tenantId: actor.tenantId, userId: null, visitorPassId: pass!.id, zoneId, expiresAt: res.expiresAt }] });
    await svc.revoke(actor, res.inviteCode);
    await flush();
    expect(published.slice(2)).to.deep.equal([
      { tenantId: actor.tenantId, version: 3, kind: 'visitor-pass', id: pass!.id, op: 'upsert' },
      { tenantId: actor.tenantId, version: 4, kind: 'grant', id: res.grants[0]!.id, op: 'upsert' },
    ]);
    // What the daemons apply without reading the database: the pass revoked, its grants gone.
    expect(payloads[2]).to.deep.include({ kind: 'visitor-pass', grants: [] });
    expect(payloads[2]).to.have.nested.property('pass.revokedAt').that.is.a('string');
    expect(payloads[3]).to.deep.equal({ kind: 'grant', grant: null, user: null });
  });

  it('publishes the signing key the first redemption creates', async () => {
    const { actor, zoneId } = await actorAndZone();
    const svc = service({ send: async () => ({ accepted: true }) }, { send: async () => ({ accepted: true }) });
    const res = (await svc.create(actor, body(zoneId))).value;
    await svc.redeem(res.inviteCode);
    await flush();
    const [key]: Array<{ id: string }> = await db.dataSource.query(`SELECT id FROM access_signing_keys WHERE tenant_id = $1`, [actor.tenantId]);
    expect(published.at(-1)).to.deep.equal({ tenantId: actor.tenantId, version: 3, kind: 'signing-key', id: key!.id, op: 'upsert' });
  });
});
