import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

const SHIFT_NOT_FOUND = { message: 'Shift assignment not found', error: 'Not Found', statusCode: 404 };
const SHIFT_OUTSIDE = { message: 'You can manage shifts only at your outlets', error: 'Forbidden', statusCode: 403 };
const USER_NOT_FOUND = { message: 'User not found', error: 'Not Found', statusCode: 404 };
const EVENT_NOT_FOUND = { message: 'Attendance event not found', error: 'Not Found', statusCode: 404 };
const EVENT_OUTSIDE = { message: 'You can review attendance only at your outlets', error: 'Forbidden', statusCode: 403 };
const LEAVE_NOT_FOUND = { message: 'Leave request not found', error: 'Not Found', statusCode: 404 };
/** The roles above OUTLET_MANAGER that manage shifts, attendance and leave: all of them act tenant-wide. */
const TENANT_WIDE: Role[] = ['TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER'];

const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;

interface Person {
  user: CreatedUser;
  token: string;
}

/**
 * One tenant with outlets 1 and 2; the OUTLET_MANAGER looks after outlet 1. `atOutlet1` works at
 * outlet 1, `atOutlet2` at outlet 2, `unassigned` at no outlet.
 */
interface World {
  tenantId: string;
  outlet1: string;
  outlet2: string;
  manager: Person;
  admin: Person;
  atOutlet1: Person;
  atOutlet2: Person;
  unassigned: Person;
}

