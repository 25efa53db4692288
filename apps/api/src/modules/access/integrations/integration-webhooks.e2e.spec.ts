import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import type { Plan } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { FakeProviders } from '../../../test-support/fake-providers.js';
import { PROVIDERS, type Provider } from './providers.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const AT = '2026-01-05T08:30:00.000Z';

interface Connected {
  id: string;
  secret: string;
  /** external door id → door row id */
  doors: Map<string, string>;
}

interface EventOptions {
  granted?: boolean;
  eventId?: string;
  email?: string;
}

/** One door event in each provider's webhook format, as the adapters read it. */
function eventFor(provider: Provider, externalDoorId: string, o: EventOptions = {}): unknown {
  const granted = o.granted ?? true;
  const eventId = o.eventId ?? uuid();
  switch (provider) {
    case 'KISI':
      return {
        id: eventId,
        action: 'unlock',
        object_type: 'Lock',
        object_id: Number(externalDoorId),
        actor_id: 5,
        actor_email: o.email,
        success: granted,
        ...(granted ? {} : { message: 'Outside schedule' }),
        created_at: AT,
      };
    case 'BRIVO':
      return {
        eventId,
        occurred: AT,
        securityAction: { action: granted ? 'Access Granted' : 'Failed Access: Not Authorized', exception: !granted },
        eventObject: { id: Number(externalDoorId) },
        actor: { id: 5, email: o.email },
        credential: { id: 5 },
      };
    case 'OPENPATH':
      return { id: eventId, time: AT, result: granted ? 'granted' : 'denied', entry: { id: Number(externalDoorId) }, user: { id: 5, email: o.email } };
    case 'VERKADA':
      return {
        webhook_type: 'access',
        org_id: 'org-1',
        created_at: Date.parse(AT) / 1000,
        data: { event_id: eventId, event_type: granted ? 'door_granted' : 'door_rejected', door_id: externalDoorId, user_id: 5, user_email: o.email },
      };
  }
}

const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

