import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });
const NOT_FOUND = { message: 'Open shift not found', error: 'Not Found', statusCode: 404 };
const HOUR = 3_600_000;
const OPEN_KEYS = ['id', 'outletId', 'scheduledStart', 'scheduledEnd', 'type', 'note', 'status', 'previousUserId', 'releasedByUserId', 'claimedByUserId', 'claimedAssignmentId', 'closedAt', 'createdAt', 'updatedAt'];

describe('open shifts: release, list, claim, withdraw (HTTP)', () => {
  const s = twoTenantSuite();
  let manager: CreatedUser;
  let token: string;
  let outletId: string;
  let holder: CreatedUser;
  let staff: CreatedUser[];
  let tokens: string[];

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    holder = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    staff = [await createUser(s.h.ds, s.tenantA, { role: 'STAFF' }), await createUser(s.h.ds, s.tenantA, { role: 'STAFF' })];
    for (const u of [manager, holder, ...staff]) await assignOutlets(s.h.ds, s.tenantA, u.id, [outletId]);
    token = await s.h.tokenFor(manager);
    tokens = await Promise.all(staff.map((u) => s.h.tokenFor(u)));
  });

  const at = (hours: number) => new Date(s.h.clock.now().getTime() + hours * HOUR).toISOString();
  async function shift(userId: string, startH: number, endH: number): Promise<string> {
    // A fresh token: some tests move the clock past an access token's lifetime.
    const res = await s.h.request('POST', '/shift-assignments', { token: await s.h.tokenFor(manager), body: { userId, outletId, scheduledStart: at(startH), scheduledEnd: at(endH), note: 'Till 2' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }
  const release = async (id: string, body?: unknown, as?: string) => s.h.request('POST', `/shift-assignments/${id}/release`, { token: as ?? (await s.h.tokenFor(manager)), body });
  const claim = (id: string, as: string) => s.h.request('POST', `/open-shifts/${id}/claim`, { token: as });
  const list = (as: string, query = '') => s.h.request('GET', `/open-shifts${query}`, { token: as });

  describe('POST /shift-assignments/:id/release', () => {
    it('cancels the assignment, opens a shift in its place and records shift.released without a tenantId', async () => {
      const id = await shift(holder.id, 24, 32);
      const res = await release(id, { note: 'Cover needed' });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys(OPEN_KEYS);
      expect(res.body).to.deep.include({ outletId, scheduledStart: at(24), scheduledEnd: at(32), type: 'REGULAR', note: 'Cover needed', status: 'OPEN', previousUserId: holder.id, releasedByUserId: manager.id, claimedByUserId: null, closedAt: null });
      const [row] = await s.h.ds.query(`SELECT status FROM shift_assignments WHERE tenant_id = $1 AND id = $2`, [s.tenantA, id]);
      expect(row.status).to.equal('CANCELLED');
      const [event] = await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = 'shift.released'`, [s.tenantA]);
      expect(event.payload).to.deep.equal({ shiftId: res.body.id, outletId, scheduledStart: at(24), scheduledEnd: at(32), type: 'REGULAR', previousUserId: holder.id, releasedByUserId: manager.id });
    });

    it('is 409 for a shift not SCHEDULED or already started, and for a second release', async () => {
      const started = await shift(holder.id, -1, 4);
      expect((await release(started)).body).to.deep.equal(conflict('A shift that has started cannot be released'));
      const id = await shift(holder.id, 24, 32);
      expect((await release(id)).status).to.equal(200);
      expect((await release(id)).body).to.deep.equal(conflict('A shift that is CANCELLED cannot be released'));
    });

    it('is 401 without a token, 403 for STAFF, 404 for another tenant’s shift or an OUTLET_MANAGER’s other outlet, 400 for a bad id or body', async () => {
      const id = await shift(holder.id, 24, 32);
      expect((await s.h.request('POST', `/shift-assignments/${id}/release`, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await release(id, undefined, tokens[0])).body).to.deep.equal(FORBIDDEN);
      expect((await release(id, undefined, await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal({ message: 'Shift assignment not found', error: 'Not Found', statusCode: 404 });
      const elsewhere = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, elsewhere.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      expect((await release(id, undefined, await s.h.tokenFor(elsewhere))).status).to.equal(404);
      expect((await release('nope')).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await release(id, { note: '' })).body).to.deep.equal(badRequest('note must be at least 1 characters'));
    });
  });

  describe('GET /open-shifts', () => {
    it('shows staff only what they may claim: their outlet, no overlapping shift of theirs, no approved leave that day, not started', async () => {
      const open = (await release(await shift(holder.id, 48, 56))).body.id;
      const [free, busy] = staff;
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const outsider = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, outsider.id, [otherOutlet]);
      await shift(busy!.id, 50, 52);
      const onLeave = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, onLeave.id, [outletId]);
      // Approved leave on the shift's day (tenant timezone Europe/London), even hours away from the shift itself.
      const dayStart = new Date(new Date(at(48)).setUTCHours(0, 0, 0, 0));
      await s.h.ds.query(
        `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
         VALUES ($1, $2, $3, 'ANNUAL', $4, $5, 1, 0.5, 'APPROVED', now())`,
        [randomUUID(), s.tenantA, onLeave.id, dayStart, new Date(dayStart.getTime() + 1000)],
      );
      const startedOpen = (await release(await shift(holder.id, 2, 4))).body.id;
      s.h.clock.advance(3 * HOUR);

      expect((await list(await s.h.tokenFor(free!))).body.map((o: { id: string }) => o.id)).to.deep.equal([open]);
      expect((await list(await s.h.tokenFor(busy!))).body).to.deep.equal([]);
      expect((await list(await s.h.tokenFor(outsider))).body).to.deep.equal([]);
      expect((await list(await s.h.tokenFor(onLeave))).body).to.deep.equal([]);
      const managerView = await list(await s.h.tokenFor(manager));
      expect(managerView.body.map((o: { id: string }) => o.id)).to.deep.equal([open]);
      expect(managerView.body.map((o: { id: string }) => o.id)).to.not.include(startedOpen);
      expect((await list(await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal([]);
      expect((await list(await s.h.tokenFor(free!), '?outletId=x')).body).to.deep.equal(badRequest('outletId must be a UUID'));
      expect((await s.h.request('GET', '/open-shifts', {})).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe("leave against the shift's days at its outlet", () => {
    it("compares the dates the leave was taken for (company's timezone) with the dates the shift touches in its outlet's timezone", async () => {
      await s.h.ds.query(`UPDATE tenants SET timezone = 'Europe/Paris' WHERE id = $1`, [s.tenantA]);
      await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outletId]);
      const absolute = async (start: string, end: string) => {
        const res = await s.h.request('POST', '/shift-assignments', { token, body: { userId: holder.id, outletId, scheduledStart: start, scheduledEnd: end } });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        return (await release(res.body.id)).body.id as string;
      };
      // Tuesday 12 January 2027 taken off, as the leave module stores it: the Paris day, 23:00Z to 22:59:59.999Z.
      await s.h.ds.query(
        `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
         VALUES ($1, $2, $3, 'ANNUAL', '2027-01-11T23:00:00Z', '2027-01-12T22:59:59.999Z', 1, 1, 'APPROVED', now())`,
        [randomUUID(), s.tenantA, staff[0]!.id],
      );
      // Monday 11th 09:00–13:00 in New York, which Paris's 12th already overlaps at 18:00 New York time; Tuesday 12th 19:00–22:00, Wednesday in Paris.
      const monday = await absolute('2027-01-11T14:00:00.000Z', '2027-01-11T18:00:00.000Z');
      const tuesdayEvening = await absolute('2027-01-13T00:00:00.000Z', '2027-01-13T03:00:00.000Z');
      expect((await list(tokens[0]!)).body.map((o: { id: string }) => o.id)).to.deep.equal([monday]);
      expect((await list(tokens[1]!)).body.map((o: { id: string }) => o.id)).to.deep.equal([monday, tuesdayEvening]);
      expect((await claim(tuesdayEvening, tokens[0]!)).body).to.deep.equal(conflict('You are on approved leave that day', 'ON_LEAVE'));
    });
  });

  describe('POST /open-shifts/:id/claim', () => {
    it('gives the claimer a new SCHEDULED assignment and records shift.claimed without a tenantId', async () => {
      const open = (await release(await shift(holder.id, 24, 32))).body;
      const res = await claim(open.id, tokens[0]!);
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys([...OPEN_KEYS, 'assignment']);
      expect(res.body).to.deep.include({ id: open.id, status: 'CLAIMED', claimedByUserId: staff[0]!.id, claimedAssignmentId: res.body.assignment.id, closedAt: s.h.clock.now().toISOString() });
      expect(res.body.assignment).to.deep.include({ userId: staff[0]!.id, outletId, scheduledStart: at(24), scheduledEnd: at(32), status: 'SCHEDULED', type: 'REGULAR', note: 'Till 2', rosterId: null });
      const [event] = await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = 'shift.claimed'`, [s.tenantA]);
      expect(event.payload).to.deep.equal({ shiftId: open.id, outletId, scheduledStart: at(24), scheduledEnd: at(32), type: 'REGULAR', claimedByUserId: staff[0]!.id });
    });

    it('first come, first served: of two staff claiming at once exactly one wins, the other is 409', async () => {
      for (let round = 0; round < 5; round++) {
        const open = (await release(await shift(holder.id, 100 + round * 10, 104 + round * 10))).body.id;
        const results = await Promise.all(tokens.map((t) => claim(open, t)));
        expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409]);
        expect(results.find((r) => r.status === 409)!.body).to.deep.equal(conflict('The shift has already been taken', 'SHIFT_TAKEN'));
        const [{ n }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1 AND type = 'shift.claimed' AND payload->>'shiftId' = $2`, [s.tenantA, open]);
        expect(n).to.equal(1);
      }
    });

    it('is 409 for an overlapping shift, approved leave, a started or withdrawn shift; 404 outside their outlets or tenant', async () => {
      const open = (await release(await shift(holder.id, 24, 32))).body.id;
      await shift(staff[1]!.id, 30, 34);
      expect((await claim(open, tokens[1]!)).body).to.deep.equal(conflict('The shift overlaps another shift of yours', 'SHIFT_OVERLAP'));
      const stranger = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      expect((await claim(open, await s.h.tokenFor(stranger))).body).to.deep.equal(NOT_FOUND);
      expect((await claim(open, await s.tokenAs('STAFF', s.tenantB))).body).to.deep.equal(NOT_FOUND);
      // Leave over the days the shift (24 h to 32 h from now) falls on, whatever the time of day the test runs at.
      await s.h.ds.query(
        `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
         VALUES ($1, $2, $3, 'SICK', $4, $5, 1, 1, 'APPROVED', now())`,
        [randomUUID(), s.tenantA, staff[0]!.id, at(23), at(33)],
      );
      expect((await claim(open, tokens[0]!)).body).to.deep.equal(conflict('You are on approved leave that day', 'ON_LEAVE'));
      const soon = (await release(await shift(holder.id, 1, 2))).body.id;
      s.h.clock.advance(HOUR + 1);
      expect((await claim(soon, await s.h.tokenFor(staff[0]!))).body).to.deep.equal(conflict('The shift has started', 'SHIFT_STARTED'));
      const later = (await release(await shift(holder.id, 60, 62), undefined, await s.h.tokenFor(manager))).body.id;
      expect((await s.h.request('DELETE', `/open-shifts/${later}`, { token: await s.h.tokenFor(manager) })).body.status).to.equal('WITHDRAWN');
      expect((await claim(later, await s.h.tokenFor(staff[0]!))).body).to.deep.equal(conflict('The shift has already been taken', 'SHIFT_TAKEN'));
      expect((await claim('nope', await s.h.tokenFor(staff[0]!))).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });

  describe('DELETE /open-shifts/:id', () => {
    it('withdraws an open shift (fires nothing); twice is 409; STAFF 403; other tenant 404', async () => {
      const open = (await release(await shift(holder.id, 24, 32))).body.id;
      const [{ n: before }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
      expect((await s.h.request('DELETE', `/open-shifts/${open}`, { token: tokens[0] })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('DELETE', `/open-shifts/${open}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) })).body).to.deep.equal(NOT_FOUND);
      const res = await s.h.request('DELETE', `/open-shifts/${open}`, { token });
      expect(res.body).to.deep.include({ status: 'WITHDRAWN', closedAt: s.h.clock.now().toISOString() });
      expect((await s.h.request('DELETE', `/open-shifts/${open}`, { token })).body).to.deep.equal(conflict('An open shift that is WITHDRAWN cannot be withdrawn'));
      const [{ n: after }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
      expect(after).to.equal(before);
    });
  });
});