describe('outlet scope of an OUTLET_MANAGER (HTTP)', () => {
  let h: ApiHarness;
  let w: World;

  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  async function person(tenantId: string, role: Role, outletIds: string[] = []): Promise<Person> {
    const user = await createUser(h.ds, tenantId, { role });
    for (const outletId of outletIds) {
      await h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [tenantId, user.id, outletId]);
    }
    return { user, token: await h.tokenFor(user) };
  }

  beforeEach(async () => {
    const tenantId = (await createTenant(h.ds, { timezone: 'UTC' })).id;
    const outlet1 = (await createOutlet(h.ds, tenantId)).id;
    const outlet2 = (await createOutlet(h.ds, tenantId)).id;
    w = {
      tenantId,
      outlet1,
      outlet2,
      manager: await person(tenantId, 'OUTLET_MANAGER', [outlet1]),
      admin: await person(tenantId, 'COMPANY_ADMIN'),
      atOutlet1: await person(tenantId, 'STAFF', [outlet1]),
      atOutlet2: await person(tenantId, 'STAFF', [outlet2]),
      unassigned: await person(tenantId, 'STAFF'),
    };
  });

  const tokenAs = async (role: Role) => (await person(w.tenantId, role)).token;
  const ids = (body: Array<{ id: string }>) => body.map((r) => r.id).sort();

  describe('shifts', () => {
    const post = (body: Record<string, unknown>, token: string) => h.request('POST', '/shift-assignments', { token, body });
    const shiftBody = (userId: string, outletId: string, start = '09:00', end = '17:00') => ({ userId, outletId, scheduledStart: at(start), scheduledEnd: at(end) });
    async function shift(userId: string, outletId: string, start = '09:00', end = '17:00'): Promise<string> {
      const res = await post(shiftBody(userId, outletId, start, end), w.admin.token);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.id;
    }
    async function shiftCount(): Promise<number> {
      const [row] = await h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [w.tenantId]);
      return row.n;
    }

    it('POST creates at their outlet for its people; another outlet is 403, a person of no outlet of theirs 404', async () => {
      const ok = await post(shiftBody(w.atOutlet1.user.id, w.outlet1), w.manager.token);
      expect(ok.status).to.equal(201);
      expect(ok.body).to.include({ outletId: w.outlet1, userId: w.atOutlet1.user.id });
      for (const [userId, outletId] of [
        [w.atOutlet1.user.id, w.outlet2],
        [w.atOutlet2.user.id, w.outlet2],
        [w.atOutlet1.user.id, uuid()],
      ] as const) {
        const res = await post(shiftBody(userId, outletId, '18:00', '20:00'), w.manager.token);
        expect(res.status, outletId).to.equal(403);
        expect(res.body).to.deep.equal(SHIFT_OUTSIDE);
      }
      for (const userId of [w.atOutlet2.user.id, w.unassigned.user.id, w.admin.user.id]) {
        const res = await post(shiftBody(userId, w.outlet1, '18:00', '20:00'), w.manager.token);
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(USER_NOT_FOUND);
      }
      expect(await shiftCount()).to.equal(1);
    });

    it('POST stays tenant-wide for every role above OUTLET_MANAGER', async () => {
      let hour = 0;
      for (const role of TENANT_WIDE) {
        const start = `${String(hour).padStart(2, '0')}:00`;
        const end = `${String(hour + 1).padStart(2, '0')}:00`;
        hour += 2;
        const res = await post(shiftBody(w.unassigned.user.id, w.outlet2, start, end), await tokenAs(role));
        expect(res.status, role).to.equal(201);
      }
    });

    it("GET lists the shifts at their outlets and their own elsewhere, never another outlet's; roles above see all", async () => {
      const mine = await shift(w.atOutlet1.user.id, w.outlet1);
      const visitor = await shift(w.atOutlet2.user.id, w.outlet1, '18:00', '20:00');
      const elsewhere = await shift(w.atOutlet2.user.id, w.outlet2);
      const own = await shift(w.manager.user.id, w.outlet2);
      const list = (query: string, token: string) => h.request('GET', `/shift-assignments${query}`, { token });
      const res = await list('', w.manager.token);
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.deep.equal([mine, visitor, own].sort());
      expect(ids((await list(`?outletId=${w.outlet2}`, w.manager.token)).body)).to.deep.equal([own]);
      expect(ids((await list(`?userId=${w.atOutlet2.user.id}`, w.manager.token)).body)).to.deep.equal([visitor]);
      for (const role of TENANT_WIDE) {
        expect(ids((await list('', await tokenAs(role))).body), role).to.deep.equal([mine, visitor, elsewhere, own].sort());
      }
    });

    it("PATCH edits shifts at their outlets; another outlet's is 404, their own elsewhere 403, moving one away 403", async () => {
      const mine = await shift(w.atOutlet1.user.id, w.outlet1);
      const elsewhere = await shift(w.atOutlet2.user.id, w.outlet2);
      const own = await shift(w.manager.user.id, w.outlet2);
      const patch = (id: string, body: unknown, token = w.manager.token) => h.request('PATCH', `/shift-assignments/${id}`, { token, body });
      const edited = await patch(mine, { note: 'Opening' });
      expect(edited.status).to.equal(200);
      expect(edited.body.note).to.equal('Opening');
      const hidden = await patch(elsewhere, { note: 'Hijacked' });
      expect(hidden.status).to.equal(404);
      expect(hidden.body).to.deep.equal(SHIFT_NOT_FOUND);
      const ownElsewhere = await patch(own, { note: 'Mine' });
      expect(ownElsewhere.status).to.equal(403);
      expect(ownElsewhere.body).to.deep.equal(SHIFT_OUTSIDE);
      const moved = await patch(mine, { outletId: w.outlet2 });
      expect(moved.status).to.equal(403);
      expect(moved.body).to.deep.equal(SHIFT_OUTSIDE);
      const rows: Array<{ id: string; note: string | null; outlet_id: string }> = await h.ds.query(
        `SELECT id, note, outlet_id FROM shift_assignments WHERE id = ANY($1::uuid[])`,
        [[mine, elsewhere, own]],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(mine)).to.include({ outlet_id: w.outlet1, note: 'Opening' });
      expect(byId.get(elsewhere)!.note).to.equal(null);
      expect(byId.get(own)!.note).to.equal(null);
      for (const role of TENANT_WIDE) {
        expect((await patch(elsewhere, { note: role }, await tokenAs(role))).status, role).to.equal(200);
      }
    });

    it('an OUTLET_MANAGER with no outlets creates nothing and lists only their own shifts', async () => {
      const bare = await person(w.tenantId, 'OUTLET_MANAGER');
      await shift(w.atOutlet1.user.id, w.outlet1);
      const own = await shift(bare.user.id, w.outlet2);
      expect((await post(shiftBody(w.atOutlet1.user.id, w.outlet1, '18:00', '20:00'), bare.token)).status).to.equal(403);
      expect(ids((await h.request('GET', '/shift-assignments', { token: bare.token })).body)).to.deep.equal([own]);
    });
  });

  describe('attendance', () => {
    async function event(userId: string, outletId: string, clockInAt = at('09:00')): Promise<string> {
      const id = uuid();
      await h.ds.query(
        `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5::timestamptz + interval '1 hour', 'PENDING_REVIEW', $5, $5)`,
        [id, w.tenantId, userId, outletId, clockInAt],
      );
      return id;
    }
    const review = (id: string, status: string, token = w.manager.token) => h.request('PATCH', `/attendance/${id}`, { token, body: { status } });
    async function statusOf(id: string): Promise<string> {
      const [row] = await h.ds.query(`SELECT status FROM attendance_events WHERE id = $1`, [id]);
      return row.status;
    }

    it("GET lists the events at their outlets and their own elsewhere, never another outlet's; roles above see all", async () => {
      const mine = await event(w.atOutlet1.user.id, w.outlet1);
      const theirsElsewhere = await event(w.atOutlet1.user.id, w.outlet2, at('12:00'));
      const elsewhere = await event(w.atOutlet2.user.id, w.outlet2);
      const own = await event(w.manager.user.id, w.outlet2);
      const list = (query: string, token: string) => h.request('GET', `/attendance${query}`, { token });
      const res = await list('', w.manager.token);
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.deep.equal([mine, own].sort());
      expect(ids((await list(`?outletId=${w.outlet2}`, w.manager.token)).body)).to.deep.equal([own]);
      for (const role of TENANT_WIDE) {
        expect(ids((await list('', await tokenAs(role))).body), role).to.deep.equal([mine, theirsElsewhere, elsewhere, own].sort());
      }
    });

    it("PATCH approves and rejects events at their outlets; another outlet's is 404, their own elsewhere 403", async () => {
      const mine = await event(w.atOutlet1.user.id, w.outlet1);
      const rejected = await event(w.atOutlet1.user.id, w.outlet1, at('12:00'));
      const elsewhere = await event(w.atOutlet2.user.id, w.outlet2);
      const theirsElsewhere = await event(w.atOutlet1.user.id, w.outlet2, at('12:00'));
      const own = await event(w.manager.user.id, w.outlet2);
      expect((await review(mine, 'APPROVED')).status).to.equal(200);
      expect((await review(rejected, 'REJECTED')).status).to.equal(200);
      for (const id of [elsewhere, theirsElsewhere]) {
        const res = await review(id, 'REJECTED');
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(EVENT_NOT_FOUND);
      }
      const ownElsewhere = await review(own, 'APPROVED');
      expect(ownElsewhere.status).to.equal(403);
      expect(ownElsewhere.body).to.deep.equal(EVENT_OUTSIDE);
      expect([await statusOf(mine), await statusOf(rejected), await statusOf(elsewhere), await statusOf(theirsElsewhere), await statusOf(own)]).to.deep.equal([
        'APPROVED',
        'REJECTED',
        'PENDING_REVIEW',
        'PENDING_REVIEW',
        'PENDING_REVIEW',
      ]);
      for (const role of TENANT_WIDE) {
        const id = await event(w.atOutlet2.user.id, w.outlet2, at('20:00', `2026-03-${10 + TENANT_WIDE.indexOf(role)}`));
        expect((await review(id, 'APPROVED', await tokenAs(role))).status, role).to.equal(200);
      }
    });
  });

  describe('leave', () => {
    const WEEK = { type: 'ANNUAL', startDate: '2026-04-06', endDate: '2026-04-10' };
    async function submitted(as: Person): Promise<string> {
      const res = await h.request('POST', '/leave-requests', { token: as.token, body: WEEK });
      expect(res.status).to.equal(201);
      return res.body.id;
    }
    async function statusOf(id: string): Promise<string> {
      const [row] = await h.ds.query(`SELECT status FROM leave_requests WHERE id = $1`, [id]);
      return row.status;
    }

    it('GET lists the requests of the people of their outlets and their own; roles above see all', async () => {
      const mine = await submitted(w.atOutlet1);
      const elsewhere = await submitted(w.atOutlet2);
      const nowhere = await submitted(w.unassigned);
      const own = await submitted(w.manager);
      const res = await h.request('GET', '/leave-requests', { token: w.manager.token });
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.deep.equal([mine, own].sort());
      const filtered = await h.request('GET', `/leave-requests?userId=${w.atOutlet2.user.id}`, { token: w.manager.token });
      expect(filtered.body).to.deep.equal([]);
      for (const role of TENANT_WIDE) {
        const all = await h.request('GET', '/leave-requests', { token: await tokenAs(role) });
        expect(ids(all.body), role).to.deep.equal([mine, elsewhere, nowhere, own].sort());
      }
    });

    it('GET /:id is 404 for a request of someone outside their outlets', async () => {
      const mine = await submitted(w.atOutlet1);
      expect((await h.request('GET', `/leave-requests/${mine}`, { token: w.manager.token })).status).to.equal(200);
      for (const id of [await submitted(w.atOutlet2), await submitted(w.unassigned)]) {
        const res = await h.request('GET', `/leave-requests/${id}`, { token: w.manager.token });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(LEAVE_NOT_FOUND);
        expect((await h.request('GET', `/leave-requests/${id}`, { token: await tokenAs('AREA_MANAGER') })).status).to.equal(200);
      }
    });

    it('approve and reject act on the people of their outlets; anyone else is 404 and stays PENDING', async () => {
      expect((await h.request('PUT', '/leave-approval-chain', { token: w.admin.token, body: { steps: [{ approverRole: 'OUTLET_MANAGER' }] } })).status).to.equal(200);
      const approved = await submitted(w.atOutlet1);
      const approve = (id: string, token = w.manager.token) => h.request('POST', `/leave-requests/${id}/approve`, { token, body: {} });
      const reject = (id: string) => h.request('POST', `/leave-requests/${id}/reject`, { token: w.manager.token, body: { note: 'No' } });
      expect((await approve(approved)).status).to.equal(200);
      expect(await statusOf(approved)).to.equal('APPROVED');
      const elsewhere = await submitted(w.atOutlet2);
      const nowhere = await submitted(w.unassigned);
      for (const id of [elsewhere, nowhere]) {
        for (const res of [await approve(id), await reject(id)]) {
          expect(res.status).to.equal(404);
          expect(res.body).to.deep.equal(LEAVE_NOT_FOUND);
        }
        expect(await statusOf(id)).to.equal('PENDING');
      }
      expect((await approve(elsewhere, await tokenAs('AREA_MANAGER'))).status).to.equal(200);
    });
  });

  describe('users', () => {
    it('GET /users lists themselves and the people of their outlets; roles above see everyone', async () => {
      const colleague = await person(w.tenantId, 'OUTLET_MANAGER', [w.outlet1, w.outlet2]);
      const res = await h.request('GET', '/users', { token: w.manager.token });
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.deep.equal([w.manager.user.id, w.atOutlet1.user.id, colleague.user.id].sort());
      const everyone = [w.manager, w.admin, w.atOutlet1, w.atOutlet2, w.unassigned, colleague].map((p) => p.user.id);
      for (const role of TENANT_WIDE) {
        const all = await h.request('GET', '/users?limit=500', { token: await tokenAs(role) });
        expect(all.body.map((u: { id: string }) => u.id), role).to.include.members(everyone);
      }
    });

    it('GET /users/:id and GET /users/:id/outlets are 404 for people outside their outlets', async () => {
      for (const path of ['', '/outlets']) {
        for (const target of [w.manager, w.atOutlet1]) {
          expect((await h.request('GET', `/users/${target.user.id}${path}`, { token: w.manager.token })).status, path).to.equal(200);
        }
        for (const target of [w.atOutlet2, w.unassigned, w.admin]) {
          const res = await h.request('GET', `/users/${target.user.id}${path}`, { token: w.manager.token });
          expect(res.status, path).to.equal(404);
          expect(res.body).to.deep.equal(USER_NOT_FOUND);
          expect((await h.request('GET', `/users/${target.user.id}${path}`, { token: await tokenAs('AREA_MANAGER') })).status).to.equal(200);
        }
      }
    });
  });

  it('GET /outlets stays the whole directory (every role reads it)', async () => {
    const res = await h.request('GET', '/outlets', { token: w.manager.token });
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.deep.equal([w.outlet1, w.outlet2].sort());
  });
});
