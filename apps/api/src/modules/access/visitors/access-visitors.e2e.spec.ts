import { createPublicKey, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import type { Plan, Role } from '@wfm/core/tenancy';
import { SecretHasher, uuid } from '@wfm/core/crypto';
import { CREDENTIAL_LIFETIME_SECONDS, verifyCredential } from '@wfm/access/credential';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_JWT_SECRET, type HttpResult } from '../../../test-support/harness.js';

const APP_URL = 'https://app.example.test';
const DAY = 86_400_000;
const CODE_FORMAT = /^[A-Za-z0-9_-]{32}$/;
const NOT_FOUND_INVITE = { message: 'Invite not found or expired', error: 'Not Found', statusCode: 404 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

/** Redeem is limited per source address; each test speaks from its own, through a trusted proxy header. */
let address = 0;
const freshIp = () => `198.18.0.${++address}`;

describe('visitor passes /access/visitors (spec 02)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: `${APP_URL}/` });
  });
  after(async () => h.stop());

  async function signIn(role: Role = 'HR_MANAGER', plan: Plan = 'GROWTH') {
    const tenant = await createTenant(h.ds, { plan, timezone: 'Europe/London' });
    const user = await createUser(h.ds, tenant.id, { role });
    return { tenant, user, token: await h.tokenFor(user) };
  }

  async function zone(tenantId: string, name: string, over: { deleted?: boolean } = {}): Promise<string> {
    const id = uuid();
    await h.ds.query(`INSERT INTO access_zones (id, tenant_id, name, deleted_at) VALUES ($1, $2, $3, $4)`, [id, tenantId, name, over.deleted ? new Date() : null]);
    return id;
  }

  const inDays = (days: number) => new Date(h.clock.now().getTime() + days * DAY).toISOString();
  const createPass = (token: string, body: Record<string, unknown>) => h.request('POST', '/access/visitors', { token, body });
  const redeem = (code: string, ip = freshIp()) => h.request('POST', `/access/visitors/${code}/redeem`, { headers: { 'x-forwarded-for': ip } });
  const feedVersion = async (tenantId: string): Promise<number> => {
    const rows: Array<{ version: string }> = await h.ds.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
    return rows.length ? Number(rows[0]!.version) : 0;
  };
  const publicKeys = async (tenantId: string) => {
    const rows: Array<{ id: string; public_key: string }> = await h.ds.query(`SELECT id, public_key FROM access_signing_keys WHERE tenant_id = $1`, [tenantId]);
    const keys = new Map<string, KeyObject>(rows.map((r) => [r.id, createPublicKey(r.public_key)]));
    return (kid: string) => keys.get(kid);
  };

  async function setup(role: Role = 'HR_MANAGER') {
    const s = await signIn(role);
    const lobby = await zone(s.tenant.id, 'Lobby');
    const office = await zone(s.tenant.id, 'Office');
    return { ...s, lobby, office };
  }

  describe('POST /access/visitors', () => {
    it('201 with exactly {inviteCode, magicLink, expiresAt, emailSent, whatsappSent, grants}; one ACTIVE grant per zone, no user', async () => {
      const { tenant, user, token, lobby, office } = await setup();
      const expiresAt = inDays(2);
      const res = await createPass(token, { name: 'Vera Visitor', zoneIds: [office, lobby], expiresAt });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('inviteCode', 'magicLink', 'expiresAt', 'emailSent', 'whatsappSent', 'grants');
      const { inviteCode } = res.body;
      expect(inviteCode).to.match(CODE_FORMAT);
      expect(res.body).to.deep.include({ magicLink: `${APP_URL}/visit/${inviteCode}`, expiresAt, emailSent: false, whatsappSent: false });
      expect(res.body.grants).to.have.length(2);
      expect(res.body.grants.map((g: Record<string, unknown>) => ({ ...g, id: undefined }))).to.deep.equal([
        { id: undefined, zoneId: office, zoneName: 'Office', status: 'ACTIVE' },
        { id: undefined, zoneId: lobby, zoneName: 'Lobby', status: 'ACTIVE' },
      ]);

      const [pass]: Array<Record<string, unknown>> = await h.ds.query(`SELECT * FROM access_visitor_passes WHERE tenant_id = $1`, [tenant.id]);
      expect(pass).to.include({ visitor_name: 'Vera Visitor', email: null, phone: null, invite_code_prefix: inviteCode.slice(0, 6), created_by_user_id: user.id });
      expect(pass!.invite_code_hash).to.equal(new SecretHasher(TEST_JWT_SECRET).hash(inviteCode));
      expect(JSON.stringify(pass)).to.not.contain(inviteCode);
      const grants: Array<Record<string, unknown>> = await h.ds.query(
        `SELECT id, user_id, visitor_pass_id, zone_id, status, expires_at FROM access_grants WHERE tenant_id = $1 ORDER BY zone_id`,
        [tenant.id],
      );
      expect(grants).to.have.length(2);
      for (const g of grants) {
        expect(g).to.include({ user_id: null, visitor_pass_id: pass!.id, status: 'ACTIVE' });
        expect((g.expires_at as Date).toISOString()).to.equal(expiresAt);
        expect(res.body.grants.map((x: { id: string }) => x.id)).to.include(g.id);
      }
      // One change for the pass and one per grant.
      expect(await feedVersion(tenant.id)).to.equal(3);
    });

    it('without a mail server or messaging provider, writes the mail to the mail drop and logs the message, and says neither was sent (emailSent and whatsappSent false)', async () => {
      const { tenant, token, lobby } = await setup();
      const res = await createPass(token, { name: 'Vera', zoneIds: [lobby], expiresAt: inDays(1), email: 'Vera@Example.TEST', phone: '+44 7700 900123' });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ emailSent: false, whatsappSent: false });
      const mail: Array<{ to_address: string; template: string }> = await h.ds.query(`SELECT to_address, template FROM mail_outbox WHERE tenant_id = $1`, [tenant.id]);
      expect(mail).to.deep.equal([{ to_address: 'vera@example.test', template: 'access_visitor_pass' }]);
      const [sent] = await h.mailsTo('vera@example.test', tenant.id);
      expect(sent!.text).to.contain(res.body.magicLink);
      const [pass]: Array<{ email: string; phone: string }> = await h.ds.query(`SELECT email, phone FROM access_visitor_passes WHERE tenant_id = $1`, [tenant.id]);
      expect(pass).to.deep.equal({ email: 'vera@example.test', phone: '+447700900123' });
    });

    it('accepts an expiry exactly 90 days ahead', async () => {
      const { token, lobby } = await setup();
      expect((await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(90) })).status).to.equal(201);
    });

    const valid = (lobby: string) => ({ name: 'V', zoneIds: [lobby], expiresAt: inDays(1) });
    for (const [label, patch, messages] of [
      ['name missing', { name: undefined }, ['name is required']],
      ['name blank', { name: '  ' }, ['name must be at least 1 characters']],
      ['name too long', { name: 'x'.repeat(121) }, ['name must be at most 120 characters']],
      ['zoneIds missing', { zoneIds: undefined }, ['zoneIds is required']],
      ['zoneIds empty', { zoneIds: [] }, ['zoneIds must contain at least 1 element']],
      ['zoneIds too many', { zoneIds: Array.from({ length: 51 }, () => uuid()) }, ['zoneIds must contain at most 50 elements']],
      ['a zoneId not a UUID', { zoneIds: ['lobby'] }, ['zoneIds.0 must be a UUID']],
      ['expiresAt missing', { expiresAt: undefined }, ['expiresAt is required']],
      ['expiresAt not ISO 8601', { expiresAt: 'tomorrow' }, ['expiresAt must be a valid ISO 8601 date string']],
      ['email invalid', { email: 'not-an-email' }, ['email must be an email']],
      ['phone invalid', { phone: 'call me' }, ['phone must be a valid mobile number']],
      ['unknown property', { note: 'x' }, ['property note should not exist']],
    ] as const) {
      it(`400 when ${label}`, async () => {
        const { token, lobby } = await setup();
        const res = await createPass(token, { ...valid(lobby), ...patch });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
      });
    }

    it('400 when zoneIds repeat a zone', async () => {
      const { token, lobby } = await setup();
      const res = await createPass(token, { ...valid(lobby), zoneIds: [lobby, lobby.toUpperCase()] });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.deep.equal(['zoneIds must not contain duplicates']);
    });

    for (const [label, expiresAt, message] of [
      ['in the past', () => inDays(-1), 'expiresAt must be in the future'],
      ['now', () => h.clock.now().toISOString(), 'expiresAt must be in the future'],
      ['more than 90 days ahead', () => new Date(h.clock.now().getTime() + 90 * DAY + 1000).toISOString(), 'expiresAt must be at most 90 days ahead'],
    ] as const) {
      it(`400 when expiresAt is ${label}`, async () => {
        const { token, lobby } = await setup();
        const res = await createPass(token, { ...valid(lobby), expiresAt: expiresAt() });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: [message], error: 'Bad Request', statusCode: 400 });
      });
    }

    for (const [label, zoneOf] of [
      ['unknown', async () => uuid()],
      ["another tenant's", async () => zone((await createTenant(h.ds)).id, 'Elsewhere')],
      ['deleted', async (tenantId: string) => zone(tenantId, 'Gone', { deleted: true })],
    ] as const) {
      it(`404 for a ${label} zone, and nothing is stored`, async () => {
        const { tenant, token, lobby } = await setup();
        const res = await createPass(token, { ...valid(lobby), zoneIds: [lobby, await zoneOf(tenant.id)] });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ message: 'Zone not found', error: 'Not Found', statusCode: 404 });
        expect(await h.ds.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1`, [tenant.id])).to.have.length(0);
        expect(await h.ds.query(`SELECT id FROM access_grants WHERE tenant_id = $1`, [tenant.id])).to.have.length(0);
      });
    }
  });

  describe('GET /access/visitors', () => {
    it('lists active passes newest first, without the code; revoked and expired passes are left out', async () => {
      const { tenant, token, lobby, office } = await setup();
      const old = (await createPass(token, { name: 'Old', zoneIds: [lobby], expiresAt: inDays(1), email: 'old@example.test' })).body;
      h.clock.advance(1000);
      const fresh = (await createPass(token, { name: 'Fresh', zoneIds: [office, lobby], expiresAt: inDays(5), phone: '+44 7700 900123' })).body;
      h.clock.advance(1000);
      const revoked = (await createPass(token, { name: 'Revoked', zoneIds: [lobby], expiresAt: inDays(5) })).body;
      await h.request('DELETE', `/access/visitors/${revoked.inviteCode}`, { token });
      const soon = (await createPass(token, { name: 'Soon expired', zoneIds: [lobby], expiresAt: new Date(h.clock.now().getTime() + 60_000).toISOString() })).body;
      const other = await setup();
      await createPass(other.token, { name: 'Other tenant', zoneIds: [other.lobby], expiresAt: inDays(1) });
      h.clock.advance(60_000);

      const res = await h.request('GET', '/access/visitors', { token });
      expect(res.status).to.equal(200);
      const ids: Array<{ id: string; created_at: Date; visitor_name: string }> = await h.ds.query(
        `SELECT id, created_at, visitor_name FROM access_visitor_passes WHERE tenant_id = $1`,
        [tenant.id],
      );
      const idOf = (name: string) => ids.find((p) => p.visitor_name === name)!.id;
      const createdOf = (name: string) => ids.find((p) => p.visitor_name === name)!.created_at.toISOString();
      expect(res.body).to.deep.equal([
        {
          id: idOf('Fresh'),
          name: 'Fresh',
          email: null,
          phone: '+447700900123',
          inviteCodePrefix: fresh.inviteCode.slice(0, 6),
          expiresAt: fresh.expiresAt,
          createdAt: createdOf('Fresh'),
          lastRedeemedAt: null,
          grants: [...fresh.grants].sort((a: { zoneName: string }, b: { zoneName: string }) => a.zoneName.localeCompare(b.zoneName)),
          // No messaging provider in this harness: the phone's message was only logged.
          whatsappDelivery: null,
        },
        {
          id: idOf('Old'),
          name: 'Old',
          email: 'old@example.test',
          phone: null,
          inviteCodePrefix: old.inviteCode.slice(0, 6),
          expiresAt: old.expiresAt,
          createdAt: createdOf('Old'),
          lastRedeemedAt: null,
          grants: old.grants,
          whatsappDelivery: null,
        },
      ]);
      const text = JSON.stringify(res.body);
      for (const code of [old.inviteCode, fresh.inviteCode, revoked.inviteCode, soon.inviteCode]) expect(text).to.not.contain(code);
    });
  });

  describe('DELETE /access/visitors/:inviteCode', () => {
    it('revokes by invite code: 200 {revoked, id}; every grant REVOKED with one REVOKED audit row each (source VISITOR_REVOKED)', async () => {
      const { tenant, user, token, lobby, office } = await setup();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby, office], expiresAt: inDays(1) })).body;
      const [{ id }]: Array<{ id: string }> = await h.ds.query(`SELECT id FROM access_visitor_passes WHERE tenant_id = $1`, [tenant.id]);
      const version = await feedVersion(tenant.id);
      h.clock.advance(5000);

      const res = await h.request('DELETE', `/access/visitors/${pass.inviteCode}`, { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ revoked: true, id });
      const now = h.clock.now().toISOString();
      const [stored]: Array<{ revoked_at: Date }> = await h.ds.query(`SELECT revoked_at FROM access_visitor_passes WHERE id = $1`, [id]);
      expect(stored!.revoked_at.toISOString()).to.equal(now);
      const grants: Array<{ id: string; status: string; revoked_by_user_id: string; revoked_at: Date }> = await h.ds.query(
        `SELECT id, status, revoked_by_user_id, revoked_at FROM access_grants WHERE visitor_pass_id = $1`,
        [id],
      );
      expect(grants.map((g) => [g.status, g.revoked_by_user_id, g.revoked_at.toISOString()])).to.deep.equal([
        ['REVOKED', user.id, now],
        ['REVOKED', user.id, now],
      ]);
      const audit: Array<Record<string, unknown>> = await h.ds.query(
        `SELECT user_id, zone_id, visitor_pass_id, credential_id, event_type, source, occurred_at FROM access_audit WHERE tenant_id = $1 ORDER BY zone_id`,
        [tenant.id],
      );
      expect(audit).to.have.length(2);
      for (const row of audit) {
        expect(row).to.include({ user_id: null, visitor_pass_id: id, event_type: 'REVOKED', source: 'VISITOR_REVOKED' });
        expect((row.occurred_at as Date).toISOString()).to.equal(now);
        expect(grants.map((g) => g.id)).to.include(row.credential_id);
      }
      expect(audit.map((r) => r.zone_id).sort()).to.deep.equal([lobby, office].sort());
      // The pass and both grants changed.
      expect(await feedVersion(tenant.id)).to.equal(version + 3);
      // Revoked is gone: a second revocation finds nothing.
      const again = await h.request('DELETE', `/access/visitors/${pass.inviteCode}`, { token });
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal({ message: 'Visitor pass not found', error: 'Not Found', statusCode: 404 });
    });

    it('revokes by pass id too, so an admin can revoke from the list', async () => {
      const { token, lobby } = await setup();
      await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(1) });
      const [listed] = (await h.request('GET', '/access/visitors', { token })).body;
      const res = await h.request('DELETE', `/access/visitors/${listed.id}`, { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ revoked: true, id: listed.id });
      expect((await h.request('GET', '/access/visitors', { token })).body).to.deep.equal([]);
    });

    it("404 for another tenant's pass, by code or by id, which stays valid", async () => {
      const other = await setup();
      const pass = (await createPass(other.token, { name: 'V', zoneIds: [other.lobby], expiresAt: inDays(1) })).body;
      const [{ id }] = (await h.request('GET', '/access/visitors', { token: other.token })).body;
      const { token } = await setup();
      for (const ref of [pass.inviteCode, id]) {
        const res = await h.request('DELETE', `/access/visitors/${ref}`, { token });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ message: 'Visitor pass not found', error: 'Not Found', statusCode: 404 });
      }
      expect((await redeem(pass.inviteCode)).status).to.equal(201);
    });

    it('404 for an unknown code', async () => {
      const { token } = await setup();
      expect((await h.request('DELETE', '/access/visitors/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { token })).status).to.equal(404);
    });
  });

  describe('POST /access/visitors/:inviteCode/redeem', () => {
    it("201 {credentialId, expiresAt, zones, visitorName}: a visitor credential for the pass's zones, signed with the tenant key", async () => {
      const { tenant, token, lobby, office } = await setup();
      const pass = (await createPass(token, { name: 'Vera Visitor', zoneIds: [office, lobby], expiresAt: inDays(3) })).body;
      const [{ id }] = (await h.request('GET', '/access/visitors', { token })).body;
      h.clock.advance(60_000);

      const res = await redeem(pass.inviteCode);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('credentialId', 'expiresAt', 'zones', 'visitorName');
      const iat = Math.floor(h.clock.now().getTime() / 1000);
      expect(res.body).to.deep.include({
        visitorName: 'Vera Visitor',
        expiresAt: new Date((iat + CREDENTIAL_LIFETIME_SECONDS) * 1000).toISOString(),
        zones: [
          { id: lobby, name: 'Lobby' },
          { id: office, name: 'Office' },
        ],
      });
      const claims = verifyCredential(res.body.credentialId, await publicKeys(tenant.id), h.clock.now(), tenant.id);
      expect(claims).to.deep.include({ sub: id, tid: tenant.id, typ: 'visitor', iat, exp: iat + CREDENTIAL_LIFETIME_SECONDS });
      expect(claims!.typ === 'visitor' && [...claims!.zones].sort()).to.deep.equal([lobby, office].sort());
      const [stored]: Array<{ last_redeemed_at: Date }> = await h.ds.query(`SELECT last_redeemed_at FROM access_visitor_passes WHERE id = $1`, [id]);
      expect(stored!.last_redeemed_at.toISOString()).to.equal(h.clock.now().toISOString());
    });

    it('ends with the pass when it expires within 24 hours (JWT times are whole seconds)', async () => {
      const { tenant, token, lobby } = await setup();
      const expiresAt = new Date(Math.floor(h.clock.now().getTime() / 1000) * 1000 + 2 * 3600_000).toISOString();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt })).body;
      const res = await redeem(pass.inviteCode);
      expect(res.body.expiresAt).to.equal(expiresAt);
      const lookup = await publicKeys(tenant.id);
      expect(verifyCredential(res.body.credentialId, lookup, new Date(Date.parse(expiresAt) - 1000))).to.not.equal(null);
      expect(verifyCredential(res.body.credentialId, lookup, new Date(expiresAt))).to.equal(null);
    });

    it('may be redeemed again (a lost phone): each time a new credential, zones of deleted zones left out', async () => {
      const { token, lobby, office } = await setup();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby, office], expiresAt: inDays(3) })).body;
      const first = await redeem(pass.inviteCode);
      await h.ds.query(`UPDATE access_zones SET deleted_at = now() WHERE id = $1`, [office]);
      h.clock.advance(1000);
      const second = await redeem(pass.inviteCode);
      expect(second.status).to.equal(201);
      expect(second.body.credentialId).to.not.equal(first.body.credentialId);
      expect(second.body.zones).to.deep.equal([{ id: lobby, name: 'Lobby' }]);
    });

    it('404 "Invite not found or expired" for an unknown, a revoked and an expired code alike', async () => {
      const { token, lobby } = await setup();
      const revoked = (await createPass(token, { name: 'R', zoneIds: [lobby], expiresAt: inDays(1) })).body;
      await h.request('DELETE', `/access/visitors/${revoked.inviteCode}`, { token });
      const expiring = (await createPass(token, { name: 'E', zoneIds: [lobby], expiresAt: new Date(h.clock.now().getTime() + 60_000).toISOString() })).body;
      expect((await redeem(expiring.inviteCode)).status).to.equal(201);
      h.clock.advance(60_000);
      for (const code of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x', revoked.inviteCode, expiring.inviteCode]) {
        const res = await redeem(code);
        expect(res.status, code).to.equal(404);
        expect(res.body).to.deep.equal(NOT_FOUND_INVITE);
      }
    });

    it('402 when the tenant of the invite is downgraded to BASIC (or FREE)', async () => {
      const { tenant, token, lobby } = await setup();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(1) })).body;
      for (const plan of ['BASIC', 'FREE']) {
        await h.ds.query(`UPDATE tenants SET plan = $2 WHERE id = $1`, [tenant.id, plan]);
        const res = await redeem(pass.inviteCode);
        expect(res.status).to.equal(402);
        expect(res.body).to.deep.equal({
          message: 'Access control is not included in the plan of the workspace that issued this invite',
          error: 'Payment Required',
          statusCode: 402,
        });
      }
      await h.ds.query(`UPDATE tenants SET plan = 'GROWTH' WHERE id = $1`, [tenant.id]);
      expect((await redeem(pass.inviteCode)).status).to.equal(201);
    });

    it('needs no authentication', async () => {
      const { token, lobby } = await setup();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(1) })).body;
      const res = await h.request('POST', `/access/visitors/${pass.inviteCode}/redeem`, { headers: { 'x-forwarded-for': freshIp(), authorization: 'Bearer garbage' } });
      expect(res.status).to.equal(201);
    });

    it('allows 5 calls per 5 minutes per address, then 429 with Retry-After; other addresses are unaffected', async () => {
      const { token, lobby } = await setup();
      const pass = (await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(1) })).body;
      const ip = freshIp();
      for (let i = 1; i <= 5; i++) {
        const res: HttpResult = await redeem(i % 2 ? pass.inviteCode : 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ip);
        expect(res.status, `call ${i}`).to.be.oneOf([201, 404]);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('5');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(5 - i));
        expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.within(1, 300);
      }
      const sixth = await redeem(pass.inviteCode, ip);
      expect(sixth.status).to.equal(429);
      expect(sixth.body).to.deep.equal(THROTTLED);
      expect(Number(sixth.headers.get('retry-after'))).to.be.within(1, 300);
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(sixth.headers.has(name)).to.equal(false);
      expect((await redeem(pass.inviteCode)).status).to.equal(201);
    });
  });

  describe('authentication, roles and plan', () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/access/visitors'],
      ['POST', '/access/visitors', { name: 'V', zoneIds: [someId], expiresAt: '2099-01-01T00:00:00Z' }],
      ['DELETE', `/access/visitors/${someId}`],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} ${path}: 401 without a token`, async () => {
        const res = await h.request(method, path, { body });
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      });
      for (const role of ['OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        it(`${method} ${path}: 403 for ${role}`, async () => {
          const res = await h.request(method, path, { body, token: (await signIn(role)).token });
          expect(res.status).to.equal(403);
          expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
        });
      }
      for (const plan of ['FREE', 'BASIC'] as const) {
        it(`${method} ${path}: 402 on the ${plan} plan`, async () => {
          const res = await h.request(method, path, { body, token: (await signIn('TENANT_OWNER', plan)).token });
          expect(res.status).to.equal(402);
          expect(res.body).to.deep.equal({ message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 });
        });
      }
    }

    for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'AREA_MANAGER', 'TENANT_GROUP_OWNER'] as const) {
      it(`${role} manages visitor passes`, async () => {
        const { token, lobby } = await setup(role);
        const pass = await createPass(token, { name: 'V', zoneIds: [lobby], expiresAt: inDays(1) });
        expect(pass.status).to.equal(201);
        expect((await h.request('GET', '/access/visitors', { token })).body).to.have.length(1);
        expect((await h.request('DELETE', `/access/visitors/${pass.body.inviteCode}`, { token })).status).to.equal(200);
      });
    }

    it('JWT routes carry the default rate-limit headers', async () => {
      const res = await h.request('GET', '/access/visitors', { token: (await signIn()).token });
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
    });
  });
});
