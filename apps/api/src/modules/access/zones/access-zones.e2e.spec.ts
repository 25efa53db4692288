import { expect } from 'chai';
import type { Plan } from '@wfm/core/tenancy';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets, insertAudit, insertReader, insertVisitorPass, recordAccessChanges } from '../../../test-support/access-fixtures.js';

const ZONE_KEYS = ['id', 'tenantId', 'outletId', 'name', 'description', 'readerIds', 'hoursJson', 'active', 'createdAt', 'updatedAt', 'deletedAt', 'outlet'];
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const ZONE_NOT_FOUND = { message: 'Zone not found', error: 'Not Found', statusCode: 404 };
const OUTLET_NOT_FOUND = { message: 'Outlet not found', error: 'Not Found', statusCode: 404 };
const MINUTE = 60_000;

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

function paymentRequired(plan: Plan) {
  return { message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 };
}

describe('access zones and readers (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { plan: 'GROWTH' } });
  let admin: { id: string; tenantId: string };
  let token: string;

  beforeEach(async () => {
    admin = await createUser(s.h.ds, s.tenantA, { role: 'COMPANY_ADMIN' });
    token = await s.h.tokenFor(admin);
  });

  async function createZone(body: Record<string, unknown>, as = token) {
    const res = await s.h.request('POST', '/access/zones', { token: as, body: { name: 'Zone', readerIds: [`R-${Math.random()}`], ...body } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }

  async function createGrant(userId: string, zoneId: string, expiresAt?: Date) {
    const res = await s.h.request('POST', '/access/grants', { token, body: { userId, zoneId, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }

  describe('POST /access/zones', () => {
    it('creates a zone and answers the zone record with its outlet', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA, { name: 'Soho', code: 'SOHO' });
      const hoursJson = { MON: [['08:00', '18:00']], FRI: [['22:00', '06:00']], SAT: [] };
      const res = await s.h.request('POST', '/access/zones', {
        token,
        body: { name: ' Front door ', outletId: outlet.id, readerIds: ['R-2', 'R-1'], hoursJson, description: 'Main entrance' },
      });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(ZONE_KEYS);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.include({
        tenantId: s.tenantA,
        outletId: outlet.id,
        name: 'Front door',
        description: 'Main entrance',
        readerIds: ['R-1', 'R-2'],
        hoursJson,
        active: true,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        outlet: { id: outlet.id, name: 'Soho', code: 'SOHO' },
      });
      const bindings = await s.h.ds.query(`SELECT reader_id FROM access_zone_readers WHERE zone_id = $1 ORDER BY reader_id`, [res.body.id]);
      expect(bindings.map((b: { reader_id: string }) => b.reader_id)).to.deep.equal(['R-1', 'R-2']);
    });

    it('creates a tenant-wide zone open 24/7 when outletId and hoursJson are omitted', async () => {
      const zone = await createZone({ name: 'Lobby', readerIds: ['L-1'] });
      expect(zone).to.deep.include({ outletId: null, outlet: null, hoursJson: null, description: null, readerIds: ['L-1'] });
    });

    it('accepts 24:00 as the end of a window', async () => {
      const zone = await createZone({ hoursJson: { SUN: [['18:00', '24:00']] } });
      expect(zone.hoursJson).to.deep.equal({ SUN: [['18:00', '24:00']] });
    });

    it('rejects missing fields, empty and duplicate readerIds and unknown properties', async () => {
      const empty = await s.h.request('POST', '/access/zones', { token, body: {} });
      expect(empty.status).to.equal(400);
      expect(empty.body).to.deep.equal(badRequest('name is required', 'readerIds is required'));
      const noReaders = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: [] } });
      expect(noReaders.body).to.deep.equal(badRequest('readerIds must contain at least 1 element'));
      const dup = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['A', 'A'] } });
      expect(dup.body).to.deep.equal(badRequest('readerIds must not contain duplicates'));
      const unknown = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['A'], floor: 2 } });
      expect(unknown.body).to.deep.equal(badRequest('property floor should not exist'));
      const long = await s.h.request('POST', '/access/zones', { token, body: { name: 'x'.repeat(121), readerIds: ['A'], outletId: 'nope' } });
      expect(long.body).to.deep.equal(badRequest('name must be at most 120 characters', 'outletId must be a UUID'));
      expect(await s.h.ds.query(`SELECT 1 FROM access_zones WHERE tenant_id = ANY($1)`, [s.tenants])).to.have.length(0);
    });

    it('reports hoursJson problems by day and window', async () => {
      const res = await s.h.request('POST', '/access/zones', {
        token,
        body: { name: 'Z', readerIds: ['A'], hoursJson: { FUN: [], MON: [['8:00', '25:00']], TUE: [['09:00', '09:00']], WED: 'all day', THU: [['09:00']] } },
      });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(
        badRequest(
          'hoursJson.FUN is not a day key (use MON, TUE, WED, THU, FRI, SAT, SUN)',
          'hoursJson.MON.0.0 must be a 24-hour HH:MM time',
          'hoursJson.MON.0.1 must be a 24-hour HH:MM time',
          'hoursJson.TUE.0 must not start and end at the same time',
          'hoursJson.WED must be an array of [start, end] windows',
          'hoursJson.THU.0 must be a [start, end] pair of HH:MM strings',
        ),
      );
      const notObject = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['A'], hoursJson: [] } });
      expect(notObject.body).to.deep.equal(badRequest('hoursJson must be an object'));
    });

    it("is 404 for an outlet of another tenant, as for one that does not exist", async () => {
      const foreign = await createOutlet(s.h.ds, s.tenantB);
      const res = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['A'], outletId: foreign.id } });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(OUTLET_NOT_FOUND);
    });

    it('is 409 when a reader is already bound to another live zone of the tenant', async () => {
      const first = await createZone({ name: 'Stock room', readerIds: ['R-9'] });
      const res = await s.h.request('POST', '/access/zones', { token, body: { name: 'Office', readerIds: ['R-8', 'R-9'] } });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({ message: `Reader R-9 is already bound to zone Stock room (${first.id})`, error: 'Conflict', statusCode: 409 });
      expect(await s.h.ds.query(`SELECT 1 FROM access_zones WHERE name = 'Office' AND tenant_id = ANY($1)`, [s.tenants])).to.have.length(0);
    });

    it('lets another tenant use the same reader id, and frees the reader ids of a deleted zone', async () => {
      const first = await createZone({ readerIds: ['R-1'] });
      const other = await s.h.request('POST', '/access/zones', { token: await s.tokenAs('TENANT_OWNER', s.tenantB), body: { name: 'B', readerIds: ['R-1'] } });
      expect(other.status).to.equal(201);
      expect((await s.h.request('DELETE', `/access/zones/${first.id}`, { token })).status).to.equal(200);
      const again = await s.h.request('POST', '/access/zones', { token, body: { name: 'Again', readerIds: ['R-1'] } });
      expect(again.status).to.equal(201);
    });

    it('is 401 without a token, 403 for a role that cannot manage zones, 402 on FREE and BASIC', async () => {
      const body = { name: 'Z', readerIds: ['A'] };
      const anon = await s.h.request('POST', '/access/zones', { body });
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      for (const role of ['OUTLET_MANAGER', 'OPERATIONS_MANAGER', 'STAFF'] as const) {
        const res = await s.h.request('POST', '/access/zones', { token: await s.tokenAs(role), body });
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
      for (const role of ['TENANT_OWNER', 'HR_MANAGER', 'AREA_MANAGER', 'TENANT_GROUP_OWNER'] as const) {
        const res = await s.h.request('POST', '/access/zones', { token: await s.tokenAs(role), body: { name: role, readerIds: [role] } });
        expect(res.status, role).to.equal(201);
      }
      for (const plan of ['FREE', 'BASIC'] as const) {
        const tenant = (await createTenant(s.h.ds, { plan })).id;
        for (const role of ['COMPANY_ADMIN', 'STAFF'] as const) {
          const res = await s.h.request('POST', '/access/zones', { token: await s.tokenAs(role, tenant), body });
          expect(res.status, `${plan} ${role}`).to.equal(402);
          expect(res.body).to.deep.equal(paymentRequired(plan));
        }
      }
    });

    it('publishes a zone change with the next version of the tenant', async () => {
      await createZone({ name: 'First' });
      const feed = await recordAccessChanges(s.h.bus);
      try {
        const zone = await createZone({ name: 'Second' });
        const [change] = await feed.settle();
        expect(feed.changes).to.have.length(1);
        expect(change).to.deep.equal({ tenantId: s.tenantA, version: 2, kind: 'zone', id: zone.id, op: 'upsert' });
      } finally {
        await feed.stop();
      }
    });
  });

  describe('GET /access/zones and /access/zones/:id', () => {
    it('lists live zones of the tenant by name, filtered by outlet', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA);
      const b = await createZone({ name: 'B', outletId: outlet.id });
      const a = await createZone({ name: 'A' });
      const gone = await createZone({ name: 'C' });
      await s.h.request('DELETE', `/access/zones/${gone.id}`, { token });
      await s.h.request('POST', '/access/zones', { token: await s.tokenAs('TENANT_OWNER', s.tenantB), body: { name: 'Other', readerIds: ['X'] } });
      const all = await s.h.request('GET', '/access/zones', { token });
      expect(all.status).to.equal(200);
      expect(all.body.map((z: { id: string }) => z.id)).to.deep.equal([a.id, b.id]);
      expect(all.body[1]).to.deep.equal(b);
      const byOutlet = await s.h.request('GET', `/access/zones?outletId=${outlet.id}`, { token });
      expect(byOutlet.body.map((z: { id: string }) => z.id)).to.deep.equal([b.id]);
    });

    it('rejects a malformed outletId and undeclared parameters', async () => {
      const bad = await s.h.request('GET', '/access/zones?outletId=x', { token });
      expect(bad.body).to.deep.equal(badRequest('outletId must be a UUID'));
      const extra = await s.h.request('GET', '/access/zones?page=2', { token });
      expect(extra.body).to.deep.equal(badRequest('property page should not exist'));
    });

    it('shows one zone with its reader bindings; 404 across tenants, for deleted zones and unknown ids', async () => {
      const zone = await createZone({ name: 'One', readerIds: ['B-2', 'B-1'] });
      const res = await s.h.request('GET', `/access/zones/${zone.id}`, { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ ...zone, readerIds: ['B-1', 'B-2'] });
      const foreign = await s.h.request('GET', `/access/zones/${zone.id}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.deep.equal(ZONE_NOT_FOUND);
      await s.h.request('DELETE', `/access/zones/${zone.id}`, { token });
      expect((await s.h.request('GET', `/access/zones/${zone.id}`, { token })).status).to.equal(404);
      const malformed = await s.h.request('GET', '/access/zones/nope', { token });
      expect(malformed.body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it("lets an OUTLET_MANAGER read only the zones of their own outlets", async () => {
      const mine = await createOutlet(s.h.ds, s.tenantA);
      const theirs = await createOutlet(s.h.ds, s.tenantA);
      const myZone = await createZone({ name: 'Mine', outletId: mine.id });
      const otherZone = await createZone({ name: 'Theirs', outletId: theirs.id });
      await createZone({ name: 'Tenant-wide' });
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [mine.id]);
      const managerToken = await s.h.tokenFor(manager);
      const list = await s.h.request('GET', '/access/zones', { token: managerToken });
      expect(list.status).to.equal(200);
      expect(list.body.map((z: { id: string }) => z.id)).to.deep.equal([myZone.id]);
      expect((await s.h.request('GET', `/access/zones/${myZone.id}`, { token: managerToken })).status).to.equal(200);
      const hidden = await s.h.request('GET', `/access/zones/${otherZone.id}`, { token: managerToken });
      expect(hidden.status).to.equal(404);
      const unassigned = await s.h.request('GET', '/access/zones', { token: await s.tokenAs('OUTLET_MANAGER') });
      expect(unassigned.body).to.deep.equal([]);
    });

    it('is 401 without a token, 403 for STAFF, 402 on FREE', async () => {
      expect((await s.h.request('GET', '/access/zones')).body).to.deep.equal(UNAUTHORIZED);
      const staff = await s.h.request('GET', '/access/zones', { token: await s.tokenAs('STAFF') });
      expect(staff.status).to.equal(403);
      const free = (await createTenant(s.h.ds, { plan: 'FREE' })).id;
      const res = await s.h.request('GET', `/access/zones/${admin.id}`, { token: await s.tokenAs('COMPANY_ADMIN', free) });
      expect(res.status).to.equal(402);
      expect(res.body).to.deep.equal(paymentRequired('FREE'));
    });

    it('allows 120 calls per 60 s per user, then 429 with Retry-After and no X-RateLimit headers', async () => {
      const first = await s.h.request('GET', '/access/zones', { token });
      expect(first.headers.get('x-ratelimit-limit')).to.equal('120');
      expect(first.headers.get('x-ratelimit-remaining')).to.equal('119');
      expect(first.headers.has('x-ratelimit-reset')).to.equal(true);
      for (let i = 1; i < 120; i++) await s.h.request('GET', '/access/zones', { token });
      const limited = await s.h.request('GET', '/access/zones', { token });
      expect(limited.status).to.equal(429);
      expect(limited.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 60);
      expect(limited.headers.has('x-ratelimit-limit')).to.equal(false);
      expect(limited.headers.has('x-ratelimit-remaining')).to.equal(false);
    });
  });

  describe('PATCH /access/zones/:id', () => {
    it('changes fields, replaces the reader bindings and clears with null', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA);
      const zone = await createZone({ name: 'Old', outletId: outlet.id, readerIds: ['P-1', 'P-2'], hoursJson: { MON: [['09:00', '17:00']] }, description: 'd' });
      s.h.clock.advance(MINUTE);
      const res = await s.h.request('PATCH', `/access/zones/${zone.id}`, {
        token,
        body: { name: 'New', readerIds: ['P-2', 'P-3'], hoursJson: null, active: false, outletId: null, description: null },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        ...zone,
        name: 'New',
        readerIds: ['P-2', 'P-3'],
        hoursJson: null,
        active: false,
        outletId: null,
        outlet: null,
        description: null,
        updatedAt: s.h.clock.now().toISOString(),
      });
      expect(await s.h.request('GET', `/access/zones/${zone.id}`, { token }).then((r) => r.body)).to.deep.equal(res.body);
      const freed = await s.h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['P-1'] } });
      expect(freed.status).to.equal(201);
    });

    it('sets hours and moves a zone to an outlet', async () => {
      const zone = await createZone({});
      const outlet = await createOutlet(s.h.ds, s.tenantA, { name: 'Camden', code: 'CAM' });
      const res = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { hoursJson: { SAT: [['10:00', '14:00']] }, outletId: outlet.id } });
      expect(res.body).to.deep.include({ hoursJson: { SAT: [['10:00', '14:00']] }, outletId: outlet.id, outlet: { id: outlet.id, name: 'Camden', code: 'CAM' } });
    });

    it('rejects an empty body, unknown properties and bad hours', async () => {
      const zone = await createZone({});
      const empty = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: {} });
      expect(empty.body).to.deep.equal(badRequest('body must contain at least one of: name, description, outletId, readerIds, hoursJson, active'));
      const unknown = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { tenantId: s.tenantB } });
      expect(unknown.body).to.deep.equal(
        badRequest('property tenantId should not exist', 'body must contain at least one of: name, description, outletId, readerIds, hoursJson, active'),
      );
      const hours = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { hoursJson: { MON: [['09:00', '9pm']] } } });
      expect(hours.body).to.deep.equal(badRequest('hoursJson.MON.0.1 must be a 24-hour HH:MM time'));
      const active = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { active: 'no' } });
      expect(active.body).to.deep.equal(badRequest('active must be a boolean'));
    });

    it('is 409 for a reader of another zone, 404 for another tenant’s zone or outlet, 403 for OUTLET_MANAGER', async () => {
      await createZone({ name: 'Holder', readerIds: ['H-1'] });
      const zone = await createZone({ readerIds: ['Z-1'] });
      const taken = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { readerIds: ['Z-1', 'H-1'] } });
      expect(taken.status).to.equal(409);
      expect(taken.body.message).to.match(/^Reader H-1 is already bound to zone Holder/);
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      const outlet = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { outletId: foreignOutlet.id } });
      expect(outlet.body).to.deep.equal(OUTLET_NOT_FOUND);
      const foreign = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB), body: { name: 'x' } });
      expect(foreign.status).to.equal(404);
      const role = await s.h.request('PATCH', `/access/zones/${zone.id}`, { token: await s.tokenAs('OUTLET_MANAGER'), body: { name: 'x' } });
      expect(role.status).to.equal(403);
      expect((await s.h.request('GET', `/access/zones/${zone.id}`, { token })).body.readerIds).to.deep.equal(['Z-1']);
    });
  });

  describe('DELETE /access/zones/:id', () => {
    it('soft-deletes the zone and revokes its active grants, user and visitor alike, with one REVOKED audit row each', async () => {
      const zone = await createZone({ name: 'Vault', readerIds: ['V-1'] });
      const keep = await createZone({ name: 'Keep' });
      const alice = await createUser(s.h.ds, s.tenantA, { fullName: 'Alice' });
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      const g1 = await createGrant(alice.id, zone.id);
      const g2 = await createGrant(bob.id, zone.id, new Date(s.h.clock.now().getTime() + 60 * MINUTE));
      const other = await createGrant(alice.id, keep.id);
      const lapsed = await createGrant((await createUser(s.h.ds, s.tenantA)).id, zone.id, new Date(s.h.clock.now().getTime() + MINUTE));
      const visitor = await insertVisitorPass(s.h.ds, s.tenantA, [zone.id], new Date(s.h.clock.now().getTime() + 120 * MINUTE));
      s.h.clock.advance(2 * MINUTE);
      const feed = await recordAccessChanges(s.h.bus);
      const res = await s.h.request('DELETE', `/access/zones/${zone.id}`, { token });
      await feed.settle();
      await feed.stop();
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, id: zone.id, revokedGrants: 3 });
      const now = s.h.clock.now();

      const [row] = await s.h.ds.query(`SELECT deleted_at FROM access_zones WHERE id = $1`, [zone.id]);
      expect(row.deleted_at.toISOString()).to.equal(now.toISOString());
      expect(await s.h.ds.query(`SELECT 1 FROM access_zone_readers WHERE zone_id = $1`, [zone.id])).to.have.length(0);

      const grants = await s.h.ds.query(`SELECT id, status, revoked_at, revoked_by_user_id, revoke_reason FROM access_grants WHERE zone_id = $1`, [zone.id]);
      const byId = new Map(grants.map((g: { id: string }) => [g.id, g]));
      for (const id of [g1.id, g2.id, visitor.grantIds[0]]) {
        expect(byId.get(id), id).to.deep.include({ status: 'REVOKED', revoked_by_user_id: admin.id, revoke_reason: 'Zone deleted' });
        expect((byId.get(id) as { revoked_at: Date }).revoked_at.toISOString()).to.equal(now.toISOString());
      }
      expect(byId.get(lapsed.id)).to.deep.include({ status: 'EXPIRED', revoked_at: null });
      const [kept] = await s.h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [other.id]);
      expect(kept.status).to.equal('ACTIVE');

      const audit = await s.h.ds.query(
        `SELECT tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source FROM access_audit WHERE tenant_id = ANY($1) ORDER BY credential_id`,
        [s.tenants],
      );
      const expected = [
        { user_id: alice.id, visitor_pass_id: null, credential_id: g1.id },
        { user_id: bob.id, visitor_pass_id: null, credential_id: g2.id },
        { user_id: null, visitor_pass_id: visitor.passId, credential_id: visitor.grantIds[0] },
      ].sort((x, y) => x.credential_id.localeCompare(y.credential_id));
      expect(audit).to.deep.equal(
        expected.map((e) => ({ tenant_id: s.tenantA, zone_id: zone.id, reader_id: '', event_type: 'REVOKED', reason: 'Zone deleted', occurred_at: now, source: 'ZONE_DELETED', ...e })),
      );

      expect(feed.changes[0]).to.deep.include({ tenantId: s.tenantA, kind: 'zone', id: zone.id, op: 'delete' });
      expect(feed.changes.slice(1).map((c) => c.kind)).to.deep.equal(['grant', 'grant', 'grant', 'grant']);
      expect(feed.changes.slice(1).map((c) => c.id).sort()).to.deep.equal([g1.id, g2.id, lapsed.id, visitor.grantIds[0]].sort());
      expect(feed.changes.map((c) => c.version - feed.changes[0]!.version)).to.deep.equal([0, 1, 2, 3, 4]);
    });

    it('is 404 twice, across tenants and for unknown ids; 403 for OUTLET_MANAGER', async () => {
      const zone = await createZone({});
      const foreign = await s.h.request('DELETE', `/access/zones/${zone.id}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.deep.equal(ZONE_NOT_FOUND);
      expect((await s.h.request('DELETE', `/access/zones/${zone.id}`, { token: await s.tokenAs('OUTLET_MANAGER') })).status).to.equal(403);
      expect((await s.h.request('DELETE', `/access/zones/${zone.id}`, { token })).status).to.equal(200);
      expect((await s.h.request('DELETE', `/access/zones/${zone.id}`, { token })).body).to.deep.equal(ZONE_NOT_FOUND);
    });
  });

  describe('every zone and reader route', () => {
    it('is 401 without a token, and 402 on FREE and BASIC before any role or validation check', async () => {
      const zone = await createZone({});
      const routes: Array<[string, string, unknown]> = [
        ['GET', '/access/zones', undefined],
        ['GET', `/access/zones/${zone.id}`, undefined],
        ['POST', '/access/zones', { name: 'Z', readerIds: ['A'] }],
        ['PATCH', `/access/zones/${zone.id}`, { name: 'Z' }],
        ['DELETE', `/access/zones/${zone.id}`, undefined],
        ['GET', '/access/readers', undefined],
        ['DELETE', '/access/readers/R-1', undefined],
      ];
      const free = (await createTenant(s.h.ds, { plan: 'FREE' })).id;
      const basic = (await createTenant(s.h.ds, { plan: 'BASIC' })).id;
      for (const [method, path, body] of routes) {
        const anon = await s.h.request(method, path, { body });
        expect(anon.body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
        const onFree = await s.h.request(method, path, { body: method === 'GET' ? undefined : { junk: true }, token: await s.tokenAs('STAFF', free) });
        expect(onFree.body, `${method} ${path}`).to.deep.equal(paymentRequired('FREE'));
        const onBasic = await s.h.request(method, path, { body, token: await s.tokenAs('COMPANY_ADMIN', basic) });
        expect(onBasic.status, `${method} ${path}`).to.equal(402);
      }
      expect((await s.h.request('GET', `/access/zones/${zone.id}`, { token })).status).to.equal(200);
    });
  });

  describe('GET /access/readers', () => {
    it('lists readers seen by heartbeats with their zone, online until 15 minutes without a heartbeat', async () => {
      const zone = await createZone({ name: 'Dock', readerIds: ['D-1'] });
      const now = s.h.clock.now().getTime();
      const fresh = await insertReader(s.h.ds, s.tenantA, 'D-1', new Date(now - 14 * MINUTE), { firmwareVersion: '2.1.0', ipAddress: '10.1.1.1' });
      const stale = await insertReader(s.h.ds, s.tenantA, 'A-0', new Date(now - 15 * MINUTE));
      await insertReader(s.h.ds, s.tenantB, 'B-1', new Date(now));
      const res = await s.h.request('GET', '/access/readers', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        {
          id: stale,
          readerId: 'A-0',
          firmwareVersion: '1.0.0',
          ipAddress: '10.0.0.1',
          firstSeenAt: new Date(now - 15 * MINUTE).toISOString(),
          lastSeenAt: new Date(now - 15 * MINUTE).toISOString(),
          online: false,
          zone: null,
        },
        {
          id: fresh,
          readerId: 'D-1',
          firmwareVersion: '2.1.0',
          ipAddress: '10.1.1.1',
          firstSeenAt: new Date(now - 14 * MINUTE).toISOString(),
          lastSeenAt: new Date(now - 14 * MINUTE).toISOString(),
          online: true,
          zone: { id: zone.id, name: 'Dock' },
        },
      ]);
      s.h.clock.advance(MINUTE);
      const later = await s.h.request('GET', '/access/readers', { token });
      expect(later.body.map((r: { online: boolean }) => r.online)).to.deep.equal([false, false]);
    });

    it('shows an OUTLET_MANAGER the readers of their outlets only; 403 for STAFF, 402 on BASIC, 401 without a token', async () => {
      const mine = await createOutlet(s.h.ds, s.tenantA);
      await createZone({ outletId: mine.id, readerIds: ['M-1'] });
      await createZone({ readerIds: ['T-1'] });
      await insertReader(s.h.ds, s.tenantA, 'M-1', s.h.clock.now());
      await insertReader(s.h.ds, s.tenantA, 'T-1', s.h.clock.now());
      await insertReader(s.h.ds, s.tenantA, 'U-1', s.h.clock.now());
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [mine.id]);
      const res = await s.h.request('GET', '/access/readers', { token: await s.h.tokenFor(manager) });
      expect(res.body.map((r: { readerId: string }) => r.readerId)).to.deep.equal(['M-1']);
      expect((await s.h.request('GET', '/access/readers', { token: await s.tokenAs('STAFF') })).status).to.equal(403);
      const basic = (await createTenant(s.h.ds, { plan: 'BASIC' })).id;
      expect((await s.h.request('GET', '/access/readers', { token: await s.tokenAs('COMPANY_ADMIN', basic) })).body).to.deep.equal(paymentRequired('BASIC'));
      expect((await s.h.request('GET', '/access/readers')).status).to.equal(401);
    });
  });

  describe('DELETE /access/readers/:readerId', () => {
    const remove = (readerId: string, as = token) => s.h.request('DELETE', `/access/readers/${encodeURIComponent(readerId)}`, { token: as });
    const listed = async () => (await s.h.request('GET', '/access/readers', { token })).body.map((r: { readerId: string }) => r.readerId);

    it('forgets a retired reader, freeing its place under the cap; its audit rows keep its id; 404 the second time and across tenants', async () => {
      await insertReader(s.h.ds, s.tenantA, 'OLD-1', s.h.clock.now());
      await insertReader(s.h.ds, s.tenantA, 'KEEP-1', s.h.clock.now());
      await insertReader(s.h.ds, s.tenantB, 'OLD-1', s.h.clock.now());
      const audit = await insertAudit(s.h.ds, s.tenantA, { readerId: 'OLD-1', eventType: 'GRANTED', occurredAt: s.h.clock.now() });
      const res = await remove('OLD-1');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, readerId: 'OLD-1' });
      expect(await listed()).to.deep.equal(['KEEP-1']);
      // The daemon's per-tenant cap counts these rows, so a new reader has a place again.
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM access_readers WHERE tenant_id = $1`, [s.tenantA]);
      expect(n).to.equal(1);
      expect((await s.h.ds.query(`SELECT reader_id FROM access_audit WHERE id = $1`, [audit]))[0].reader_id).to.equal('OLD-1');
      expect((await remove('OLD-1')).body).to.deep.equal({ message: 'Reader not found', error: 'Not Found', statusCode: 404 });
      const [{ theirs }] = await s.h.ds.query(`SELECT count(*)::int AS theirs FROM access_readers WHERE tenant_id = $1 AND reader_id = 'OLD-1'`, [s.tenantB]);
      expect(theirs).to.equal(1);
    });

    it('is 409 READER_IN_ZONE while a live zone uses the reader, and removes it once the zone is gone', async () => {
      const zone = await createZone({ name: 'Back door', readerIds: ['DOOR-9'] });
      await insertReader(s.h.ds, s.tenantA, 'DOOR-9', s.h.clock.now());
      expect((await remove('DOOR-9')).body).to.deep.equal({
        message: 'The reader is bound to the zone "Back door": take it out of the zone first',
        error: 'READER_IN_ZONE',
        statusCode: 409,
      });
      expect((await s.h.request('DELETE', `/access/zones/${zone.id}`, { token })).status).to.equal(200);
      expect((await remove('DOOR-9')).status).to.equal(200);
    });

    it('is 403 for roles that do not manage door access, 400 for an id with control characters or over 100 characters', async () => {
      await insertReader(s.h.ds, s.tenantA, 'R-7', s.h.clock.now());
      for (const role of ['OUTLET_MANAGER', 'OPERATIONS_MANAGER', 'STAFF'] as const) expect((await remove('R-7', await s.tokenAs(role))).body, role).to.deep.equal(FORBIDDEN);
      expect((await remove('R\u0001X')).body).to.deep.equal(badRequest('readerId must not contain control characters or invalid Unicode'));
      expect((await remove('R'.repeat(101))).status).to.equal(400);
      expect((await remove('R-7', await s.tokenAs('AREA_MANAGER'))).status).to.equal(200);
    });
  });
});