describe('POST /access/webhooks/:integrationId (HTTP)', () => {
  let h: ApiHarness;
  let fake: FakeProviders;
  let tenantId: string;
  let admin: string;
  let lobby: string;

  before(async () => {
    fake = await FakeProviders.start();
    h = await ApiHarness.start(fake.apiEnv());
  });
  after(async () => {
    await fake.stop();
    await h.stop();
  });

  beforeEach(async () => {
    fake.reset();
    tenantId = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    admin = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'COMPANY_ADMIN' }));
    lobby = await zone(tenantId, 'Lobby');
  });

  async function zone(tenant: string, name: string): Promise<string> {
    const id = uuid();
    await h.ds.query(`INSERT INTO access_zones (id, tenant_id, name) VALUES ($1, $2, $3)`, [id, tenant, name]);
    return id;
  }

  /** Connects, syncs, and maps the provider's first door (by external id order) to `zoneId`. */
  async function connect(provider: Provider, token = admin, zoneId = lobby): Promise<Connected> {
    const created = await h.request('POST', '/access/integrations', { token, body: { provider, displayName: provider, config: fake.config(provider) } });
    const synced = await h.request('POST', `/access/integrations/${created.body.id}/sync-doors`, { token });
    const doors = new Map<string, string>(synced.body.doors.map((d: { externalId: string; id: string }) => [d.externalId, d.id]));
    const first = [...doors.keys()].sort()[0]!;
    const mapped = await h.request('POST', `/access/integrations/${created.body.id}/doors/${doors.get(first)}/map`, { token, body: { zoneId } });
    expect(mapped.status).to.equal(200);
    return { id: created.body.id, secret: created.body.webhookSecret, doors };
  }

  function deliver(integrationId: string, payload: unknown, signature: string | null, contentType = 'application/json') {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return h.request('POST', `/access/webhooks/${integrationId}`, {
      rawBody: raw,
      headers: { 'content-type': contentType, ...(signature === null ? {} : { 'x-signature': signature }) },
    });
  }

  const deliverSigned = (c: Connected, payload: unknown) => {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return deliver(c.id, raw, sign(c.secret, raw));
  };

  const auditRows = (): Promise<Array<Record<string, unknown>>> =>
    h.ds.query(
      `SELECT tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source FROM access_audit WHERE tenant_id = $1 ORDER BY occurred_at, reader_id`,
      [tenantId],
    );

  it('records events of mapped doors only, as audit rows of the door zone', async () => {
    const kisi = await connect('KISI');
    const user = await createUser(h.ds, tenantId, { email: 'ann@example.test' });
    const res = await deliverSigned(kisi, [
      eventFor('KISI', '201', { email: 'Ann@Example.TEST' }),
      eventFor('KISI', '202', { email: 'ann@example.test' }),
      eventFor('KISI', '201', { granted: false }),
    ]);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ received: true, recorded: 2 });
    const rows = await auditRows();
    expect(rows).to.have.length(2);
    const base = { tenant_id: tenantId, zone_id: lobby, visitor_pass_id: null, credential_id: '5', reader_id: `ext:${kisi.id}:201`, occurred_at: new Date(AT), source: 'INTEGRATION:KISI' };
    expect(rows).to.deep.include.members([
      { ...base, user_id: user.id, event_type: 'GRANTED', reason: null },
      { ...base, user_id: null, event_type: 'DENIED_NO_GRANT', reason: 'Outside schedule' },
    ]);
  });

  it('reads each provider format and labels the source with the provider', async () => {
    for (const provider of PROVIDERS) {
      const c = await connect(provider);
      const first = [...c.doors.keys()].sort()[0]!;
      const res = await deliverSigned(c, eventFor(provider, first, { granted: false }));
      expect(res.body, provider).to.deep.equal({ received: true, recorded: 1 });
    }
    const rows = await auditRows();
    expect(rows.map((r) => r.source).sort()).to.deep.equal(PROVIDERS.map((p) => `INTEGRATION:${p}`));
    expect(rows.every((r) => r.event_type === 'DENIED_NO_GRANT' && r.zone_id === lobby)).to.equal(true);
  });

  it('tells apart doors of two integrations of one provider that have the same door id', async () => {
    const hq = await connect('KISI');
    const annex = await connect('KISI', admin, await zone(tenantId, 'Annex'));
    await deliverSigned(hq, eventFor('KISI', '201'));
    await deliverSigned(annex, eventFor('KISI', '201'));
    const readers = (await auditRows()).map((r) => r.reader_id);
    expect(readers.sort()).to.deep.equal([`ext:${annex.id}:201`, `ext:${hq.id}:201`].sort());
  });

  it('does not tie an event to a user of another tenant with the same email', async () => {
    const kisi = await connect('KISI');
    const other = await createTenant(h.ds, { plan: 'GROWTH' });
    await createUser(h.ds, other.id, { email: 'bo@example.test' });
    await deliverSigned(kisi, eventFor('KISI', '201', { email: 'bo@example.test' }));
    const [row] = await auditRows();
    expect(row!.user_id).to.equal(null);
  });

  it('a redelivered event (same provider event id) is acknowledged but not recorded twice', async () => {
    const kisi = await connect('KISI');
    const payload = eventFor('KISI', '201', { eventId: 'evt-77' });
    expect((await deliverSigned(kisi, payload)).body).to.deep.equal({ received: true, recorded: 1 });
    const again = await deliverSigned(kisi, payload);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal({ received: true, recorded: 0 });
    expect(await auditRows()).to.have.length(1);
  });

  it('200 with nothing recorded when every event is dropped', async () => {
    const kisi = await connect('KISI');
    const payloads: unknown[] = [
      eventFor('KISI', '202'),
      eventFor('KISI', '999'),
      { id: 1, action: 'create', object_type: 'User', object_id: 3, success: true, created_at: AT },
      [],
      'not json at all',
      '',
    ];
    for (const payload of payloads) {
      const res = await deliverSigned(kisi, payload);
      expect(res.status, JSON.stringify(payload)).to.equal(200);
      expect(res.body).to.deep.equal({ received: true, recorded: 0 });
    }
    await h.ds.query(`UPDATE access_zones SET deleted_at = now() WHERE id = $1`, [lobby]);
    const deletedZone = await deliverSigned(kisi, eventFor('KISI', '201'));
    expect(deletedZone.body).to.deep.equal({ received: true, recorded: 0 });
    expect(await auditRows()).to.have.length(0);
  });

  it('verifies the signature over the exact bytes, whatever the content type', async () => {
    const kisi = await connect('KISI');
    const raw = `  ${JSON.stringify(eventFor('KISI', '201'))}\n`;
    const res = await deliver(kisi.id, raw, sign(kisi.secret, raw).toUpperCase(), 'text/plain');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ received: true, recorded: 1 });
  });

  it('401, and nothing recorded, for a missing or wrong signature, an unknown or malformed id', async () => {
    const kisi = await connect('KISI');
    const brivo = await connect('BRIVO');
    const raw = JSON.stringify(eventFor('KISI', '201'));
    const attempts: Array<[string, string | null]> = [
      [kisi.id, null],
      [kisi.id, ''],
      [kisi.id, 'deadbeef'],
      [kisi.id, sign(kisi.secret, `${raw} `)],
      [kisi.id, sign(brivo.secret, raw)],
      [kisi.id, `sha256=${sign(kisi.secret, raw)}`],
      [uuid(), sign(kisi.secret, raw)],
      ['not-an-id', sign(kisi.secret, raw)],
    ];
    for (const [id, signature] of attempts) {
      const res = await deliver(id, raw, signature);
      expect(res.status, `${id} ${signature}`).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    }
    expect(await auditRows()).to.have.length(0);
  });

  it('402 for a signed delivery to a tenant on FREE or BASIC; unsigned ones still get 401', async () => {
    const kisi = await connect('KISI');
    for (const plan of ['FREE', 'BASIC'] as Plan[]) {
      await h.ds.query(`UPDATE tenants SET plan = $2 WHERE id = $1`, [tenantId, plan]);
      const res = await deliverSigned(kisi, eventFor('KISI', '201'));
      expect(res.status, plan).to.equal(402);
      expect(res.body).to.deep.equal({ message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 });
      const unsigned = await deliver(kisi.id, eventFor('KISI', '201'), 'deadbeef');
      expect(unsigned.status).to.equal(401);
    }
    expect(await auditRows()).to.have.length(0);
  });

  it('a deleted integration no longer accepts deliveries', async () => {
    const kisi = await connect('KISI');
    await h.request('DELETE', `/access/integrations/${kisi.id}`, { token: admin });
    const res = await deliverSigned(kisi, eventFor('KISI', '201'));
    expect(res.status).to.equal(401);
  });

  // Last: it spends this address's whole budget on the route.
  it('is rate-limited per source address with the default limit', async () => {
    const kisi = await connect('KISI');
    const first = await deliverSigned(kisi, []);
    expect(first.status).to.equal(200);
    expect(first.headers.get('x-ratelimit-limit')).to.equal('120');
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    for (let i = 0; i < remaining; i++) await deliver(kisi.id, '[]', 'bad');
    const throttled = await deliverSigned(kisi, []);
    expect(throttled.status).to.equal(429);
    expect(throttled.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
    expect(throttled.headers.has('x-ratelimit-limit')).to.equal(false);
    expect(throttled.headers.has('x-ratelimit-remaining')).to.equal(false);
  });
});
