import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const OVERLAP = { message: 'The shift overlaps another shift of this user', error: 'SHIFT_OVERLAP', statusCode: 409 };
const SHIFT_KEYS = ['id', 'tenantId', 'userId', 'outletId', 'scheduledStart', 'scheduledEnd', 'status', 'type', 'note', 'rosterId', 'createdByUserId', 'createdAt', 'updatedAt'];
const MANAGERS: Role[] = ['TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'];

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}
function conflict(message: string) {
  return { message, error: 'Conflict', statusCode: 409 };
}
function notFound(message: string) {
  return { message, error: 'Not Found', statusCode: 404 };
}
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;

describe('shift assignments (HTTP, JWT)', () => {
  const s = twoTenantSuite();
  let manager: CreatedUser;
  let token: string;
  let worker: CreatedUser;
  let outletId: string;

  beforeEach(async () => {
    // Tenant-wide; what an OUTLET_MANAGER may do is in user-outlets/outlet-scope.e2e.spec.ts.
    manager = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
    token = await s.h.tokenFor(manager);
    worker = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
  });

  function body(over: Record<string, unknown> = {}) {
    return { userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00'), ...over };
  }
  function post(payload: unknown, as = token) {
    return s.h.request('POST', '/shift-assignments', { token: as, body: payload });
  }
  async function events(): Promise<Array<{ type: string; tenantId: string; payload: Record<string, unknown> }>> {
    return s.h.ds.query(`SELECT type, tenant_id AS "tenantId", payload FROM domain_events WHERE tenant_id = ANY($1) ORDER BY occurred_at, id`, [s.tenants]);
  }
  async function shiftCount(): Promise<number> {
    const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = ANY($1)`, [s.tenants]);
    return row.n;
  }

  describe('POST /shift-assignments', () => {
    it('creates a SCHEDULED REGULAR shift and records shift.assigned once with the exact payload', async () => {
      const now = s.h.clock.now().toISOString();
      const res = await post(body({ scheduledStart: '2026-03-02T10:00:00+01:00', note: 'Opening' }));
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(SHIFT_KEYS);
      expect(res.body).to.deep.include({
        tenantId: s.tenantA,
        userId: worker.id,
        outletId,
        scheduledStart: at('09:00'),
        scheduledEnd: at('17:00'),
        status: 'SCHEDULED',
        type: 'REGULAR',
        note: 'Opening',
        createdByUserId: manager.id,
        createdAt: now,
        updatedAt: now,
      });
      expect(await events()).to.deep.equal([
        {
          type: 'shift.assigned',
          tenantId: s.tenantA,
          payload: { tenantId: s.tenantA, shiftAssignmentId: res.body.id, userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00') },
        },
      ]);
    });

    it('creates a PROPOSED draft of another type, which fires shift.assigned too (payload without status)', async () => {
      const res = await post(body({ status: 'PROPOSED', type: 'ON_CALL' }));
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ status: 'PROPOSED', type: 'ON_CALL', note: null });
      const recorded = await events();
      expect(recorded).to.have.length(1);
      expect(recorded[0]!.type).to.equal('shift.assigned');
      expect(recorded[0]!.payload).to.deep.equal({
        tenantId: s.tenantA,
        shiftAssignmentId: res.body.id,
        userId: worker.id,
        outletId,
        scheduledStart: at('09:00'),
        scheduledEnd: at('17:00'),
      });
    });

    it('is open to every manager role and 403 for STAFF', async () => {
      for (const [i, role] of MANAGERS.entries()) {
        const day = `2026-03-${String(10 + i).padStart(2, '0')}`;
        const caller = await createUser(s.h.ds, s.tenantA, { role });
        if (role === 'OUTLET_MANAGER') {
          await s.h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $4), ($1, $3, $4)`, [s.tenantA, caller.id, worker.id, outletId]);
        }
        const res = await post(body({ scheduledStart: at('09:00', day), scheduledEnd: at('10:00', day) }), await s.h.tokenFor(caller));
        expect(res.status, role).to.equal(201);
      }
      const staff = await post(body(), await s.h.tokenFor(worker));
      expect(staff.status).to.equal(403);
      expect(staff.body).to.deep.equal(FORBIDDEN);
    });

    it('is a bare 401 without a token and with a developer API key', async () => {
      const anon = await s.h.request('POST', '/shift-assignments', { body: body() });
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA, ['shifts:write']);
      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }] as Array<Record<string, string>>) {
        const res = await s.h.request('POST', '/shift-assignments', { headers, body: body() });
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
      expect(await shiftCount()).to.equal(0);
    });

    it('validates the body', async () => {
      const missing = await post({});
      expect(missing.status).to.equal(400);
      expect(missing.body).to.deep.equal(badRequest('userId is required', 'outletId is required', 'scheduledStart is required', 'scheduledEnd is required'));
      const unknown = await post(body({ color: 'red' }));
      expect(unknown.body).to.deep.equal(badRequest('property color should not exist'));
      const formats = await post(body({ userId: 'nope', scheduledStart: '2026-03-02T09:00:00', scheduledEnd: 'tomorrow' }));
      expect(formats.body).to.deep.equal(
        badRequest('userId must be a UUID', 'scheduledStart must be a valid ISO 8601 date string', 'scheduledEnd must be a valid ISO 8601 date string'),
      );
      const enums = await post(body({ type: 'NIGHT', status: 'COMPLETED' }));
      expect(enums.body).to.deep.equal(
        badRequest('type must be one of the following values: REGULAR, OVERTIME, ON_CALL, TRAINING', 'status must be one of the following values: SCHEDULED, PROPOSED'),
      );
      const note = await post(body({ note: 'x'.repeat(1001) }));
      expect(note.body).to.deep.equal(badRequest('note must be at most 1000 characters'));
      expect(await shiftCount()).to.equal(0);
    });

    it('needs scheduledEnd after scheduledStart and at most 24 hours later', async () => {
      const same = await post(body({ scheduledEnd: at('09:00') }));
      expect(same.status).to.equal(400);
      expect(same.body).to.deep.equal(badRequest('scheduledEnd must be after scheduledStart'));
      const before = await post(body({ scheduledEnd: at('08:00') }));
      expect(before.body).to.deep.equal(badRequest('scheduledEnd must be after scheduledStart'));
      const tooLong = await post(body({ scheduledEnd: '2026-03-03T09:00:00.001Z' }));
      expect(tooLong.body).to.deep.equal(badRequest('scheduledEnd must be at most 24 hours after scheduledStart'));
      const day = await post(body({ scheduledEnd: '2026-03-03T09:00:00.000Z' }));
      expect(day.status).to.equal(201);
    });

    it('is 404 for a user or outlet of another tenant, or a removed user; 409 for an inactive user or outlet', async () => {
      const foreignUser = await createUser(s.h.ds, s.tenantB);
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await post(body({ userId: foreignUser.id }))).body).to.deep.equal(notFound('User not found'));
      expect((await post(body({ outletId: foreignOutlet.id }))).body).to.deep.equal(notFound('Outlet not found'));
      expect((await post(body({ userId: UNKNOWN_ID }))).status).to.equal(404);
      await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [worker.id]);
      expect((await post(body())).body).to.deep.equal(notFound('User not found'));

      const inactive = await createUser(s.h.ds, s.tenantA, { status: 'INACTIVE' });
      expect((await post(body({ userId: inactive.id }))).body).to.deep.equal(conflict('The user is not active'));
      const closed = await createOutlet(s.h.ds, s.tenantA, { status: 'INACTIVE' });
      const live = await createUser(s.h.ds, s.tenantA);
      expect((await post(body({ userId: live.id, outletId: closed.id }))).body).to.deep.equal(conflict('The outlet is not active'));
      expect(await shiftCount()).to.equal(0);
      expect(await events()).to.deep.equal([]);
    });

    it('refuses an overlapping shift of the same user with SHIFT_OVERLAP and records nothing for it', async () => {
      expect((await post(body())).status).to.equal(201);
      for (const [start, end] of [
        ['12:00', '20:00'],
        ['08:00', '09:01'],
        ['10:00', '11:00'],
        ['08:00', '18:00'],
        ['09:00', '17:00'],
      ] as const) {
        const res = await post(body({ scheduledStart: at(start), scheduledEnd: at(end) }));
        expect(res.status, `${start}-${end}`).to.equal(409);
        expect(res.body).to.deep.equal(OVERLAP);
      }
      expect(await shiftCount()).to.equal(1);
      expect(await events()).to.have.length(1);
    });

    it('allows shifts that only touch (one ends when the next starts), and the same time for another user', async () => {
      expect((await post(body())).status).to.equal(201);
      expect((await post(body({ scheduledStart: at('17:00'), scheduledEnd: at('22:00') }))).status).to.equal(201);
      expect((await post(body({ scheduledStart: at('05:00'), scheduledEnd: at('09:00') }))).status).to.equal(201);
      const colleague = await createUser(s.h.ds, s.tenantA);
      expect((await post(body({ userId: colleague.id }))).status).to.equal(201);
      expect(await shiftCount()).to.equal(4);
    });

    it('counts drafts as taken time but not cancelled shifts', async () => {
      const draft = await post(body({ status: 'PROPOSED' }));
      expect((await post(body())).body).to.deep.equal(OVERLAP);
      const cancel = await s.h.request('PATCH', `/shift-assignments/${draft.body.id}`, { token, body: { status: 'CANCELLED' } });
      expect(cancel.status).to.equal(200);
      expect((await post(body())).status).to.equal(201);
    });

    it('lets exactly one of two concurrent overlapping creations commit', async () => {
      const results = await Promise.all([post(body()), post(body({ scheduledStart: at('12:00'), scheduledEnd: at('20:00') }))]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => [r.status, r.body]))).to.deep.equal([201, 409]);
      expect(results.find((r) => r.status === 409)!.body).to.deep.equal(OVERLAP);
      expect(await shiftCount()).to.equal(1);
      const recorded = await events();
      expect(recorded).to.have.length(1);
      expect(recorded[0]!.payload.shiftAssignmentId).to.equal(results.find((r) => r.status === 201)!.body.id);
    });
  });

  describe('GET /shift-assignments', () => {
    async function seed(userId: string, start: string, end: string, status = 'SCHEDULED', outlet = outletId): Promise<string> {
      const res = await post({ userId, outletId: outlet, scheduledStart: start, scheduledEnd: end });
      expect(res.status).to.equal(201);
      if (status !== 'SCHEDULED') await s.h.ds.query(`UPDATE shift_assignments SET status = $2 WHERE id = $1`, [res.body.id, status]);
      return res.body.id;
    }

    it("lists the tenant's shifts by scheduledStart as a bare array, never another tenant's", async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const late = await seed(worker.id, at('18:00'), at('20:00'));
      const early = await seed(colleague.id, at('06:00'), at('08:00'));
      const mid = await seed(worker.id, at('09:00'), at('17:00'));
      const foreignManager = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
      await s.h.request('POST', '/shift-assignments', {
        token: await s.h.tokenFor(foreignManager),
        body: { userId: (await createUser(s.h.ds, s.tenantB)).id, outletId: (await createOutlet(s.h.ds, s.tenantB)).id, scheduledStart: at('07:00'), scheduledEnd: at('08:00') },
      });
      const res = await s.h.request('GET', '/shift-assignments', { token });
      expect(res.status).to.equal(200);
      expect(res.body.map((s: { id: string }) => s.id)).to.deep.equal([early, mid, late]);
      expect(res.body[0]).to.have.all.keys(SHIFT_KEYS);
    });

    it('filters by userId, outletId, status and scheduledStart in [from, to)', async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const a = await seed(worker.id, at('06:00'), at('08:00'));
      const b = await seed(worker.id, at('09:00'), at('12:00'), 'CANCELLED');
      const c = await seed(colleague.id, at('09:00'), at('12:00'), 'SCHEDULED', otherOutlet);
      const d = await seed(worker.id, at('12:00'), at('14:00'));
      const ids = async (qs: string) => (await s.h.request('GET', `/shift-assignments?${qs}`, { token })).body.map((s: { id: string }) => s.id);
      expect(await ids(`userId=${worker.id}`)).to.deep.equal([a, b, d]);
      expect(await ids(`outletId=${otherOutlet}`)).to.deep.equal([c]);
      expect(await ids('status=CANCELLED')).to.deep.equal([b]);
      // b and c start together; ties are ordered by id.
      expect(await ids(`from=${at('09:00')}&to=${at('12:00')}`)).to.deep.equal([b, c].sort());
      expect(await ids(`from=${encodeURIComponent('2026-03-02T10:00:00+01:00')}`)).to.deep.equal([...[b, c].sort(), d]);
      expect(await ids(`to=${at('06:00')}`)).to.deep.equal([]);
      expect(await ids(`userId=${worker.id}&from=${at('08:00')}&status=SCHEDULED`)).to.deep.equal([d]);
    });

    it('pages with limit and offset (limit clamped to 1..500)', async () => {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await seed(worker.id, at(`0${i + 1}:00`), at(`0${i + 1}:30`)));
      const page = await s.h.request('GET', '/shift-assignments?limit=2&offset=1', { token });
      expect(page.body.map((s: { id: string }) => s.id)).to.deep.equal(ids.slice(1, 3));
      const zero = await s.h.request('GET', '/shift-assignments?limit=0', { token });
      expect(zero.body.map((s: { id: string }) => s.id)).to.deep.equal(ids.slice(0, 1));
      const huge = await s.h.request('GET', '/shift-assignments?limit=100000', { token });
      expect(huge.body).to.have.length(4);
    });

    it('rejects malformed and undeclared query parameters', async () => {
      const cases: Array<[string, string[]]> = [
        ['limit=abc', ['limit must be an integer number']],
        ['page=2', ['property page should not exist']],
        ['userId=me', ['userId must be a UUID']],
        ['status=DONE', ['status must be one of the following values: PROPOSED, SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED, MISSED']],
        ['from=2026-03-02', ['from must be a valid ISO 8601 date string']],
        [`from=${at('10:00')}&to=${at('09:00')}`, ['to must not be before from']],
      ];
      for (const [qs, message] of cases) {
        const res = await s.h.request('GET', `/shift-assignments?${qs}`, { token });
        expect(res.status, qs).to.equal(400);
        expect(res.body, qs).to.deep.equal(badRequest(...message));
      }
    });

    it('shows STAFF only their own shifts; asking for someone else is 403', async () => {
      const colleague = await createUser(s.h.ds, s.tenantA);
      const mine = await seed(worker.id, at('09:00'), at('17:00'));
      await seed(colleague.id, at('09:00'), at('17:00'));
      const staffToken = await s.h.tokenFor(worker);
      const own = await s.h.request('GET', '/shift-assignments', { token: staffToken });
      expect(own.status).to.equal(200);
      expect(own.body.map((s: { id: string }) => s.id)).to.deep.equal([mine]);
      const explicit = await s.h.request('GET', `/shift-assignments?userId=${worker.id}`, { token: staffToken });
      expect(explicit.body.map((s: { id: string }) => s.id)).to.deep.equal([mine]);
      const other = await s.h.request('GET', `/shift-assignments?userId=${colleague.id}`, { token: staffToken });
      expect(other.status).to.equal(403);
      expect(other.body).to.deep.equal({ message: 'You can list only your own shifts', error: 'Forbidden', statusCode: 403 });
    });

    it('is a bare 401 without a token and with a developer API key', async () => {
      expect((await s.h.request('GET', '/shift-assignments')).body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA, ['shifts:read']);
      const res = await s.h.request('GET', '/shift-assignments', { headers: { 'x-api-key': key } });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('PATCH /shift-assignments/:id', () => {
    let shiftId: string;
    beforeEach(async () => {
      shiftId = (await post(body())).body.id;
    });
    const patch = (id: string, payload: unknown, as?: string) => s.h.request('PATCH', `/shift-assignments/${id}`, { token: as ?? token, body: payload });
    const eventCount = async () => (await events()).length;

    it('reschedules, moves, retypes and annotates without firing anything', async () => {
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      s.h.clock.advance(60_000);
      const res = await patch(shiftId, { scheduledStart: at('10:00'), scheduledEnd: at('18:00'), outletId: otherOutlet, type: 'OVERTIME', note: 'Cover' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ id: shiftId, scheduledStart: at('10:00'), scheduledEnd: at('18:00'), outletId: otherOutlet, type: 'OVERTIME', note: 'Cover', userId: worker.id });
      expect(res.body.updatedAt).to.equal(s.h.clock.now().toISOString());
      const cleared = await patch(shiftId, { note: null });
      expect(cleared.body.note).to.equal(null);
      expect(await eventCount()).to.equal(1);
    });

    it('setting COMPLETED records no event', async () => {
      const res = await patch(shiftId, { status: 'COMPLETED' });
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('COMPLETED');
      expect((await events()).map((e) => e.type)).to.deep.equal(['shift.assigned']);
    });

    it('refuses a reschedule onto another shift of the user with SHIFT_OVERLAP, allows touching', async () => {
      const next = (await post(body({ scheduledStart: at('18:00'), scheduledEnd: at('22:00') }))).body.id;
      const clash = await patch(next, { scheduledStart: at('16:59') });
      expect(clash.status).to.equal(409);
      expect(clash.body).to.deep.equal(OVERLAP);
      const touch = await patch(next, { scheduledStart: at('17:00') });
      expect(touch.status).to.equal(200);
      expect(touch.body.scheduledStart).to.equal(at('17:00'));
    });

    it('checks the merged window', async () => {
      const res = await patch(shiftId, { scheduledEnd: at('08:00') });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(badRequest('scheduledEnd must be after scheduledStart'));
      const long = await patch(shiftId, { scheduledEnd: '2026-03-03T12:00:00.000Z' });
      expect(long.body).to.deep.equal(badRequest('scheduledEnd must be at most 24 hours after scheduledStart'));
    });

    it('validates the body: a UUID to re-assign to, no IN_PROGRESS by hand, not empty', async () => {
      expect((await patch(shiftId, { userId: 'someone', note: 'x' })).body).to.deep.equal(badRequest('userId must be a UUID'));
      expect((await patch(shiftId, { status: 'IN_PROGRESS' })).body).to.deep.equal(
        badRequest('status must be one of the following values: PROPOSED, SCHEDULED, COMPLETED, CANCELLED, MISSED'),
      );
      expect((await patch(shiftId, {})).body).to.deep.equal(
        badRequest('body must contain at least one of: userId, scheduledStart, scheduledEnd, outletId, type, status, note'),
      );
      expect((await patch('not-a-uuid', { note: 'x' })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('follows the status rules: final states and shifts in progress cannot change', async () => {
      const draft = (await post(body({ status: 'PROPOSED', scheduledStart: at('18:00'), scheduledEnd: at('20:00') }))).body.id;
      expect((await patch(draft, { status: 'COMPLETED' })).body).to.deep.equal(conflict('A shift that is PROPOSED cannot be set to COMPLETED'));
      expect((await patch(draft, { status: 'SCHEDULED' })).body.status).to.equal('SCHEDULED');
      expect((await patch(shiftId, { status: 'MISSED' })).body.status).to.equal('MISSED');
      expect((await patch(shiftId, { status: 'CANCELLED' })).body.status).to.equal('CANCELLED');
      expect((await patch(shiftId, { note: 'late' })).body).to.deep.equal(conflict('A shift that is CANCELLED cannot be changed'));
      await s.h.ds.query(`UPDATE shift_assignments SET status = 'IN_PROGRESS' WHERE id = $1`, [draft]);
      expect((await patch(draft, { status: 'COMPLETED' })).body).to.deep.equal(conflict('A shift that is IN_PROGRESS cannot be changed'));
    });

    it('is 404 for a shift or outlet of another tenant', async () => {
      const foreignOwner = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
      const foreign = await s.h.request('POST', '/shift-assignments', {
        token: await s.h.tokenFor(foreignOwner),
        body: { userId: (await createUser(s.h.ds, s.tenantB)).id, outletId: (await createOutlet(s.h.ds, s.tenantB)).id, scheduledStart: at('09:00'), scheduledEnd: at('10:00') },
      });
      expect(foreign.status).to.equal(201);
      expect((await patch(foreign.body.id, { note: 'x' })).body).to.deep.equal(notFound('Shift assignment not found'));
      expect((await patch(UNKNOWN_ID, { note: 'x' })).status).to.equal(404);
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await patch(shiftId, { outletId: foreignOutlet.id })).body).to.deep.equal(notFound('Outlet not found'));
    });

    it('is 403 for STAFF and a bare 401 without a token', async () => {
      const staff = await patch(shiftId, { note: 'x' }, await s.h.tokenFor(worker));
      expect(staff.status).to.equal(403);
      expect(staff.body).to.deep.equal(FORBIDDEN);
      const anon = await s.h.request('PATCH', `/shift-assignments/${shiftId}`, { body: { note: 'x' } });
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
