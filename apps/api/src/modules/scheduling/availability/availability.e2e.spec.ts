import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { addDays, localDate, wallMinuteToInstant } from '../../time/leave/leave-period.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const USER_NOT_FOUND = { message: 'User not found', error: 'Not Found', statusCode: 404 };
const TIME_OFF_NOT_FOUND = { message: 'Time off not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const TZ = 'Europe/London';

describe('availability: weekly windows and time off (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let staff: CreatedUser;
  let staffToken: string;
  let manager: CreatedUser;
  let managerToken: string;

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    managerToken = await s.h.tokenFor(manager);
  });

  const week = [
    { kind: 'UNAVAILABLE', weekday: 1, start: '18:00', end: '02:00', effectiveFrom: null, effectiveTo: null },
    { kind: 'AVAILABLE', weekday: 2, start: '09:00', end: '17:00', effectiveFrom: '2026-01-01', effectiveTo: '2026-12-31' },
    { kind: 'UNAVAILABLE', weekday: 7, start: '00:00', end: '24:00', effectiveFrom: null, effectiveTo: null },
  ];
  const put = (path: string, body: unknown, token = staffToken) => s.h.request('PUT', path, { token, body });
  const get = (path: string, token = staffToken) => s.h.request('GET', path, { token });

  describe('GET/PUT /me/availability and /users/:id/availability', () => {
    it('stores the whole week in the tenant timezone, reads it back, and replaces it on the next PUT', async () => {
      expect((await get('/me/availability')).body).to.deep.equal({ userId: staff.id, timezone: TZ, windows: [] });
      const res = await put('/me/availability', { windows: week });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ userId: staff.id, timezone: TZ });
      expect(res.body.windows.map(({ id, ...w }: { id: string }) => (expect(id).to.be.a('string'), w))).to.deep.equal(week);
      expect((await get('/me/availability')).body).to.deep.equal(res.body);
      const replaced = await put('/me/availability', { windows: [{ kind: 'AVAILABLE', weekday: 3, start: '07:30', end: '15:00' }] });
      expect(replaced.body.windows.map(({ id: _, ...w }: { id: string }) => w)).to.deep.equal([{ kind: 'AVAILABLE', weekday: 3, start: '07:30', end: '15:00', effectiveFrom: null, effectiveTo: null }]);
      const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM availability_windows WHERE tenant_id = $1 AND user_id = $2`, [s.tenantA, staff.id]);
      expect(n).to.equal(1);
    });

    it('lets a manager read and set the availability of their people, at or below their rank', async () => {
      const res = await put(`/users/${staff.id}/availability`, { windows: week }, managerToken);
      expect(res.status).to.equal(200);
      expect((await get('/me/availability')).body.windows).to.have.length(3);
      expect((await get(`/users/${staff.id}/availability`, managerToken)).body).to.deep.equal(res.body);
      expect((await get(`/users/${staff.id}/availability`, await s.tokenAs('HR_MANAGER'))).status).to.equal(200);
      // Oneself through /users/:id too.
      expect((await get(`/users/${manager.id}/availability`, managerToken)).body).to.deep.include({ userId: manager.id, windows: [] });
    });

    it('is 403 for STAFF on /users/:id and for a person ranked above the caller; 404 outside their outlets or tenant; 401 without a token', async () => {
      expect((await get(`/users/${staff.id}/availability`, staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await put(`/users/${staff.id}/availability`, { windows: [] }, staffToken)).body).to.deep.equal(FORBIDDEN);
      const boss = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, boss.id, [outletId]);
      const above = { message: 'You cannot direct the work of someone whose role is above your own', error: 'Forbidden', statusCode: 403 };
      expect((await get(`/users/${boss.id}/availability`, managerToken)).body).to.deep.equal(above);
      expect((await put(`/users/${boss.id}/availability`, { windows: [] }, managerToken)).body).to.deep.equal(above);
      const elsewhere = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, elsewhere.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      expect((await get(`/users/${elsewhere.id}/availability`, managerToken)).body).to.deep.equal(USER_NOT_FOUND);
      expect((await get(`/users/${staff.id}/availability`, await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal(USER_NOT_FOUND);
      expect((await put(`/users/${staff.id}/availability`, { windows: [] }, await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal(USER_NOT_FOUND);
      expect((await get(`/users/${randomUUID()}/availability`, await s.tokenAs('TENANT_OWNER'))).body).to.deep.equal(USER_NOT_FOUND);
      expect((await s.h.request('GET', '/me/availability', {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('PUT', `/users/${staff.id}/availability`, { body: { windows: [] } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await get('/users/nope/availability', managerToken)).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    for (const [name, body, messages] of [
      ['no windows field', {}, ['windows is required']],
      ['an unknown field', { windows: [], extra: 1 }, ['property extra should not exist']],
      ['a weekday out of range', { windows: [{ ...week[0], weekday: 8 }] }, ['windows.0.weekday must not be greater than 7']],
      ['an unknown kind', { windows: [{ ...week[0], kind: 'MAYBE' }] }, ['windows.0.kind must be one of the following values: AVAILABLE, UNAVAILABLE']],
      ['a start that is not a time', { windows: [{ ...week[0], start: '25:00' }] }, ['windows.0.start must be a time HH:MM from 00:00 to 23:59']],
      ['an end past 24:00', { windows: [{ ...week[0], end: '24:01' }] }, ['windows.0.end must be a time HH:MM from 00:01 to 24:00']],
      ['an end equal to the start', { windows: [{ ...week[0], start: '09:00', end: '09:00' }] }, ['windows.0.end must differ from start (a whole day is 00:00 to 24:00)']],
      ['effective dates in the wrong order', { windows: [{ ...week[1], effectiveFrom: '2026-05-01', effectiveTo: '2026-04-30' }] }, ['windows.0.effectiveTo must not be before effectiveFrom']],
      ['a bad effective date', { windows: [{ ...week[1], effectiveFrom: '2026-13-01' }] }, ['windows.0.effectiveFrom must be a valid date in YYYY-MM-DD format']],
      ['more than 50 windows', { windows: Array.from({ length: 51 }, () => week[0]) }, ['windows must contain at most 50 elements']],
    ] as const) {
      it(`PUT is 400 for ${name}`, async () => {
        expect((await put('/me/availability', body)).body).to.deep.equal(badRequest(...messages));
      });
    }
  });

  it('is a bare 401 on every availability route without a token, and 400 for a query parameter a route does not declare', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', '/me/availability'],
      ['PUT', '/me/availability'],
      ['GET', '/me/time-off'],
      ['POST', '/me/time-off'],
      ['PATCH', `/me/time-off/${id}`],
      ['DELETE', `/me/time-off/${id}`],
      ['GET', `/users/${id}/availability`],
      ['PUT', `/users/${id}/availability`],
      ['GET', `/users/${id}/time-off`],
      ['POST', `/users/${id}/time-off`],
      ['PATCH', `/users/${id}/time-off/${id}`],
      ['DELETE', `/users/${id}/time-off/${id}`],
      ['GET', '/availability/conflicts'],
    ] as const) {
      expect((await s.h.request(method, path, {})).body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
    }
    expect((await get('/me/time-off?page=2')).status).to.equal(400);
    expect((await s.h.request('DELETE', `/users/nope/time-off/${id}`, { token: managerToken })).body).to.deep.equal(badRequest('id must be a UUID'));
  });

  describe('time off: /me/time-off and /users/:id/time-off', () => {
    const starts = '2026-07-01T08:00:00.000Z';
    const ends = '2026-07-03T20:00:00.000Z';
    it('adds, lists (by overlap with from/to), moves, annotates and deletes time off', async () => {
      const created = await s.h.request('POST', '/me/time-off', { token: staffToken, body: { startsAt: starts, endsAt: ends, note: 'Wedding' } });
      expect(created.status).to.equal(201);
      expect(created.body).to.deep.include({ userId: staff.id, startsAt: starts, endsAt: ends, note: 'Wedding', createdByUserId: staff.id });
      const id = created.body.id;
      expect((await get('/me/time-off')).body.map((t: { id: string }) => t.id)).to.deep.equal([id]);
      expect((await get('/me/time-off?from=2026-07-03T19:00:00Z&to=2026-07-10T00:00:00Z')).body).to.have.length(1);
      expect((await get('/me/time-off?from=2026-07-03T20:00:00Z')).body).to.deep.equal([]);
      const moved = await s.h.request('PATCH', `/me/time-off/${id}`, { token: staffToken, body: { endsAt: '2026-07-02T20:00:00Z', note: null } });
      expect(moved.body).to.deep.include({ id, startsAt: starts, endsAt: '2026-07-02T20:00:00.000Z', note: null });
      expect((await s.h.request('PATCH', `/me/time-off/${id}`, { token: staffToken, body: { startsAt: '2026-07-05T00:00:00Z' } })).body).to.deep.equal(
        badRequest('endsAt must be after startsAt'),
      );
      expect((await s.h.request('DELETE', `/me/time-off/${id}`, { token: staffToken })).status).to.equal(204);
      expect((await s.h.request('DELETE', `/me/time-off/${id}`, { token: staffToken })).body).to.deep.equal(TIME_OFF_NOT_FOUND);
      expect((await get('/me/time-off')).body).to.deep.equal([]);
    });

    it("lets a manager keep their people's time off; another person's id is 404 through /me; other tenants 404; STAFF 403; 401", async () => {
      const mine = await s.h.request('POST', `/users/${staff.id}/time-off`, { token: managerToken, body: { startsAt: starts, endsAt: ends } });
      expect(mine.body).to.deep.include({ userId: staff.id, createdByUserId: manager.id, note: null });
      expect((await get(`/users/${staff.id}/time-off`, managerToken)).body).to.have.length(1);
      expect((await s.h.request('PATCH', `/users/${staff.id}/time-off/${mine.body.id}`, { token: managerToken, body: { note: 'Agreed' } })).body.note).to.equal('Agreed');
      expect((await s.h.request('DELETE', `/me/time-off/${mine.body.id}`, { token: managerToken })).body).to.deep.equal(TIME_OFF_NOT_FOUND);
      expect((await s.h.request('PATCH', `/me/time-off/${mine.body.id}`, { token: managerToken, body: { note: 'x' } })).body).to.deep.equal(TIME_OFF_NOT_FOUND);
      const other = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      expect((await s.h.request('POST', `/users/${other.id}/time-off`, { token: staffToken, body: { startsAt: starts, endsAt: ends } })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('POST', `/users/${other.id}/time-off`, { token: managerToken, body: { startsAt: starts, endsAt: ends } })).body).to.deep.equal(USER_NOT_FOUND);
      const ownerB = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await get(`/users/${staff.id}/time-off`, ownerB)).body).to.deep.equal(USER_NOT_FOUND);
      expect((await s.h.request('DELETE', `/users/${staff.id}/time-off/${mine.body.id}`, { token: ownerB })).body).to.deep.equal(USER_NOT_FOUND);
      expect((await s.h.request('POST', '/me/time-off', { body: { startsAt: starts, endsAt: ends } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('DELETE', `/users/${staff.id}/time-off/${mine.body.id}`, { token: managerToken })).status).to.equal(204);
    });

    for (const [name, body, messages] of [
      ['no endsAt', { startsAt: starts }, ['endsAt is required']],
      ['an end before the start', { startsAt: ends, endsAt: starts }, ['endsAt must be after startsAt']],
      ['more than 366 days', { startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-01-03T00:00:00Z' }, ['endsAt must be at most 366 days after startsAt']],
      ['an empty note', { startsAt: starts, endsAt: ends, note: ' ' }, ['note must be at least 1 characters']],
      ['an unknown field', { startsAt: starts, endsAt: ends, kind: 'X' }, ['property kind should not exist']],
    ] as const) {
      it(`POST is 400 for ${name}`, async () => {
        expect((await s.h.request('POST', '/me/time-off', { token: staffToken, body })).body).to.deep.equal(badRequest(...messages));
      });
    }

    it('PATCH and DELETE are 400 for a bad id or an empty body; GET for a bad from', async () => {
      expect((await s.h.request('DELETE', '/me/time-off/nope', { token: staffToken })).body).to.deep.equal(badRequest('timeOffId must be a UUID'));
      expect((await s.h.request('PATCH', `/me/time-off/${randomUUID()}`, { token: staffToken, body: {} })).body).to.deep.equal(
        badRequest('body must contain at least one of: startsAt, endsAt, note'),
      );
      expect((await get('/me/time-off?from=yesterday')).status).to.equal(400);
    });
  });

  describe('conflicts: the tenant mode on every path that assigns shifts', () => {
    // A Monday at least a week ahead, as a local date of the tenant.
    let monday: string;
    const local = (date: string, hhmm: string) => {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      return wallMinuteToInstant(date, h * 60 + m, TZ).toISOString();
    };
    beforeEach(async () => {
      let d = addDays(localDate(s.h.clock.now(), TZ), 7);
      while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
      monday = d;
      // Staff cannot work Monday evenings (into Tuesday) and prefer 09:00–17:00 on Wednesdays.
      await put('/me/availability', {
        windows: [
          { kind: 'UNAVAILABLE', weekday: 1, start: '18:00', end: '02:00' },
          { kind: 'AVAILABLE', weekday: 3, start: '09:00', end: '17:00' },
        ],
      });
    });
    const mode = async (m: 'OFF' | 'WARN' | 'BLOCK') => s.h.ds.query(`UPDATE tenants SET availability_conflict_mode = $2 WHERE id = $1`, [s.tenantA, m]);
    const assign = (start: string, end: string, userId = staff.id, token = managerToken) =>
      s.h.request('POST', '/shift-assignments', { token, body: { userId, outletId, scheduledStart: start, scheduledEnd: end } });
    const conflicts = (query = `from=${local(monday, '00:00')}&to=${local(addDays(monday, 7), '00:00')}`, token = managerToken) =>
      s.h.request('GET', `/availability/conflicts?${query}`, { token });
    const shiftCount = async () => (await s.h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [s.tenantA]))[0].n;
    const assignedEvents = async () => (await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1 AND type = 'shift.assigned'`, [s.tenantA]))[0].n;

    it('WARN (the default): the shift is assigned as always and the lookup lists the conflict with the window it hits', async () => {
      const res = await assign(local(monday, '20:00'), local(addDays(monday, 1), '01:00'));
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ userId: staff.id, status: 'SCHEDULED' });
      const windowId = (await get('/me/availability')).body.windows.find((w: { kind: string }) => w.kind === 'UNAVAILABLE').id;
      expect((await conflicts()).body).to.deep.equal({
        mode: 'WARN',
        conflicts: [
          {
            userId: staff.id,
            shift: { id: res.body.id, outletId, scheduledStart: local(monday, '20:00'), scheduledEnd: local(addDays(monday, 1), '01:00') },
            kind: 'UNAVAILABLE',
            hard: true,
            window: { id: windowId, start: local(monday, '18:00'), end: local(addDays(monday, 1), '02:00'), note: null },
          },
        ],
      });
    });

    it('lists time off, approved leave and (soft) shifts outside the preferred windows; nothing for shifts that fit', async () => {
      const tuesday = addDays(monday, 1);
      const wednesday = addDays(monday, 2);
      const timeOff = await s.h.request('POST', '/me/time-off', { token: staffToken, body: { startsAt: local(tuesday, '12:00'), endsAt: local(tuesday, '15:00'), note: 'Dentist' } });
      const leaveId = randomUUID();
      await s.h.ds.query(
        `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
         VALUES ($1, $2, $3, 'ANNUAL', $4, $5, 1, 1, 'APPROVED', now())`,
        [leaveId, s.tenantA, staff.id, local(addDays(monday, 3), '00:00'), new Date(Date.parse(local(addDays(monday, 4), '00:00')) - 1)],
      );
      await assign(local(tuesday, '10:00'), local(tuesday, '13:00'));
      await assign(local(wednesday, '08:00'), local(wednesday, '12:00'));
      await assign(local(wednesday, '13:00'), local(wednesday, '17:00'));
      await assign(local(addDays(monday, 3), '09:00'), local(addDays(monday, 3), '17:00'));
      const body = (await conflicts()).body;
      expect(body.conflicts.map((c: { kind: string; hard: boolean; window: { id: string | null; start: string; end: string; note: string | null } }) => [c.kind, c.hard, c.window])).to.deep.equal([
        ['TIME_OFF', true, { id: timeOff.body.id, start: local(tuesday, '12:00'), end: local(tuesday, '15:00'), note: 'Dentist' }],
        ['OUTSIDE_AVAILABILITY', false, { id: null, start: local(wednesday, '08:00'), end: local(wednesday, '09:00'), note: null }],
        ['LEAVE', true, { id: leaveId, start: local(addDays(monday, 3), '00:00'), end: local(addDays(monday, 4), '00:00'), note: 'ANNUAL' }],
      ]);
    });

    it('BLOCK: refuses a hard conflict with 409 AVAILABILITY_CONFLICT listing it, writes and fires nothing; a soft one passes', async () => {
      await mode('BLOCK');
      const before = { shifts: await shiftCount(), events: await assignedEvents() };
      const res = await assign(local(monday, '17:00'), local(monday, '19:00'));
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.include({ message: 'The shift falls in time the person is unavailable (UNAVAILABLE)', error: 'AVAILABILITY_CONFLICT', statusCode: 409 });
      expect(res.body.conflicts).to.have.length(1);
      expect(res.body.conflicts[0]).to.deep.include({ userId: staff.id, kind: 'UNAVAILABLE', hard: true });
      expect(res.body.conflicts[0].shift).to.deep.equal({ id: null, outletId, scheduledStart: local(monday, '17:00'), scheduledEnd: local(monday, '19:00') });
      expect({ shifts: await shiftCount(), events: await assignedEvents() }).to.deep.equal(before);
      expect((await assign(local(monday, '09:00'), local(monday, '17:00'))).status).to.equal(201);
      expect((await assign(local(addDays(monday, 2), '06:00'), local(addDays(monday, 2), '10:00'))).status).to.equal(201);
    });

    it('BLOCK: a roster publish names each conflicting row and writes none of them; cloning a week into unavailability is refused too', async () => {
      await mode('BLOCK');
      const colleague = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, colleague.id, [outletId]);
      const rows = [
        { userId: colleague.id, scheduledStart: local(monday, '18:00'), scheduledEnd: local(monday, '22:00') },
        { userId: staff.id, scheduledStart: local(monday, '09:00'), scheduledEnd: local(monday, '12:00') },
        { userId: staff.id, scheduledStart: local(monday, '19:00'), scheduledEnd: local(monday, '23:00') },
      ];
      const res = await s.h.request('POST', '/scheduler/assignments', { token: managerToken, body: { outletId, assignments: rows } });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.include({ error: 'AVAILABILITY_CONFLICT', message: 'assignments[2]: The shift falls in time the person is unavailable (UNAVAILABLE)' });
      expect(res.body.conflicts.map((c: { shift: { row: number } }) => c.shift.row)).to.deep.equal([2]);
      expect(await shiftCount()).to.equal(0);
      expect((await s.h.ds.query(`SELECT count(*)::int AS n FROM rosters WHERE tenant_id = $1`, [s.tenantA]))[0].n).to.equal(0);
      // The week before, while the mode was WARN, the person had a Monday-evening shift; copying it a week on hits the window.
      await mode('WARN');
      const lastWeek = addDays(monday, -7);
      expect((await assign(local(lastWeek, '18:00'), local(lastWeek, '20:00'))).status).to.equal(201);
      await mode('BLOCK');
      const clone = await s.h.request('POST', '/scheduler/clone-week', { token: managerToken, body: { outletId, fromWeekStart: lastWeek, toWeekStart: monday } });
      expect(clone.body).to.deep.include({ error: 'AVAILABILITY_CONFLICT', statusCode: 409 });
      expect(await shiftCount()).to.equal(1);
    });

    it('BLOCK: re-assigning or moving a shift into unavailability is refused; a note change on it is not', async () => {
      const colleague = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, colleague.id, [outletId]);
      const theirs = (await assign(local(monday, '19:00'), local(monday, '21:00'), colleague.id)).body.id;
      const mine = (await assign(local(monday, '09:00'), local(monday, '12:00'))).body.id;
      await mode('BLOCK');
      const patch = (id: string, body: unknown) => s.h.request('PATCH', `/shift-assignments/${id}`, { token: managerToken, body });
      expect((await patch(theirs, { userId: staff.id })).body.error).to.equal('AVAILABILITY_CONFLICT');
      expect((await patch(mine, { scheduledStart: local(monday, '16:00'), scheduledEnd: local(monday, '19:00') })).body.error).to.equal('AVAILABILITY_CONFLICT');
      expect((await patch(mine, { note: 'Till 3' })).status).to.equal(200);
    });

    it('OFF: nothing is refused and the lookup reports nothing', async () => {
      await mode('OFF');
      expect((await assign(local(monday, '19:00'), local(monday, '21:00'))).status).to.equal(201);
      expect((await conflicts()).body).to.deep.equal({ mode: 'OFF', conflicts: [] });
    });

    it('GET /availability/conflicts: an OUTLET_MANAGER sees their outlets only; STAFF 403; 401; another tenant sees none; 400s', async () => {
      await assign(local(monday, '19:00'), local(monday, '21:00'));
      const other = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, other.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      expect((await conflicts(undefined, await s.h.tokenFor(other))).body.conflicts).to.deep.equal([]);
      expect((await conflicts(undefined, await s.tokenAs('HR_MANAGER'))).body.conflicts).to.have.length(1);
      expect((await conflicts(`from=${local(monday, '00:00')}&to=${local(addDays(monday, 1), '00:00')}&outletId=${outletId}&userId=${staff.id}`)).body.conflicts).to.have.length(1);
      expect((await conflicts(undefined, await s.tokenAs('TENANT_OWNER', s.tenantB))).body.conflicts).to.deep.equal([]);
      expect((await conflicts(undefined, staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', '/availability/conflicts?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await conflicts('to=2026-01-02T00:00:00Z')).body).to.deep.equal(badRequest('from is required'));
      expect((await conflicts('from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z')).body).to.deep.equal(badRequest('to must be after from'));
      expect((await conflicts('from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z')).body).to.deep.equal(badRequest('to must be at most 42 days after from'));
      expect((await conflicts('from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&outletId=x')).body).to.deep.equal(badRequest('outletId must be a UUID'));
    });

    it('open shifts: staff are not offered one in their unavailability and may not claim it, whatever the mode; others are and may', async () => {
      await mode('OFF');
      const holder = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const free = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, holder.id, [outletId]);
      await assignOutlets(s.h.ds, s.tenantA, free.id, [outletId]);
      const evening = (await assign(local(monday, '19:00'), local(monday, '22:00'), holder.id)).body.id;
      const morning = (await assign(local(monday, '08:00'), local(monday, '11:00'), holder.id)).body.id;
      const openEvening = (await s.h.request('POST', `/shift-assignments/${evening}/release`, { token: managerToken, body: {} })).body.id;
      const openMorning = (await s.h.request('POST', `/shift-assignments/${morning}/release`, { token: managerToken, body: {} })).body.id;
      const ids = async (token: string) => (await s.h.request('GET', '/open-shifts', { token })).body.map((o: { id: string }) => o.id);
      expect(await ids(staffToken)).to.deep.equal([openMorning]);
      expect(await ids(await s.h.tokenFor(free))).to.deep.equal([openMorning, openEvening]);
      expect((await s.h.request('GET', '/open-shifts?limit=1&offset=1', { token: await s.h.tokenFor(free) })).body.map((o: { id: string }) => o.id)).to.deep.equal([openEvening]);
      const refused = await s.h.request('POST', `/open-shifts/${openEvening}/claim`, { token: staffToken });
      expect(refused.body).to.deep.equal({ message: 'You marked yourself unavailable for this time', error: 'UNAVAILABLE', statusCode: 409 });
      expect((await s.h.request('POST', `/open-shifts/${openMorning}/claim`, { token: staffToken })).status).to.equal(200);
      expect((await s.h.request('POST', `/open-shifts/${openEvening}/claim`, { token: await s.h.tokenFor(free) })).status).to.equal(200);
    });
  });
});
