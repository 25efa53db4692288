import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import type { Plan } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { insertVisitorPass, recordAccessChanges } from '../../../test-support/access-fixtures.js';

const GRANT_KEYS = ['id', 'tenantId', 'userId', 'userName', 'zoneId', 'zoneName', 'status', 'expiresAt', 'note', 'createdAt', 'updatedAt', 'revokedAt', 'revokeReason'];
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const GRANT_NOT_FOUND = { message: 'Grant not found', error: 'Not Found', statusCode: 404 };
const MINUTE = 60_000;

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

function paymentRequired(plan: Plan) {
  return { message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 };
}

describe('access grants (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { plan: 'GROWTH' }, tenantB: { plan: 'ENTERPRISE' } });
  let admin: { id: string; tenantId: string };
  let token: string;
  let alice: { id: string; fullName: string };
  let zone: { id: string; name: string };

  beforeEach(async () => {
    admin = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    token = await s.h.tokenFor(admin);
    alice = await createUser(s.h.ds, s.tenantA, { fullName: 'Alice' });
    zone = await createZone('Front');
  });

  const later = (minutes: number) => new Date(s.h.clock.now().getTime() + minutes * MINUTE);

  async function createZone(name: string, tenantId = s.tenantA): Promise<{ id: string; name: string }> {
    const as = tenantId === s.tenantA ? token : await s.tokenAs('TENANT_OWNER', tenantId);
    const res = await s.h.request('POST', '/access/zones', { token: as, body: { name, readerIds: [`${name}-${uuid()}`] } });
    expect(res.status).to.equal(201);
    return res.body;
  }

  async function grant(body: Record<string, unknown>) {
    const res = await s.h.request('POST', '/access/grants', { token, body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }

  async function auditRows() {
    return s.h.ds.query(
      `SELECT tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source FROM access_audit WHERE tenant_id = ANY($1) ORDER BY occurred_at, credential_id`,
        [s.tenants],
    );
  }

  describe('POST /access/grants', () => {
    it('grants a user a zone and answers the grant', async () => {
      const feed = await recordAccessChanges(s.h.bus);
      const expiresAt = later(60).toISOString();
      const res = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id, expiresAt, note: 'Night shift' } });
      await feed.stop();
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(GRANT_KEYS);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.equal({
        id: res.body.id,
        tenantId: s.tenantA,
        userId: alice.id,
        userName: 'Alice',
        zoneId: zone.id,
        zoneName: 'Front',
        status: 'ACTIVE',
        expiresAt,
        note: 'Night shift',
        createdAt: now,
        updatedAt: now,
        revokedAt: null,
        revokeReason: null,
      });
      const [row] = await s.h.ds.query(`SELECT status, created_by_user_id, visitor_pass_id FROM access_grants WHERE id = $1`, [res.body.id]);
      expect(row).to.deep.equal({ status: 'ACTIVE', created_by_user_id: admin.id, visitor_pass_id: null });
      expect(feed.changes).to.deep.equal([{ tenantId: s.tenantA, version: 2, kind: 'grant', id: res.body.id, op: 'upsert' }]);
    });

    it('grants without expiry when expiresAt is omitted', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      expect(g).to.deep.include({ expiresAt: null, note: null, status: 'ACTIVE' });
    });

    it('rejects a past or present expiresAt, bad formats, missing fields and unknown properties', async () => {
      const past = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id, expiresAt: later(-1).toISOString() } });
      expect(past.status).to.equal(400);
      expect(past.body).to.deep.equal(badRequest('expiresAt must be in the future'));
      const present = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id, expiresAt: s.h.clock.now().toISOString() } });
      expect(present.body).to.deep.equal(badRequest('expiresAt must be in the future'));
      const format = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id, expiresAt: 'tomorrow' } });
      expect(format.body).to.deep.equal(badRequest('expiresAt must be a valid ISO 8601 date string'));
      const missing = await s.h.request('POST', '/access/grants', { token, body: {} });
      expect(missing.body).to.deep.equal(badRequest('userId is required', 'zoneId is required'));
      const uuids = await s.h.request('POST', '/access/grants', { token, body: { userId: 'u', zoneId: 'z', note: 'n'.repeat(501) } });
      expect(uuids.body).to.deep.equal(badRequest('userId must be a UUID', 'zoneId must be a UUID', 'note must be at most 500 characters'));
      const unknown = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id, status: 'ACTIVE' } });
      expect(unknown.body).to.deep.equal(badRequest('property status should not exist'));
      expect(await s.h.ds.query(`SELECT 1 FROM access_grants WHERE tenant_id = ANY($1)`, [s.tenants])).to.have.length(0);
    });

    it('is 404 for a user or zone of another tenant, a removed user and a deleted zone', async () => {
      const foreignUser = await createUser(s.h.ds, s.tenantB);
      const foreignZone = await createZone('Foreign', s.tenantB);
      const u = await s.h.request('POST', '/access/grants', { token, body: { userId: foreignUser.id, zoneId: zone.id } });
      expect(u.status).to.equal(404);
      expect(u.body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
      const z = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: foreignZone.id } });
      expect(z.body).to.deep.equal({ message: 'Zone not found', error: 'Not Found', statusCode: 404 });
      const bob = await createUser(s.h.ds, s.tenantA);
      await s.h.request('DELETE', `/users/${bob.id}`, { token: await s.tokenAs('TENANT_OWNER') });
      expect((await s.h.request('POST', '/access/grants', { token, body: { userId: bob.id, zoneId: zone.id } })).status).to.equal(404);
      await s.h.request('DELETE', `/access/zones/${zone.id}`, { token });
      expect((await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id } })).body.message).to.equal('Zone not found');
    });

    it('is 409 while the user holds an active grant for the zone; a revoked or lapsed one does not block', async () => {
      const first = await grant({ userId: alice.id, zoneId: zone.id, expiresAt: later(5).toISOString() });
      const dup = await s.h.request('POST', '/access/grants', { token, body: { userId: alice.id, zoneId: zone.id } });
      expect(dup.status).to.equal(409);
      expect(dup.body).to.deep.equal({ message: 'This user already has an active grant for this zone', error: 'Conflict', statusCode: 409 });
      s.h.clock.advance(6 * MINUTE);
      const feed = await recordAccessChanges(s.h.bus);
      const second = await grant({ userId: alice.id, zoneId: zone.id });
      await feed.stop();
      const [old] = await s.h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [first.id]);
      expect(old.status).to.equal('EXPIRED');
      expect(feed.changes.map((c) => c.id)).to.deep.equal([first.id, second.id]);
      await s.h.request('POST', `/access/grants/${second.id}/revoke`, { token });
      await grant({ userId: alice.id, zoneId: zone.id });
    });

    it('is 401 without a token, 403 for roles that do not manage access, 402 on FREE and BASIC', async () => {
      const body = { userId: alice.id, zoneId: zone.id };
      expect((await s.h.request('POST', '/access/grants', { body })).body).to.deep.equal(UNAUTHORIZED);
      for (const role of ['OUTLET_MANAGER', 'OPERATIONS_MANAGER', 'STAFF'] as const) {
        const res = await s.h.request('POST', '/access/grants', { token: await s.tokenAs(role), body });
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
      for (const plan of ['FREE', 'BASIC'] as const) {
        const tenant = (await createTenant(s.h.ds, { plan })).id;
        const res = await s.h.request('POST', '/access/grants', { token: await s.tokenAs('TENANT_OWNER', tenant), body });
        expect(res.status).to.equal(402);
        expect(res.body).to.deep.equal(paymentRequired(plan));
      }
    });
  });

  describe('POST /access/grants/bulk', () => {
    it('grants every user every zone in one go, skipping pairs that already have an active grant', async () => {
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      const back = await createZone('Back');
      const existing = await grant({ userId: bob.id, zoneId: back.id });
      const expiresAt = later(90).toISOString();
      const feed = await recordAccessChanges(s.h.bus);
      const res = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [alice.id, bob.id], zoneIds: [zone.id, back.id], expiresAt, note: 'Audit week' } });
      await feed.stop();
      expect(res.status).to.equal(201);
      expect(res.body.created).to.equal(3);
      expect(res.body.skipped).to.equal(1);
      expect(res.body.grants.map((g: { userName: string; zoneName: string }) => `${g.userName}/${g.zoneName}`)).to.deep.equal(['Alice/Front', 'Alice/Back', 'Bob/Front']);
      const now = s.h.clock.now().toISOString();
      for (const g of res.body.grants) {
        expect(g).to.have.all.keys(GRANT_KEYS);
        expect(g).to.deep.include({ tenantId: s.tenantA, status: 'ACTIVE', expiresAt, note: 'Audit week', createdAt: now, updatedAt: now, revokedAt: null, revokeReason: null });
      }
      const listed = await s.h.request('GET', `/access/grants?userId=${alice.id}`, { token });
      expect(listed.body.map((g: { id: string }) => g.id).sort()).to.deep.equal([res.body.grants[0].id, res.body.grants[1].id].sort());
      expect(listed.body.find((g: { id: string }) => g.id === res.body.grants[0].id)).to.deep.equal(res.body.grants[0]);
      const [kept] = await s.h.ds.query(`SELECT expires_at FROM access_grants WHERE id = $1`, [existing.id]);
      expect(kept.expires_at).to.equal(null);
      expect(feed.changes.map((c) => c.id)).to.deep.equal(res.body.grants.map((g: { id: string }) => g.id));
      expect(feed.changes.map((c) => c.version)).to.deep.equal([4, 5, 6]);
    });

    it('writes nothing and names the first unknown user or zone (404)', async () => {
      const foreign = await createUser(s.h.ds, s.tenantB);
      const res = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [alice.id, foreign.id], zoneIds: [zone.id] } });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: `User ${foreign.id} not found`, error: 'Not Found', statusCode: 404 });
      const missingZone = uuid();
      const z = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [alice.id], zoneIds: [zone.id, missingZone] } });
      expect(z.body.message).to.equal(`Zone ${missingZone} not found`);
      expect(await s.h.ds.query(`SELECT 1 FROM access_grants WHERE tenant_id = ANY($1)`, [s.tenants])).to.have.length(0);
    });

    it('validates the lists, their product and expiresAt', async () => {
      const empty = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [], zoneIds: [] } });
      expect(empty.body).to.deep.equal(badRequest('userIds must contain at least 1 element', 'zoneIds must contain at least 1 element'));
      const dup = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [alice.id, alice.id], zoneIds: [zone.id] } });
      expect(dup.body).to.deep.equal(badRequest('userIds must not contain duplicates'));
      const many = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: Array.from({ length: 501 }, () => uuid()), zoneIds: [zone.id] } });
      expect(many.body).to.deep.equal(badRequest('userIds must contain at most 500 elements'));
      const product = await s.h.request('POST', '/access/grants/bulk', {
        token,
        body: { userIds: Array.from({ length: 101 }, () => uuid()), zoneIds: Array.from({ length: 100 }, () => uuid()) },
      });
      expect(product.body).to.deep.equal(badRequest('body must not ask for more than 10000 grants (userIds × zoneIds)'));
      const bad = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: ['x'], zoneIds: [zone.id], extra: 1 } });
      expect(bad.body).to.deep.equal(badRequest('userIds.0 must be a UUID', 'property extra should not exist'));
      const past = await s.h.request('POST', '/access/grants/bulk', { token, body: { userIds: [alice.id], zoneIds: [zone.id], expiresAt: later(-5).toISOString() } });
      expect(past.body).to.deep.equal(badRequest('expiresAt must be in the future'));
    });

    it('is 401 without a token, 403 for OUTLET_MANAGER, 402 on FREE', async () => {
      const body = { userIds: [alice.id], zoneIds: [zone.id] };
      expect((await s.h.request('POST', '/access/grants/bulk', { body })).status).to.equal(401);
      expect((await s.h.request('POST', '/access/grants/bulk', { token: await s.tokenAs('OUTLET_MANAGER'), body })).body).to.deep.equal(FORBIDDEN);
      const free = (await createTenant(s.h.ds, { plan: 'FREE' })).id;
      expect((await s.h.request('POST', '/access/grants/bulk', { token: await s.tokenAs('COMPANY_ADMIN', free), body })).status).to.equal(402);
    });
  });

  describe('GET /access/grants and /access/users/:userId/grants', () => {
    it('lists user grants newest first with filters, showing a lapsed grant as EXPIRED', async () => {
      const back = await createZone('Back');
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      const g1 = await grant({ userId: alice.id, zoneId: zone.id, expiresAt: later(1).toISOString() });
      s.h.clock.advance(1000);
      const g2 = await grant({ userId: alice.id, zoneId: back.id });
      s.h.clock.advance(1000);
      const g3 = await grant({ userId: bob.id, zoneId: zone.id });
      await s.h.request('POST', `/access/grants/${g3.id}/revoke`, { token, body: { reason: 'Left' } });
      await insertVisitorPass(s.h.ds, s.tenantA, [zone.id], later(60));
      const oldest = await grant({ userId: (await createUser(s.h.ds, s.tenantA)).id, zoneId: zone.id });
      await s.h.ds.query(`UPDATE access_grants SET created_at = created_at - interval '1 day' WHERE id = $1`, [oldest.id]);
      s.h.clock.advance(2 * MINUTE);
      const ids = (res: { body: Array<{ id: string }> }) => res.body.map((g) => g.id);

      const all = await s.h.request('GET', '/access/grants', { token });
      expect(all.status).to.equal(200);
      expect(ids(all)).to.deep.equal([g3.id, g2.id, g1.id, oldest.id]);
      expect(all.body[2]).to.deep.include({ status: 'EXPIRED' });
      const [stored] = await s.h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [g1.id]);
      expect(stored.status).to.equal('ACTIVE');
      expect(all.body[0]).to.deep.include({ status: 'REVOKED', revokeReason: 'Left', userName: 'Bob' });

      expect(ids(await s.h.request('GET', `/access/grants?userId=${alice.id}`, { token }))).to.deep.equal([g2.id, g1.id]);
      expect(ids(await s.h.request('GET', `/access/grants?zoneId=${zone.id}&userId=${bob.id}`, { token }))).to.deep.equal([g3.id]);
      expect(ids(await s.h.request('GET', `/access/grants?status=EXPIRED`, { token }))).to.deep.equal([g1.id]);
      expect(ids(await s.h.request('GET', `/access/grants?status=ACTIVE&zoneId=${back.id}`, { token }))).to.deep.equal([g2.id]);
      expect(ids(await s.h.request('GET', `/access/grants?limit=2&offset=1`, { token }))).to.deep.equal([g2.id, g1.id]);
      expect(ids(await s.h.request('GET', `/access/grants?limit=0`, { token }))).to.deep.equal([g3.id]);
      const other = await s.h.request('GET', '/access/grants', { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(other.body).to.deep.equal([]);

      const mine = await s.h.request('GET', `/access/users/${alice.id}/grants`, { token });
      expect(mine.status).to.equal(200);
      expect(mine.body).to.deep.equal(all.body.filter((g: { userId: string }) => g.userId === alice.id));
    });

    it('validates the filters and rejects undeclared parameters', async () => {
      const res = await s.h.request('GET', '/access/grants?status=OPEN&userId=x&limit=ten', { token });
      expect(res.body).to.deep.equal(badRequest('userId must be a UUID', 'status must be one of the following values: ACTIVE, REVOKED, EXPIRED', 'limit must be an integer number'));
      expect((await s.h.request('GET', '/access/grants?page=1', { token })).body).to.deep.equal(badRequest('property page should not exist'));
      expect((await s.h.request('GET', '/access/users/nope/grants', { token })).body).to.deep.equal(badRequest('userId must be a UUID'));
    });

    it("is 404 for another tenant's user, 401 without a token, 403 for OUTLET_MANAGER, 402 on BASIC", async () => {
      const foreign = await createUser(s.h.ds, s.tenantB);
      const res = await s.h.request('GET', `/access/users/${foreign.id}/grants`, { token });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
      expect((await s.h.request('GET', '/access/grants')).status).to.equal(401);
      expect((await s.h.request('GET', `/access/users/${alice.id}/grants`)).status).to.equal(401);
      expect((await s.h.request('GET', '/access/grants', { token: await s.tokenAs('OUTLET_MANAGER') })).status).to.equal(403);
      expect((await s.h.request('GET', `/access/users/${alice.id}/grants`, { token: await s.tokenAs('STAFF') })).status).to.equal(403);
      const basic = (await createTenant(s.h.ds, { plan: 'BASIC' })).id;
      const basicToken = await s.tokenAs('COMPANY_ADMIN', basic);
      expect((await s.h.request('GET', '/access/grants', { token: basicToken })).body).to.deep.equal(paymentRequired('BASIC'));
      expect((await s.h.request('GET', `/access/users/${alice.id}/grants`, { token: basicToken })).status).to.equal(402);
    });
  });

  describe('POST /access/grants/:id/revoke', () => {
    it('revokes an active grant with a reason and writes a REVOKED audit row', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      s.h.clock.advance(MINUTE);
      const feed = await recordAccessChanges(s.h.bus);
      const res = await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token, body: { reason: 'Lost phone' } });
      await feed.stop();
      expect(res.status).to.equal(200);
      const now = s.h.clock.now();
      expect(res.body).to.deep.equal({ ...g, status: 'REVOKED', revokedAt: now.toISOString(), revokeReason: 'Lost phone', updatedAt: now.toISOString() });
      const [row] = await s.h.ds.query(`SELECT revoked_by_user_id FROM access_grants WHERE id = $1`, [g.id]);
      expect(row.revoked_by_user_id).to.equal(admin.id);
      expect(await auditRows()).to.deep.equal([
        { tenant_id: s.tenantA, user_id: alice.id, zone_id: zone.id, visitor_pass_id: null, credential_id: g.id, reader_id: '', event_type: 'REVOKED', reason: 'Lost phone', occurred_at: now, source: 'ADMIN' },
      ]);
      expect(feed.changes).to.deep.equal([{ tenantId: s.tenantA, version: 3, kind: 'grant', id: g.id, op: 'upsert' }]);
    });

    it('needs no body; the audit reason is then null', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      const res = await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token });
      expect(res.status).to.equal(200);
      expect(res.body.revokeReason).to.equal(null);
      expect((await auditRows())[0]).to.deep.include({ reason: null, source: 'ADMIN' });
    });

    it('is 409 for a grant that is no longer active (revoked, or lapsed)', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id, expiresAt: later(1).toISOString() });
      await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token });
      const again = await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ message: 'Only an ACTIVE grant can be revoked; this grant is REVOKED', error: 'Conflict', statusCode: 409 });
      const lapsing = await grant({ userId: alice.id, zoneId: zone.id, expiresAt: later(1).toISOString() });
      s.h.clock.advance(2 * MINUTE);
      const lapsed = await s.h.request('POST', `/access/grants/${lapsing.id}/revoke`, { token });
      expect(lapsed.body.message).to.equal('Only an ACTIVE grant can be revoked; this grant is EXPIRED');
      expect(await auditRows()).to.have.length(1);
    });

    it('validates the reason, and is 404 across tenants and for visitor grants', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      const long = await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token, body: { reason: 'r'.repeat(501), why: 1 } });
      expect(long.body).to.deep.equal(badRequest('reason must be at most 500 characters', 'property why should not exist'));
      const foreign = await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.deep.equal(GRANT_NOT_FOUND);
      const visitor = await insertVisitorPass(s.h.ds, s.tenantA, [zone.id], later(60));
      expect((await s.h.request('POST', `/access/grants/${visitor.grantIds[0]}/revoke`, { token })).body).to.deep.equal(GRANT_NOT_FOUND);
      expect((await s.h.request('POST', '/access/grants/x/revoke', { token })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('is 401 without a token, 403 for STAFF, 402 on FREE', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      expect((await s.h.request('POST', `/access/grants/${g.id}/revoke`)).status).to.equal(401);
      expect((await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token: await s.tokenAs('STAFF') })).status).to.equal(403);
      const free = (await createTenant(s.h.ds, { plan: 'FREE' })).id;
      expect((await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token: await s.tokenAs('COMPANY_ADMIN', free) })).status).to.equal(402);
    });
  });

  describe('DELETE /access/grants/:id', () => {
    it('deletes the row; an active grant first gets its REVOKED audit row', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      const feed = await recordAccessChanges(s.h.bus);
      const res = await s.h.request('DELETE', `/access/grants/${g.id}`, { token });
      await feed.stop();
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, id: g.id });
      expect(await s.h.ds.query(`SELECT 1 FROM access_grants WHERE id = $1`, [g.id])).to.have.length(0);
      expect(await auditRows()).to.deep.equal([
        { tenant_id: s.tenantA, user_id: alice.id, zone_id: zone.id, visitor_pass_id: null, credential_id: g.id, reader_id: '', event_type: 'REVOKED', reason: 'Grant deleted', occurred_at: s.h.clock.now(), source: 'ADMIN' },
      ]);
      expect(feed.changes).to.deep.equal([{ tenantId: s.tenantA, version: 3, kind: 'grant', id: g.id, op: 'delete' }]);
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`, { token })).body).to.deep.equal(GRANT_NOT_FOUND);
    });

    it('writes no second audit row for a grant already revoked', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      await s.h.request('POST', `/access/grants/${g.id}/revoke`, { token });
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`, { token })).status).to.equal(200);
      expect(await auditRows()).to.have.length(1);
    });

    it('is 404 across tenants, 400 for a malformed id, 401, 403 and 402 as every access route', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) })).body).to.deep.equal(GRANT_NOT_FOUND);
      expect((await s.h.request('DELETE', '/access/grants/1', { token })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`)).status).to.equal(401);
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`, { token: await s.tokenAs('OUTLET_MANAGER') })).status).to.equal(403);
      const basic = (await createTenant(s.h.ds, { plan: 'BASIC' })).id;
      expect((await s.h.request('DELETE', `/access/grants/${g.id}`, { token: await s.tokenAs('TENANT_OWNER', basic) })).status).to.equal(402);
      expect(await s.h.ds.query(`SELECT 1 FROM access_grants WHERE id = $1`, [g.id])).to.have.length(1);
    });
  });

  describe('DELETE /users/:id', () => {
    it("revokes the removed user's active grants with REVOKED audit rows and tells the daemons", async () => {
      const back = await createZone('Back');
      const side = await createZone('Side');
      const g1 = await grant({ userId: alice.id, zoneId: zone.id });
      const g2 = await grant({ userId: alice.id, zoneId: back.id, expiresAt: later(30).toISOString() });
      const lapsed = await grant({ userId: alice.id, zoneId: side.id, expiresAt: later(1).toISOString() });
      const bob = await createUser(s.h.ds, s.tenantA);
      const bobs = await grant({ userId: bob.id, zoneId: zone.id });
      s.h.clock.advance(2 * MINUTE);
      const owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
      const feed = await recordAccessChanges(s.h.bus);
      const res = await s.h.request('DELETE', `/users/${alice.id}`, { token: await s.h.tokenFor(owner) });
      await feed.stop();
      expect(res.status).to.equal(200);
      const now = s.h.clock.now();

      const rows = await s.h.ds.query(`SELECT id, status, revoked_by_user_id, revoke_reason FROM access_grants WHERE tenant_id = ANY($1) ORDER BY id`, [s.tenants]);
      const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
      expect(byId.get(g1.id)).to.deep.include({ status: 'REVOKED', revoked_by_user_id: owner.id, revoke_reason: 'User removed' });
      expect(byId.get(g2.id)).to.deep.include({ status: 'REVOKED', revoked_by_user_id: owner.id, revoke_reason: 'User removed' });
      expect(byId.get(lapsed.id)).to.deep.include({ status: 'EXPIRED', revoked_by_user_id: null });
      expect(byId.get(bobs.id)).to.deep.include({ status: 'ACTIVE' });

      const audit = await auditRows();
      const expected = [g1, g2]
        .map((g) => ({ tenant_id: s.tenantA, user_id: alice.id, zone_id: g.zoneId, visitor_pass_id: null, credential_id: g.id, reader_id: '', event_type: 'REVOKED', reason: 'User removed', occurred_at: now, source: 'USER_REMOVED' }))
        .sort((x, y) => x.credential_id.localeCompare(y.credential_id));
      expect(audit).to.deep.equal(expected);

      const grantChanges = feed.changes.filter((c) => c.kind === 'grant');
      expect(grantChanges.map((c) => c.id).sort()).to.deep.equal([g1.id, g2.id, lapsed.id].sort());
      expect(feed.changes.at(-1)).to.deep.include({ tenantId: s.tenantA, kind: 'user', id: alice.id, op: 'delete' });
      expect(feed.changes.map((c) => c.version - feed.changes[0]!.version)).to.deep.equal([0, 1, 2, 3]);
    });

    it('leaves everything as it was when the removal is refused', async () => {
      const g = await grant({ userId: alice.id, zoneId: zone.id });
      const owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
      const refused = await s.h.request('DELETE', `/users/${owner.id}`, { token: await s.tokenAs('HR_MANAGER') });
      expect(refused.status).to.equal(403);
      const [row] = await s.h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [g.id]);
      expect(row.status).to.equal('ACTIVE');
      expect(await auditRows()).to.have.length(0);
    });
  });
});
