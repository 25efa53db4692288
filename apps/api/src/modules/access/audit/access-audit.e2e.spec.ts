import { expect } from 'chai';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets, insertAudit } from '../../../test-support/access-fixtures.js';

const AUDIT_KEYS = ['id', 'tenantId', 'userId', 'zoneId', 'credentialId', 'readerId', 'eventType', 'reason', 'occurredAt', 'source', 'user', 'zone'];
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

describe('access audit and who-where report (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { plan: 'GROWTH', timezone: 'America/New_York' }, tenantB: { plan: 'GROWTH' } });
  let token: string;
  let alice: { id: string; fullName: string };
  let bob: { id: string; fullName: string };

  beforeEach(async () => {
    token = await s.tokenAs('AREA_MANAGER');
    alice = await createUser(s.h.ds, s.tenantA, { fullName: 'Alice' });
    bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
  });

  async function createZone(name: string, outletId?: string): Promise<{ id: string; name: string }> {
    const res = await s.h.request('POST', '/access/zones', { token, body: { name, readerIds: [name], ...(outletId ? { outletId } : {}) } });
    expect(res.status).to.equal(201);
    return res.body;
  }

  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((r) => r.id);

  describe('GET /access/audit', () => {
    it('answers rows exactly as spec 02 shows them, newest first', async () => {
      const zone = await createZone('Front');
      const granted = await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: zone.id, occurredAt: '2026-01-05T10:00:00.000Z', credentialId: 'jwt-1', readerId: 'Front' });
      const unknown = await insertAudit(s.h.ds, s.tenantA, {
        eventType: 'UNKNOWN_READER',
        reason: 'Unknown reader',
        occurredAt: '2026-01-05T11:00:00.000Z',
        readerId: 'R-X',
        source: 'KIOSK',
      });
      await insertAudit(s.h.ds, s.tenantB, { occurredAt: '2026-01-05T12:00:00.000Z' });
      const res = await s.h.request('GET', '/access/audit', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        {
          id: unknown,
          tenantId: s.tenantA,
          userId: null,
          zoneId: null,
          credentialId: 'cred',
          readerId: 'R-X',
          eventType: 'UNKNOWN_READER',
          reason: 'Unknown reader',
          occurredAt: '2026-01-05T11:00:00.000Z',
          source: 'KIOSK',
          user: null,
          zone: null,
        },
        {
          id: granted,
          tenantId: s.tenantA,
          userId: alice.id,
          zoneId: zone.id,
          credentialId: 'jwt-1',
          readerId: 'Front',
          eventType: 'GRANTED',
          reason: null,
          occurredAt: '2026-01-05T10:00:00.000Z',
          source: 'BRIDGE_HTTP',
          user: { id: alice.id, fullName: 'Alice' },
          zone: { id: zone.id, name: 'Front' },
        },
      ]);
      expect(res.body[0]).to.have.all.keys(AUDIT_KEYS);
    });

    it('includes REVOKED rows written by the API and keeps names of removed users and deleted zones', async () => {
      const zone = await createZone('Gone');
      const g = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id } });
      await s.h.request('DELETE', `/access/zones/${zone.id}`, { token });
      await s.h.request('DELETE', `/users/${alice.id}`, { token: await s.tokenAs('TENANT_OWNER') });
      const res = await s.h.request('GET', '/access/audit', { token });
      expect(res.body).to.have.length(1);
      expect(res.body[0]).to.deep.include({
        eventType: 'REVOKED',
        credentialId: g.body.id,
        readerId: '',
        reason: 'Zone deleted',
        source: 'ZONE_DELETED',
        user: { id: alice.id, fullName: 'Alice' },
        zone: { id: zone.id, name: 'Gone' },
      });
    });

    it('filters by from and to (both inclusive), userId and zoneId', async () => {
      const front = await createZone('Front');
      const back = await createZone('Back');
      const r1 = await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: front.id, occurredAt: '2026-02-01T08:00:00Z' });
      const r2 = await insertAudit(s.h.ds, s.tenantA, { userId: bob.id, zoneId: front.id, occurredAt: '2026-02-02T08:00:00Z' });
      const r3 = await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: back.id, occurredAt: '2026-02-03T08:00:00Z' });
      expect(ids(await s.h.request('GET', '/access/audit?from=2026-02-02T08:00:00Z', { token }))).to.deep.equal([r3, r2]);
      expect(ids(await s.h.request('GET', '/access/audit?to=2026-02-02T08:00:00Z', { token }))).to.deep.equal([r2, r1]);
      expect(ids(await s.h.request('GET', '/access/audit?from=2026-02-01T09:00:00%2B01:00&to=2026-02-02T09:00:00Z', { token }))).to.deep.equal([r2, r1]);
      expect(ids(await s.h.request('GET', `/access/audit?userId=${alice.id}`, { token }))).to.deep.equal([r3, r1]);
      expect(ids(await s.h.request('GET', `/access/audit?zoneId=${front.id}&userId=${alice.id}`, { token }))).to.deep.equal([r1]);
    });

    it('returns 200 rows by default and clamps limit to 1…1000', async () => {
      await s.h.ds.query(
        `INSERT INTO access_audit (id, tenant_id, credential_id, reader_id, event_type, occurred_at, source)
         SELECT gen_random_uuid(), $1, 'c', 'r', 'UNKNOWN_READER', timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second', 'BRIDGE_HTTP'
           FROM generate_series(1, 1005) AS n`,
        [s.tenantA],
      );
      const byDefault = await s.h.request('GET', '/access/audit', { token });
      expect(byDefault.body).to.have.length(200);
      expect(byDefault.body[0].occurredAt).to.equal('2026-01-01T00:16:45.000Z');
      const times = byDefault.body.map((r: { occurredAt: string }) => r.occurredAt);
      expect(times).to.deep.equal([...times].sort().reverse());
      expect((await s.h.request('GET', '/access/audit?limit=5000', { token })).body).to.have.length(1000);
      expect((await s.h.request('GET', '/access/audit?limit=1000', { token })).body).to.have.length(1000);
      expect((await s.h.request('GET', '/access/audit?limit=7', { token })).body).to.have.length(7);
      expect((await s.h.request('GET', '/access/audit?limit=0', { token })).body).to.have.length(1);
    });

    it('rejects malformed filters, from after to and undeclared parameters', async () => {
      const bad = await s.h.request('GET', '/access/audit?from=yesterday&userId=1&zoneId=2&limit=many', { token });
      expect(bad.body).to.deep.equal(
        badRequest('from must be a valid ISO 8601 date string', 'userId must be a UUID', 'zoneId must be a UUID', 'limit must be an integer number'),
      );
      const order = await s.h.request('GET', '/access/audit?from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z', { token });
      expect(order.body).to.deep.equal(badRequest('to must not be before from'));
      expect((await s.h.request('GET', '/access/audit?offset=10', { token })).body).to.deep.equal(badRequest('property offset should not exist'));
    });

    it('shows an OUTLET_MANAGER the rows of zones of their outlets only', async () => {
      const mine = await createOutlet(s.h.ds, s.tenantA);
      const myZone = await createZone('Mine', mine.id);
      const otherZone = await createZone('Other', (await createOutlet(s.h.ds, s.tenantA)).id);
      const wide = await createZone('Wide');
      const seen = await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: myZone.id, occurredAt: '2026-01-01T00:00:00Z' });
      await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: otherZone.id, occurredAt: '2026-01-01T00:00:00Z' });
      await insertAudit(s.h.ds, s.tenantA, { userId: alice.id, zoneId: wide.id, occurredAt: '2026-01-01T00:00:00Z' });
      await insertAudit(s.h.ds, s.tenantA, { eventType: 'UNKNOWN_READER', occurredAt: '2026-01-01T00:00:00Z' });
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [mine.id]);
      const res = await s.h.request('GET', '/access/audit', { token: await s.h.tokenFor(manager) });
      expect(res.status).to.equal(200);
      expect(ids(res)).to.deep.equal([seen]);
      expect((await s.h.request('GET', '/access/audit', { token })).body).to.have.length(4);
    });

    it('is 401 without a token, 403 for STAFF, 402 on FREE and BASIC', async () => {
      expect((await s.h.request('GET', '/access/audit')).body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      expect((await s.h.request('GET', '/access/audit', { token: await s.tokenAs('STAFF') })).body).to.deep.equal(FORBIDDEN);
      for (const plan of ['FREE', 'BASIC'] as const) {
        const tenant = (await createTenant(s.h.ds, { plan })).id;
        expect((await s.h.request('GET', '/access/audit', { token: await s.tokenAs('OUTLET_MANAGER', tenant) })).status, plan).to.equal(402);
      }
    });
  });

  describe('GET /access/reports/who-where', () => {
    it("groups GRANTED taps per local day in the tenant's timezone, user and zone, across a daylight-saving change", async () => {
      const front = await createZone('Front');
      const back = await createZone('Back');
      const tap = (userId: string | null, zoneId: string, occurredAt: string, over: Record<string, unknown> = {}) =>
        insertAudit(s.h.ds, s.tenantA, { userId, zoneId, occurredAt, ...over });
      // 2026-03-07 23:30 EST, still the 7th in New York although the 8th in UTC.
      await tap(bob.id, front.id, '2026-03-08T04:30:00Z');
      // 2026-03-08 is 23 hours long in New York (clocks spring forward at 02:00).
      await tap(alice.id, front.id, '2026-03-08T05:10:00Z');
      await tap(alice.id, front.id, '2026-03-09T03:50:00Z');
      await tap(alice.id, front.id, '2026-03-08T15:00:00Z');
      await tap(alice.id, back.id, '2026-03-08T16:00:00Z');
      await tap(bob.id, back.id, '2026-03-08T17:00:00Z');
      await tap(alice.id, front.id, '2026-03-08T18:00:00Z', { eventType: 'DENIED_OUTSIDE_HOURS' });
      await tap(null, front.id, '2026-03-08T18:00:00Z', { visitorPassId: null });
      // 2026-03-09 00:10 EDT: the next local day.
      await tap(alice.id, front.id, '2026-03-09T04:10:00Z');
      await insertAudit(s.h.ds, s.tenantB, { userId: alice.id, zoneId: front.id, occurredAt: '2026-03-08T15:00:00Z' });

      const res = await s.h.request('GET', '/access/reports/who-where?from=2026-03-07&to=2026-03-08', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        { date: '2026-03-07', userId: bob.id, userName: 'Bob', zoneId: front.id, zoneName: 'Front', firstEntryAt: '2026-03-08T04:30:00.000Z', lastEntryAt: '2026-03-08T04:30:00.000Z', entries: 1 },
        { date: '2026-03-08', userId: alice.id, userName: 'Alice', zoneId: back.id, zoneName: 'Back', firstEntryAt: '2026-03-08T16:00:00.000Z', lastEntryAt: '2026-03-08T16:00:00.000Z', entries: 1 },
        { date: '2026-03-08', userId: alice.id, userName: 'Alice', zoneId: front.id, zoneName: 'Front', firstEntryAt: '2026-03-08T05:10:00.000Z', lastEntryAt: '2026-03-09T03:50:00.000Z', entries: 3 },
        { date: '2026-03-08', userId: bob.id, userName: 'Bob', zoneId: back.id, zoneName: 'Back', firstEntryAt: '2026-03-08T17:00:00.000Z', lastEntryAt: '2026-03-08T17:00:00.000Z', entries: 1 },
      ]);

      const alicesFront = await s.h.request('GET', `/access/reports/who-where?from=2026-03-08&to=2026-03-09&userId=${alice.id}&zoneId=${front.id}`, { token });
      expect(alicesFront.body.map((r: { date: string; entries: number }) => [r.date, r.entries])).to.deep.equal([
        ['2026-03-08', 3],
        ['2026-03-09', 1],
      ]);
    });

    it('validates the dates and the range (at most 92 days)', async () => {
      const missing = await s.h.request('GET', '/access/reports/who-where', { token });
      expect(missing.body).to.deep.equal(badRequest('from is required', 'to is required'));
      const bad = await s.h.request('GET', '/access/reports/who-where?from=2026-02-30&to=03/01/2026&zoneId=z', { token });
      expect(bad.body).to.deep.equal(badRequest('from must be a date in YYYY-MM-DD format', 'to must be a date in YYYY-MM-DD format', 'zoneId must be a UUID'));
      const order = await s.h.request('GET', '/access/reports/who-where?from=2026-03-02&to=2026-03-01', { token });
      expect(order.body).to.deep.equal(badRequest('to must not be before from'));
      const long = await s.h.request('GET', '/access/reports/who-where?from=2026-01-01&to=2026-04-03', { token });
      expect(long.body).to.deep.equal(badRequest('from and to must span at most 92 days'));
      expect((await s.h.request('GET', '/access/reports/who-where?from=2026-01-01&to=2026-04-02', { token })).status).to.equal(200);
      expect((await s.h.request('GET', '/access/reports/who-where?from=2026-01-01&to=2026-01-01&page=1', { token })).body).to.deep.equal(
        badRequest('property page should not exist'),
      );
    });

    it('is 401 without a token, 403 for OUTLET_MANAGER and STAFF, 402 on FREE', async () => {
      const path = '/access/reports/who-where?from=2026-01-01&to=2026-01-02';
      expect((await s.h.request('GET', path)).status).to.equal(401);
      expect((await s.h.request('GET', path, { token: await s.tokenAs('OUTLET_MANAGER') })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', path, { token: await s.tokenAs('STAFF') })).status).to.equal(403);
      const free = (await createTenant(s.h.ds, { plan: 'FREE' })).id;
      expect((await s.h.request('GET', path, { token: await s.tokenAs('TENANT_OWNER', free) })).status).to.equal(402);
    });
  });
});
