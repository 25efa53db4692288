import { expect } from 'chai';
import { ScryptPasswordHasher } from '@wfm/core/crypto';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'User not found', error: 'Not Found', statusCode: 404 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const EMAIL_CONFLICT = { message: 'A user with this email already exists', error: 'Conflict', statusCode: 409 };
const MOBILE_CONFLICT = { message: 'A user with this mobile number already exists', error: 'Conflict', statusCode: 409 };
const ROLES_MESSAGE =
  'role must be one of the following values: TENANT_GROUP_OWNER, TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER, AREA_MANAGER, OPERATIONS_MANAGER, OUTLET_MANAGER, STAFF';
const USER_DTO_KEYS = ['id', 'tenantId', 'fullName', 'email', 'mobile', 'role', 'status', 'employeeCode', 'createdAt', 'updatedAt'];

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

function forbidden(message: string) {
  return { message, error: 'Forbidden', statusCode: 403 };
}

describe('users (HTTP)', () => {
  const s = twoTenantSuite();
  let owner: CreatedUser;
  let admin: CreatedUser;
  let staff: CreatedUser;
  let otherTenantUser: CreatedUser;
  let ownerToken: string;
  let adminToken: string;
  let staffToken: string;

  beforeEach(async () => {
    owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    admin = await createUser(s.h.ds, s.tenantA, { role: 'COMPANY_ADMIN' });
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    otherTenantUser = await createUser(s.h.ds, s.tenantB, { role: 'STAFF', email: 'shared@example.test', mobile: '+447700900999' });
    [ownerToken, adminToken, staffToken] = await Promise.all([s.h.tokenFor(owner), s.h.tokenFor(admin), s.h.tokenFor(staff)]);
  });

  function events(): Promise<Array<{ type: string; tenantId: string; payload: Record<string, unknown> }>> {
    return s.h.ds.query(`SELECT type, tenant_id AS "tenantId", payload FROM domain_events WHERE tenant_id = ANY($1) ORDER BY occurred_at, id`, [s.tenants]);
  }

  async function inviteCount(userId: string): Promise<number> {
    const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM one_time_tokens WHERE user_id = $1 AND purpose = 'INVITE'`, [userId]);
    return row.n;
  }

  describe('POST /users', () => {
    const post = (body: unknown, token = adminToken) => s.h.request('POST', '/users', { body, token });

    it('creates a user with normalised email and mobile and answers 201 with the DTO', async () => {
      const res = await post({ fullName: 'Ana Silva', email: '  Ana.Silva@Example.COM ', mobile: '+44 7700 900123', role: 'STAFF', employeeCode: 'E-17' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(USER_DTO_KEYS);
      expect(res.body).to.include({
        tenantId: s.tenantA,
        fullName: 'Ana Silva',
        email: 'ana.silva@example.com',
        mobile: '+447700900123',
        role: 'STAFF',
        status: 'ACTIVE',
        employeeCode: 'E-17',
        createdAt: s.h.clock.now().toISOString(),
        updatedAt: s.h.clock.now().toISOString(),
      });
      const get = await s.h.request('GET', `/users/${res.body.id}`, { token: adminToken });
      expect(get.body).to.deep.equal(res.body);
    });

    it('records exactly one user.created with tenantId, userId, email and fullName', async () => {
      const res = await post({ fullName: 'Ana Silva', email: 'ana@example.com', role: 'STAFF' });
      expect(res.status).to.equal(201);
      expect(await events()).to.deep.equal([
        { type: 'user.created', tenantId: s.tenantA, payload: { tenantId: s.tenantA, userId: res.body.id, email: 'ana@example.com', fullName: 'Ana Silva' } },
      ]);
    });

    it('sends an empty email in user.created for a user with only a mobile number', async () => {
      const res = await post({ fullName: 'Mo Bile', mobile: '+44 7700 900125', role: 'STAFF' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.email).to.equal(null);
      const [event] = await events();
      expect(event?.payload).to.deep.equal({ tenantId: s.tenantA, userId: res.body.id, email: '', fullName: 'Mo Bile' });
    });

    it('invites a user with an email and no password', async () => {
      const res = await post({ fullName: 'Ana Silva', email: 'ana@example.com', role: 'STAFF' });
      expect(await inviteCount(res.body.id)).to.equal(1);
    });

    it('invites nobody when a password is given, a mobile-only person by text message (issue 33), and stores only a hash of the password', async () => {
      const withPassword = await post({ fullName: 'Pat Word', email: 'pat@example.com', role: 'STAFF', password: 'Long-enough-1' });
      const mobileOnly = await post({ fullName: 'Mo Bile', mobile: '+447700900124', role: 'STAFF' });
      expect(await inviteCount(withPassword.body.id)).to.equal(0);
      expect(await inviteCount(mobileOnly.body.id)).to.equal(1);
      expect(withPassword.body).to.not.have.any.keys('password', 'passwordHash');
      const [row] = await s.h.ds.query(`SELECT password_hash FROM users WHERE id = $1`, [withPassword.body.id]);
      expect(row.password_hash).to.not.include('Long-enough-1');
      expect(await new ScryptPasswordHasher().verify('Long-enough-1', row.password_hash)).to.equal(true);
    });

    it('rejects each invalid field with a message naming it', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{ email: 'a@example.com', role: 'STAFF' }, ['fullName is required']],
        [{ fullName: '', email: 'a@example.com', role: 'STAFF' }, ['fullName must be at least 1 characters']],
        [{ fullName: 'x'.repeat(201), email: 'a@example.com', role: 'STAFF' }, ['fullName must be at most 200 characters']],
        [{ fullName: 'No Contact', role: 'STAFF' }, ['email or mobile is required']],
        [{ fullName: 'Bad Email', email: 'not-an-email', role: 'STAFF' }, ['email must be an email']],
        [{ fullName: 'Bad Mobile', mobile: '12ab', role: 'STAFF' }, ['mobile must be a valid mobile number']],
        [{ fullName: 'No Role', email: 'a@example.com' }, ['role is required']],
        [{ fullName: 'Bad Role', email: 'a@example.com', role: 'KING' }, [ROLES_MESSAGE]],
        [{ fullName: 'Short', email: 'a@example.com', role: 'STAFF', password: '123456789' }, ['password must be at least 10 characters']],
        [{ fullName: 'Long', email: 'a@example.com', role: 'STAFF', password: 'x'.repeat(129) }, ['password must be at most 128 characters']],
        [{ fullName: 'Code', email: 'a@example.com', role: 'STAFF', employeeCode: '' }, ['employeeCode must be at least 1 characters']],
        [{ fullName: 'Extra', email: 'a@example.com', role: 'STAFF', status: 'ACTIVE' }, ['property status should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      expect(await events()).to.deep.equal([]);
    });

    it('is 401 without a token', async () => {
      const res = await s.h.request('POST', '/users', { body: { fullName: 'A', email: 'a@example.com', role: 'STAFF' } });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    it('is 403 for roles that may not write users', async () => {
      for (const role of ['STAFF', 'OUTLET_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER'] as const) {
        const res = await post({ fullName: 'A', email: `a-${role}@example.com`, role: 'STAFF' }, await s.tokenAs(role));
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
    });

    it('is 409 for an email a live user of the tenant has, whatever its case', async () => {
      const res = await post({ fullName: 'Copy', email: owner.email!.toUpperCase(), role: 'STAFF' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(EMAIL_CONFLICT);
      expect(await events()).to.deep.equal([]);
    });

    it('is 409 for a mobile number a live user has, whatever its formatting', async () => {
      expect((await post({ fullName: 'First', mobile: '+447700900123', role: 'STAFF' })).status).to.equal(201);
      const res = await post({ fullName: 'Second', mobile: '+44 7700 900123', role: 'STAFF' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(MOBILE_CONFLICT);
    });

    it('answers 409 to the loser of two simultaneous creations with one email', async () => {
      const [a, b] = await Promise.all([
        post({ fullName: 'Racer A', email: 'race@example.com', role: 'STAFF' }),
        post({ fullName: 'Racer B', email: 'race@example.com', role: 'STAFF' }),
      ]);
      expect([a.status, b.status].sort()).to.deep.equal([201, 409]);
      expect((a.status === 409 ? a : b).body).to.deep.equal(EMAIL_CONFLICT);
    });

    it('accepts the email and mobile of another tenant or of a deleted user', async () => {
      expect((await post({ fullName: 'Elsewhere', email: 'shared@example.test', mobile: '+447700900999', role: 'STAFF' })).status).to.equal(201);
      expect((await s.h.request('DELETE', `/users/${staff.id}`, { token: adminToken })).status).to.equal(200);
      expect((await post({ fullName: 'Again', email: staff.email, role: 'STAFF' })).status).to.equal(201);
    });

    it('lets a caller assign roles at or below their own, and nothing above it', async () => {
      const hr = await s.tokenAs('HR_MANAGER');
      expect((await post({ fullName: 'Peer', email: 'peer@example.com', role: 'HR_MANAGER' }, hr)).status).to.equal(201);
      expect((await post({ fullName: 'Below', email: 'below@example.com', role: 'OUTLET_MANAGER' }, hr)).status).to.equal(201);
      const up = await post({ fullName: 'Above', email: 'above@example.com', role: 'COMPANY_ADMIN' }, hr);
      expect(up.status).to.equal(403);
      expect(up.body).to.deep.equal(forbidden('You cannot assign a role above your own'));
    });

    it('never assigns TENANT_GROUP_OWNER, not even when a group owner asks', async () => {
      const groupOwner = await s.tokenAs('TENANT_GROUP_OWNER');
      for (const token of [ownerToken, groupOwner]) {
        const res = await post({ fullName: 'Group', email: 'group@example.com', role: 'TENANT_GROUP_OWNER' }, token);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal(forbidden('TENANT_GROUP_OWNER cannot be assigned'));
      }
      expect((await post({ fullName: 'Owner', email: 'owner2@example.com', role: 'TENANT_OWNER' }, groupOwner)).status).to.equal(201);
    });
  });

  describe('GET /users/:id', () => {
    it('returns a user of the tenant to a reader role', async () => {
      const res = await s.h.request('GET', `/users/${staff.id}`, { token: await s.tokenAs('OPERATIONS_MANAGER') });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: staff.id,
        tenantId: s.tenantA,
        fullName: staff.fullName,
        email: staff.email,
        mobile: null,
        role: 'STAFF',
        status: 'ACTIVE',
        employeeCode: null,
        createdAt: staff.createdAt.toISOString(),
        updatedAt: staff.updatedAt.toISOString(),
      });
    });

    it('lets any user read themselves', async () => {
      const res = await s.h.request('GET', `/users/${staff.id}`, { token: staffToken });
      expect(res.status).to.equal(200);
      expect(res.body.id).to.equal(staff.id);
    });

    it('is 403 for a role without read access asking for someone else, existing or not', async () => {
      for (const id of [admin.id, UNKNOWN_ID]) {
        const res = await s.h.request('GET', `/users/${id}`, { token: staffToken });
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
    });

    it('is 404 for a user of another tenant, an unknown id and a deleted user', async () => {
      await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [staff.id]);
      for (const id of [otherTenantUser.id, UNKNOWN_ID, staff.id]) {
        const res = await s.h.request('GET', `/users/${id}`, { token: adminToken });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(NOT_FOUND);
      }
    });

    it('is 400 for an id that is not a UUID', async () => {
      const res = await s.h.request('GET', '/users/not-a-uuid', { token: adminToken });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('is 401 without a token', async () => {
      const res = await s.h.request('GET', `/users/${staff.id}`);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('PATCH /users/:id', () => {
    const patch = (id: string, body: unknown, token = adminToken) => s.h.request('PATCH', `/users/${id}`, { body, token });

    it('changes the given fields only, stamps updatedAt and fires no event', async () => {
      s.h.clock.advance(60_000);
      const res = await patch(staff.id, { fullName: 'New Name', mobile: '+44 (7700) 900-555', employeeCode: 'E-9', role: 'OUTLET_MANAGER' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({
        id: staff.id,
        fullName: 'New Name',
        email: staff.email,
        mobile: '+447700900555',
        employeeCode: 'E-9',
        role: 'OUTLET_MANAGER',
        createdAt: staff.createdAt.toISOString(),
        updatedAt: s.h.clock.now().toISOString(),
      });
      expect(await events()).to.deep.equal([]);
    });

    it('clears email or mobile with null but keeps at least one of them', async () => {
      expect((await patch(staff.id, { mobile: '+447700900555' })).status).to.equal(200);
      const cleared = await patch(staff.id, { email: null });
      expect(cleared.status).to.equal(200);
      expect(cleared.body).to.include({ email: null, mobile: '+447700900555' });
      const none = await patch(staff.id, { mobile: null });
      expect(none.status).to.equal(400);
      expect(none.body).to.deep.equal(badRequest('email or mobile is required'));
    });

    it('rejects invalid bodies', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{}, ['body must contain at least one of: fullName, email, mobile, role, employeeCode']],
        [{ fullName: '' }, ['fullName must be at least 1 characters']],
        [{ email: 'nope' }, ['email must be an email']],
        [{ mobile: 'call me' }, ['mobile must be a valid mobile number']],
        [{ role: 'BOSS' }, [ROLES_MESSAGE]],
        [{ fullName: 'X', password: 'Long-enough-1' }, ['property password should not exist']],
        [{ status: 'INACTIVE' }, ['property status should not exist', 'body must contain at least one of: fullName, email, mobile, role, employeeCode']],
      ];
      for (const [body, message] of cases) {
        const res = await patch(staff.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
    });

    it('is 409 for an email or mobile another live user has', async () => {
      await patch(admin.id, { mobile: '+447700900123' });
      const email = await patch(staff.id, { email: ` ${admin.email!.toUpperCase()}` });
      expect(email.status).to.equal(409);
      expect(email.body).to.deep.equal(EMAIL_CONFLICT);
      const mobile = await patch(staff.id, { mobile: '+44 7700 900123' });
      expect(mobile.status).to.equal(409);
      expect(mobile.body).to.deep.equal(MOBILE_CONFLICT);
    });

    it('accepts the email the user already has', async () => {
      const res = await patch(staff.id, { email: staff.email });
      expect(res.status).to.equal(200);
    });

    it('is 404 for a user of another tenant, leaving them unchanged', async () => {
      const res = await patch(otherTenantUser.id, { fullName: 'Hijacked' });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
      const [row] = await s.h.ds.query(`SELECT full_name FROM users WHERE id = $1`, [otherTenantUser.id]);
      expect(row.full_name).to.equal(otherTenantUser.fullName);
    });

    it('is 400 for a malformed id, 401 without a token and 403 for a role that may not write', async () => {
      expect((await patch('123', { fullName: 'X' })).body).to.deep.equal(badRequest('id must be a UUID'));
      const anon = await s.h.request('PATCH', `/users/${staff.id}`, { body: { fullName: 'X' } });
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      const own = await patch(staff.id, { fullName: 'Self Service' }, staffToken);
      expect(own.status).to.equal(403);
      expect(own.body).to.deep.equal(FORBIDDEN);
    });

    it('stops promotions above the caller and changes to users above the caller', async () => {
      const hrUser = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const hr = await s.h.tokenFor(hrUser);
      const promote = await patch(staff.id, { role: 'COMPANY_ADMIN' }, hr);
      expect(promote.status).to.equal(403);
      expect(promote.body).to.deep.equal(forbidden('You cannot assign a role above your own'));
      const self = await patch(hrUser.id, { role: 'TENANT_OWNER' }, hr);
      expect(self.status).to.equal(403);
      const above = await patch(admin.id, { fullName: 'Renamed' }, hr);
      expect(above.status).to.equal(403);
      expect(above.body).to.deep.equal(forbidden('You can manage only users whose role is below your own'));
      const group = await patch(staff.id, { role: 'TENANT_GROUP_OWNER' }, ownerToken);
      expect(group.status).to.equal(403);
      expect(group.body).to.deep.equal(forbidden('TENANT_GROUP_OWNER cannot be assigned'));
      const [row] = await s.h.ds.query(`SELECT role FROM users WHERE id = $1`, [staff.id]);
      expect(row.role).to.equal('STAFF');
    });
  });

  describe('PATCH /users/:id/status', () => {
    const setStatus = (id: string, body: unknown, token = adminToken) => s.h.request('PATCH', `/users/${id}/status`, { body, token });

    it("deactivates a user, ends their sessions so their token stops working, and fires no event", async () => {
      const res = await setStatus(staff.id, { status: 'INACTIVE' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: staff.id, status: 'INACTIVE' });
      expect(res.body).to.have.all.keys(USER_DTO_KEYS);
      const me = await s.h.request('GET', `/users/${staff.id}`, { token: staffToken });
      expect(me.status).to.equal(401);
      expect(me.body).to.deep.equal(UNAUTHORIZED);
      const [session] = await s.h.ds.query(`SELECT revoked_at, revoked_reason FROM auth_sessions WHERE user_id = $1`, [staff.id]);
      expect(session.revoked_at).to.not.equal(null);
      expect(session.revoked_reason).to.equal('user_deactivated');
      expect(await events()).to.deep.equal([]);
    });

    it('reactivates a user without reviving their old sessions', async () => {
      await setStatus(staff.id, { status: 'INACTIVE' });
      const res = await setStatus(staff.id, { status: 'ACTIVE' });
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ACTIVE');
      expect((await s.h.request('GET', `/users/${staff.id}`, { token: staffToken })).status).to.equal(401);
      expect((await s.h.request('GET', `/users/${staff.id}`, { token: await s.h.tokenFor(staff) })).status).to.equal(200);
      expect(await events()).to.deep.equal([]);
    });

    it('refuses to let a user deactivate themselves', async () => {
      const res = await setStatus(admin.id, { status: 'INACTIVE' });
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(forbidden('You cannot deactivate your own account'));
    });

    it('rejects invalid bodies', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{}, ['status is required']],
        [{ status: 'DELETED' }, ['status must be one of the following values: ACTIVE, INACTIVE']],
        [{ status: 'ACTIVE', reason: 'x' }, ['property reason should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await setStatus(staff.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
    });

    it('is 404 across tenants, 401 without a token, 403 by role and for users above the caller', async () => {
      const cross = await setStatus(otherTenantUser.id, { status: 'INACTIVE' });
      expect(cross.status).to.equal(404);
      expect(cross.body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('PATCH', `/users/${staff.id}/status`, { body: { status: 'INACTIVE' } })).status).to.equal(401);
      expect((await setStatus(admin.id, { status: 'INACTIVE' }, staffToken)).body).to.deep.equal(FORBIDDEN);
      const above = await setStatus(owner.id, { status: 'INACTIVE' }, adminToken);
      expect(above.status).to.equal(403);
      expect(above.body).to.deep.equal(forbidden('You can manage only users whose role is below your own'));
      const [row] = await s.h.ds.query(`SELECT status FROM users WHERE id = $1`, [owner.id]);
      expect(row.status).to.equal('ACTIVE');
    });
  });

  describe('DELETE /users/:id', () => {
    const del = (id: string, token = adminToken) => s.h.request('DELETE', `/users/${id}`, { token });

    it('soft-deletes the user, ends their sessions and records user.terminated', async () => {
      const res = await del(staff.id);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, id: staff.id });
      expect(await events()).to.deep.equal([{ type: 'user.terminated', tenantId: s.tenantA, payload: { tenantId: s.tenantA, userId: staff.id } }]);
      const [row] = await s.h.ds.query(`SELECT deleted_at FROM users WHERE id = $1`, [staff.id]);
      expect(row.deleted_at.toISOString()).to.equal(s.h.clock.now().toISOString());
      expect((await s.h.request('GET', `/users/${staff.id}`, { token: adminToken })).status).to.equal(404);
      expect((await s.h.request('GET', `/users/${staff.id}`, { token: staffToken })).status).to.equal(401);
      const [session] = await s.h.ds.query(`SELECT revoked_reason FROM auth_sessions WHERE user_id = $1`, [staff.id]);
      expect(session.revoked_reason).to.equal('user_deleted');
    });

    it('is 404 for an already deleted user and records nothing more', async () => {
      await del(staff.id);
      const again = await del(staff.id);
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal(NOT_FOUND);
      expect(await events()).to.have.length(1);
    });

    it('refuses to let a user delete themselves', async () => {
      const res = await del(admin.id);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(forbidden('You cannot delete your own account'));
      expect(await events()).to.deep.equal([]);
    });

    it('is 404 for a user of another tenant, who stays', async () => {
      const res = await del(otherTenantUser.id);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
      const [row] = await s.h.ds.query(`SELECT deleted_at FROM users WHERE id = $1`, [otherTenantUser.id]);
      expect(row.deleted_at).to.equal(null);
      expect(await events()).to.deep.equal([]);
    });

    it('is 400 for a malformed id, 401 without a token, 403 by role and for users above the caller', async () => {
      expect((await del('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('DELETE', `/users/${staff.id}`)).body).to.deep.equal(UNAUTHORIZED);
      expect((await del(admin.id, staffToken)).body).to.deep.equal(FORBIDDEN);
      const above = await del(owner.id);
      expect(above.status).to.equal(403);
      expect(above.body).to.deep.equal(forbidden('You can manage only users whose role is below your own'));
      expect(await events()).to.deep.equal([]);
    });
  });

  describe('rank rule: a strictly higher role than the target, or oneself', () => {
    const NOT_BELOW = forbidden('You can manage only users whose role is below your own');
    let hrA: CreatedUser;
    let hrB: CreatedUser;
    let hrAToken: string;

    beforeEach(async () => {
      hrA = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      hrB = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER', mobile: '+447700900321' });
      hrAToken = await s.h.tokenFor(hrA);
    });

    async function row(id: string): Promise<{ full_name: string; email: string | null; mobile: string | null; role: string; status: string; deleted_at: Date | null }> {
      const [r] = await s.h.ds.query(`SELECT full_name, email, mobile, role, status, deleted_at FROM users WHERE id = $1`, [id]);
      return r;
    }

    it("refuses to change a peer's email or mobile (a takeover by password reset), leaving them unchanged", async () => {
      for (const body of [{ email: 'attacker@example.com' }, { mobile: '+447700900999' }, { email: 'attacker@example.com', fullName: hrB.fullName }]) {
        const res = await s.h.request('PATCH', `/users/${hrB.id}`, { token: hrAToken, body });
        expect(res.status, JSON.stringify(body)).to.equal(403);
        expect(res.body).to.deep.equal(NOT_BELOW);
      }
      expect(await row(hrB.id)).to.include({ email: hrB.email, mobile: '+447700900321' });
    });

    it('lets a higher role change the email and mobile of someone below, and anyone change their own', async () => {
      const byAdmin = await s.h.request('PATCH', `/users/${hrB.id}`, { token: adminToken, body: { email: 'hr.b@example.com', mobile: '+447700900322' } });
      expect(byAdmin.status).to.equal(200);
      expect(byAdmin.body).to.include({ email: 'hr.b@example.com', mobile: '+447700900322' });
      const below = await s.h.request('PATCH', `/users/${staff.id}`, { token: hrAToken, body: { email: 'staff.new@example.com' } });
      expect(below.status).to.equal(200);
      const own = await s.h.request('PATCH', `/users/${hrA.id}`, { token: hrAToken, body: { email: 'hr.a@example.com', mobile: '+447700900323', fullName: 'Hr A' } });
      expect(own.status).to.equal(200);
      expect(own.body).to.include({ email: 'hr.a@example.com', mobile: '+447700900323', fullName: 'Hr A', role: 'HR_MANAGER' });
    });

    it("refuses a peer's name, role, status and removal; a higher role may", async () => {
      const attempts = [
        () => s.h.request('PATCH', `/users/${hrB.id}`, { token: hrAToken, body: { fullName: 'Renamed' } }),
        () => s.h.request('PATCH', `/users/${hrB.id}`, { token: hrAToken, body: { role: 'STAFF' } }),
        () => s.h.request('PATCH', `/users/${hrB.id}/status`, { token: hrAToken, body: { status: 'INACTIVE' } }),
        () => s.h.request('DELETE', `/users/${hrB.id}`, { token: hrAToken }),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal(NOT_BELOW);
      }
      expect(await row(hrB.id)).to.include({ full_name: hrB.fullName, role: 'HR_MANAGER', status: 'ACTIVE', deleted_at: null });
      expect(await events()).to.deep.equal([]);
      expect((await s.h.request('PATCH', `/users/${hrB.id}`, { token: adminToken, body: { role: 'AREA_MANAGER' } })).status).to.equal(200);
      expect((await s.h.request('PATCH', `/users/${hrB.id}/status`, { token: adminToken, body: { status: 'INACTIVE' } })).status).to.equal(200);
      expect((await s.h.request('DELETE', `/users/${hrB.id}`, { token: adminToken })).status).to.equal(200);
    });

    it('treats owners as peers too: only TENANT_GROUP_OWNER manages a TENANT_OWNER', async () => {
      const coOwner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
      const byOwner = await s.h.request('PATCH', `/users/${coOwner.id}`, { token: ownerToken, body: { email: 'taken.over@example.com' } });
      expect(byOwner.status).to.equal(403);
      expect(byOwner.body).to.deep.equal(NOT_BELOW);
      const groupOwner = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'TENANT_GROUP_OWNER' }));
      expect((await s.h.request('PATCH', `/users/${coOwner.id}`, { token: groupOwner, body: { email: 'co.owner@example.com' } })).status).to.equal(200);
    });

    it("grants at most one's own rank, and nobody changes their own role", async () => {
      const area = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
      const promoted = await s.h.request('PATCH', `/users/${area.id}`, { token: hrAToken, body: { role: 'HR_MANAGER' } });
      expect(promoted.status).to.equal(200);
      expect(promoted.body.role).to.equal('HR_MANAGER');
      expect((await s.h.request('PATCH', `/users/${area.id}`, { token: hrAToken, body: { email: 'now.a.peer@example.com' } })).body).to.deep.equal(NOT_BELOW);
      const demoted = await s.h.request('PATCH', `/users/${hrA.id}`, { token: hrAToken, body: { role: 'STAFF' } });
      expect(demoted.status).to.equal(403);
      expect(demoted.body).to.deep.equal(forbidden('You cannot change your own role'));
      expect((await s.h.request('PATCH', `/users/${hrA.id}`, { token: hrAToken, body: { role: 'HR_MANAGER', fullName: 'Same Role' } })).status).to.equal(200);
      expect((await row(hrA.id)).role).to.equal('HR_MANAGER');
    });
  });
});
