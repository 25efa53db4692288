import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
const at = (hhmm: string, day = '2030-03-04') => `${day}T${hhmm}:00.000Z`;

describe('rosters: publish, approval and week cloning (HTTP)', () => {
  const s = twoTenantSuite();
  let manager: CreatedUser;
  let token: string;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let outletId: string;

  beforeEach(async () => {
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OPERATIONS_MANAGER' });
    token = await s.h.tokenFor(manager);
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Alice' });
    bob = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Bob' });
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
  });

  const row = (user: CreatedUser, start: string, end: string, over: Record<string, unknown> = {}) => ({ userId: user.id, scheduledStart: start, scheduledEnd: end, ...over });
  const publish = (body: unknown, as = token) => s.h.request('POST', '/scheduler/assignments', { token: as, body });
  async function counts(): Promise<{ shifts: number; events: number; rosters: number }> {
    const [r] = await s.h.ds.query(
      `SELECT (SELECT count(*)::int FROM shift_assignments WHERE tenant_id = ANY($1)) AS shifts,
              (SELECT count(*)::int FROM domain_events WHERE tenant_id = ANY($1)) AS events,
              (SELECT count(*)::int FROM rosters WHERE tenant_id = ANY($1)) AS rosters`,
      [s.tenants],
    );
    return r;
  }
  async function requireApproval(): Promise<void> {
    const owner = await s.tokenAs('TENANT_OWNER');
    const res = await s.h.request('PATCH', '/tenant', { token: owner, body: { rosterApprovalRequired: true } });
    expect(res.body.rosterApprovalRequired).to.equal(true);
  }

  describe('POST /scheduler/assignments', () => {
    it('publishes every row as a SCHEDULED shift of one roster and records shift.assigned for each', async () => {
      const res = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00'), { note: 'Opening' }), row(bob, at('12:00'), at('20:00'), { type: 'OVERTIME' })] });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('published', 'rosterId', 'assignments');
      expect(res.body.published).to.equal(2);
      expect(res.body.assignments.map((a: Record<string, unknown>) => [a.userId, a.status, a.type, a.note, a.rosterId, a.outletId, a.createdByUserId])).to.deep.equal([
        [alice.id, 'SCHEDULED', 'REGULAR', 'Opening', res.body.rosterId, outletId, manager.id],
        [bob.id, 'SCHEDULED', 'OVERTIME', null, res.body.rosterId, outletId, manager.id],
      ]);
      const events = await s.h.ds.query(`SELECT type, payload FROM domain_events WHERE tenant_id = $1 ORDER BY payload->>'scheduledStart'`, [s.tenantA]);
      expect(events).to.deep.equal(
        res.body.assignments.map((a: Record<string, string>) => ({
          type: 'shift.assigned',
          payload: { tenantId: s.tenantA, shiftAssignmentId: a.id, userId: a.userId, outletId, scheduledStart: a.scheduledStart, scheduledEnd: a.scheduledEnd },
        })),
      );
      const roster = await s.h.request('GET', `/scheduler/rosters/${res.body.rosterId}`, { token });
      expect(roster.body).to.deep.include({ id: res.body.rosterId, outletId, source: 'PUBLISH', status: 'PUBLISHED', assignmentCount: 2, publishedByUserId: manager.id, decidedByUserId: null });
      expect(roster.body.assignments.map((a: { id: string }) => a.id)).to.deep.equal(res.body.assignments.map((a: { id: string }) => a.id));
    });

    it('is all or nothing: a row overlapping a booked shift, or another row, is a 409 naming the row, and nothing is kept', async () => {
      await s.h.request('POST', '/shift-assignments', { token, body: { userId: bob.id, outletId, scheduledStart: at('18:00'), scheduledEnd: at('22:00') } });
      const before = await counts();
      const booked = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00')), row(bob, at('08:00'), at('12:00')), row(bob, at('16:00'), at('19:00'))] });
      expect(booked.body).to.deep.equal(conflict('assignments[2]: The shift overlaps another shift of this user', 'SHIFT_OVERLAP'));
      const within = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00')), row(alice, at('16:00'), at('20:00'))] });
      expect(within.body).to.deep.equal(conflict('assignments[1]: The shift overlaps another shift of this user', 'SHIFT_OVERLAP'));
      expect(await counts()).to.deep.equal(before);
    });

    it('validates the body and every row, naming the row', async () => {
      expect((await publish({ outletId, assignments: [] })).body).to.deep.equal(badRequest('assignments must contain at least 1 element'));
      expect((await publish({ assignments: [row(alice, at('09:00'), at('17:00'))] })).body).to.deep.equal(badRequest('outletId is required'));
      expect((await publish({ outletId, assignments: [row(alice, at('09:00'), 'soon')] })).body).to.deep.equal(badRequest('assignments.0.scheduledEnd must be a valid ISO 8601 date string'));
      expect((await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00'), { status: 'COMPLETED' })] })).body).to.deep.equal(
        badRequest('property assignments.0.status should not exist'),
      );
      expect((await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00')), row(bob, at('17:00'), at('09:00'))] })).body).to.deep.equal(
        badRequest('assignments[1]: scheduledEnd must be after scheduledStart'),
      );
      const tooMany = Array.from({ length: 1001 }, (_, i) => row(alice, new Date(Date.UTC(2031, 0, 1) + i * 3_600_000).toISOString(), new Date(Date.UTC(2031, 0, 1) + i * 3_600_000 + 1000).toISOString()));
      expect((await publish({ outletId, assignments: tooMany })).body).to.deep.equal(badRequest('assignments must contain at most 1000 elements'));
    });

    it('is 404 naming the row for a user of another tenant or unknown, 409 for an inactive one, 404 for another tenant’s outlet', async () => {
      const stranger = await createUser(s.h.ds, s.tenantB, { role: 'STAFF' });
      const inactive = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', status: 'INACTIVE' });
      expect((await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00')), row(stranger, at('09:00'), at('17:00'))] })).body).to.deep.equal(
        notFound('assignments[1]: User not found'),
      );
      expect((await publish({ outletId, assignments: [{ ...row(alice, at('09:00'), at('17:00')), userId: UNKNOWN_ID }] })).status).to.equal(404);
      expect((await publish({ outletId, assignments: [row(inactive, at('09:00'), at('17:00'))] })).body).to.deep.equal(conflict('assignments[0]: The user is not active'));
      const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await publish({ outletId: foreignOutlet, assignments: [row(alice, at('09:00'), at('17:00'))] })).body).to.deep.equal(notFound('Outlet not found'));
    });

    it('is 401 without a token, 403 for STAFF; an OUTLET_MANAGER publishes at their outlets only, for their people only', async () => {
      const body = { outletId, assignments: [row(alice, at('09:00'), at('17:00'))] };
      expect((await s.h.request('POST', '/scheduler/assignments', { body })).body).to.deep.equal(UNAUTHORIZED);
      expect((await publish(body, await s.tokenAs('STAFF'))).body).to.deep.equal(FORBIDDEN);
      const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      const other = (await createOutlet(s.h.ds, s.tenantA)).id;
      await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [other]);
      const om = await s.h.tokenFor(outletManager);
      expect((await publish(body, om)).body).to.deep.equal({ message: 'You can manage shifts only at your outlets', error: 'Forbidden', statusCode: 403 });
      expect((await publish({ ...body, outletId: other }, om)).body).to.deep.equal(notFound('assignments[0]: User not found'));
      await assignOutlets(s.h.ds, s.tenantA, alice.id, [other]);
      expect((await publish({ ...body, outletId: other }, om)).status).to.equal(201);
    });
  });

  describe('roster approval', () => {
    it('with approval on, publishes PROPOSED drafts (202, PENDING_APPROVAL) that still record shift.assigned', async () => {
      await requireApproval();
      const res = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00'))] });
      expect(res.status).to.equal(202);
      expect(res.body).to.deep.include({ outletId, source: 'PUBLISH', status: 'PENDING_APPROVAL', published: 1, assignmentCount: 1, publishedByUserId: manager.id });
      expect(res.body.assignments[0]).to.include({ status: 'PROPOSED', rosterId: res.body.id });
      const events = await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
      expect(events).to.deep.equal([{ type: 'shift.assigned' }]);
      const listed = await s.h.request('GET', '/scheduler/rosters?status=PENDING_APPROVAL', { token });
      expect(listed.body.map((r: { id: string }) => r.id)).to.deep.equal([res.body.id]);
    });

    it('an approver (AREA_MANAGER and above, not the publisher) approves: drafts become SCHEDULED; nothing is recorded; twice is 409', async () => {
      await requireApproval();
      const res = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00')), row(bob, at('09:00'), at('17:00'))] });
      const approve = (as: string, body?: unknown) => s.h.request('POST', `/scheduler/rosters/${res.body.id}/approve`, { token: as, body });
      const before = await counts();
      expect((await approve(await s.tokenAs('OUTLET_MANAGER'))).body).to.deep.equal(FORBIDDEN);
      expect((await approve(await s.tokenAs('OPERATIONS_MANAGER'))).body).to.deep.equal(FORBIDDEN);
      const selfApprover = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
      const own = await publish({ outletId, assignments: [row(alice, at('18:00'), at('20:00'))] }, await s.h.tokenFor(selfApprover));
      expect((await s.h.request('POST', `/scheduler/rosters/${own.body.id}/approve`, { token: await s.h.tokenFor(selfApprover) })).body).to.deep.equal({
        message: 'A roster is decided by someone other than the person who published it',
        error: 'Forbidden',
        statusCode: 403,
      });
      const approver = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
      const ok = await approve(await s.h.tokenFor(approver), { note: 'Fine' });
      expect(ok.status).to.equal(200);
      expect(ok.body).to.deep.include({ status: 'APPROVED', decidedByUserId: approver.id, decidedAt: s.h.clock.now().toISOString(), decisionNote: 'Fine' });
      expect(ok.body.assignments.map((a: { status: string }) => a.status)).to.deep.equal(['SCHEDULED', 'SCHEDULED']);
      expect((await counts()).events).to.equal(before.events + 1);
      expect((await approve(await s.h.tokenFor(approver))).body).to.deep.equal(conflict('A roster that is APPROVED cannot be approved'));
    });

    it('rejecting cancels the drafts; a roster published without approval cannot be decided; another tenant’s is 404', async () => {
      await requireApproval();
      const res = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00'))] });
      const approver = await s.tokenAs('HR_MANAGER');
      const rejected = await s.h.request('POST', `/scheduler/rosters/${res.body.id}/reject`, { token: approver, body: { note: 'Over budget' } });
      expect(rejected.body).to.deep.include({ status: 'REJECTED', decisionNote: 'Over budget' });
      expect(rejected.body.assignments[0].status).to.equal('CANCELLED');
      expect((await s.h.request('POST', `/scheduler/rosters/${res.body.id}/reject`, { token: approver, body: { note: '' } })).body).to.deep.equal(
        badRequest('note must be at least 1 characters'),
      );
      const foreign = await s.h.request('POST', `/scheduler/rosters/${res.body.id}/approve`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(foreign.body).to.deep.equal(notFound('Roster not found'));
      expect((await s.h.request('GET', `/scheduler/rosters/${res.body.id}`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) })).status).to.equal(404);
      const owner = await s.tokenAs('TENANT_OWNER');
      await s.h.request('PATCH', '/tenant', { token: owner, body: { rosterApprovalRequired: false } });
      const published = await publish({ outletId, assignments: [row(bob, at('09:00'), at('17:00'))] });
      expect((await s.h.request('POST', `/scheduler/rosters/${published.body.rosterId}/approve`, { token: approver })).body).to.deep.equal(conflict('A roster that is PUBLISHED cannot be approved'));
      expect((await s.h.request('POST', `/scheduler/rosters/not-an-id/approve`, { token: approver })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('POST', `/scheduler/rosters/${res.body.id}/approve`, {})).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('POST /scheduler/clone-week', () => {
    const clone = (body: unknown, as = token) => s.h.request('POST', '/scheduler/clone-week', { token: as, body });

    it('copies the week at the same local times across a DST change, skips people no longer active, and records nothing', async () => {
      // Europe/London: the week of 2030-03-18 is GMT, that of 2030-04-01 is BST (UTC+1).
      const single = (user: CreatedUser, start: string, end: string) => s.h.request('POST', '/shift-assignments', { token, body: { userId: user.id, outletId, scheduledStart: start, scheduledEnd: end } });
      const a = (await single(alice, '2030-03-18T09:00:00.000Z', '2030-03-18T17:00:00.000Z')).body;
      const b = (await single(bob, '2030-03-24T22:00:00.000Z', '2030-03-25T02:00:00.000Z')).body;
      await single(alice, '2030-03-25T00:00:00.000Z', '2030-03-25T01:00:00.000Z');
      await s.h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [bob.id]);
      const before = await counts();
      const res = await clone({ outletId, fromWeekStart: '2030-03-18', toWeekStart: '2030-04-01' });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ status: 'PUBLISHED', cloned: 1, skipped: [{ sourceShiftId: b.id, userId: bob.id, reason: 'The user is not active' }] });
      expect(res.body.assignments[0]).to.include({ userId: alice.id, scheduledStart: '2030-04-01T08:00:00.000Z', scheduledEnd: '2030-04-01T16:00:00.000Z', status: 'SCHEDULED', rosterId: res.body.rosterId });
      expect(a.scheduledStart).to.equal('2030-03-18T09:00:00.000Z');
      const after = await counts();
      expect([after.shifts - before.shifts, after.events - before.events, after.rosters - before.rosters]).to.deep.equal([1, 0, 1]);
      expect((await clone({ outletId, fromWeekStart: '2030-03-18', toWeekStart: '2030-04-01' })).body).to.deep.equal(
        conflict('assignments[0]: The shift overlaps another shift of this user', 'SHIFT_OVERLAP'),
      );
    });

    describe("in the outlet's timezone, not the company's", () => {
      const single = (user: CreatedUser, start: string, end: string) => s.h.request('POST', '/shift-assignments', { token, body: { userId: user.id, outletId, scheduledStart: start, scheduledEnd: end } });
      const copies = (res: { body: { assignments: Array<Record<string, string>> } }) =>
        res.body.assignments.map((a) => [a.userId, a.scheduledStart, a.scheduledEnd]).sort((x, y) => x[1]!.localeCompare(y[1]!));

      beforeEach(async () => {
        await s.h.ds.query(`UPDATE tenants SET timezone = 'Europe/Paris' WHERE id = $1`, [s.tenantA]);
        await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outletId]);
      });

      it("reads the week from the outlet's Monday to its next: a Sunday-evening shift is in it, the Sunday before is not", async () => {
        // New York in January is UTC-5, Paris UTC+1: a Paris week would start at 2030-01-06T23:00Z and end at 2030-01-13T23:00Z.
        await single(alice, '2030-01-06T23:00:00.000Z', '2030-01-07T02:00:00.000Z');
        await single(alice, '2030-01-07T14:00:00.000Z', '2030-01-07T22:00:00.000Z');
        await single(bob, '2030-01-14T01:00:00.000Z', '2030-01-14T04:00:00.000Z');
        const res = await clone({ outletId, fromWeekStart: '2030-01-07', toWeekStart: '2030-01-14' });
        expect(res.status).to.equal(201);
        expect(copies(res)).to.deep.equal([
          [alice.id, '2030-01-14T14:00:00.000Z', '2030-01-14T22:00:00.000Z'],
          [bob.id, '2030-01-21T01:00:00.000Z', '2030-01-21T04:00:00.000Z'],
        ]);
      });

      it("keeps the outlet's wall clock across its own DST change, which the company's zone has not had yet", async () => {
        // New York moves to UTC-4 on 2030-03-10; Paris stays UTC+1 until 2030-03-31.
        await single(alice, '2030-03-04T14:00:00.000Z', '2030-03-04T22:00:00.000Z');
        const res = await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' });
        expect(copies(res)).to.deep.equal([[alice.id, '2030-03-11T13:00:00.000Z', '2030-03-11T21:00:00.000Z']]);
      });
    });

    it('copies into drafts awaiting approval when approval is on (202)', async () => {
      await s.h.request('POST', '/shift-assignments', { token, body: { userId: alice.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00') } });
      await requireApproval();
      const res = await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-02-25' });
      expect(res.status).to.equal(202);
      expect(res.body).to.include({ status: 'PENDING_APPROVAL', cloned: 1 });
      expect(res.body.assignments[0]).to.include({ status: 'PROPOSED', scheduledStart: at('09:00', '2030-02-25') });
    });

    it('validates the weeks, is 409 when there is nothing to copy, 404 across tenants, 401 and 403', async () => {
      expect((await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-12' })).body).to.deep.equal(badRequest('toWeekStart must be a whole number of weeks from fromWeekStart'));
      expect((await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-04' })).body).to.deep.equal(badRequest('toWeekStart must differ from fromWeekStart'));
      expect((await clone({ outletId, fromWeekStart: '04/03/2030', toWeekStart: '2030-03-11' })).body).to.deep.equal(badRequest('fromWeekStart must be a valid date in YYYY-MM-DD format'));
      expect((await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' })).body).to.deep.equal(
        conflict('The outlet has no shifts in the week of fromWeekStart', 'NOTHING_TO_CLONE'),
      );
      const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await clone({ outletId: foreignOutlet, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' })).body).to.deep.equal(notFound('Outlet not found'));
      expect((await s.h.request('POST', '/scheduler/clone-week', { body: { outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await clone({ outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' }, await s.tokenAs('STAFF'))).body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('GET /scheduler/rosters', () => {
    it('lists the tenant’s rosters newest first; an OUTLET_MANAGER sees only those of their outlets; STAFF is 403', async () => {
      const first = await publish({ outletId, assignments: [row(alice, at('09:00'), at('17:00'))] });
      s.h.clock.advance(1000);
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const second = await publish({ outletId: otherOutlet, assignments: [row(bob, at('09:00'), at('17:00'))] });
      await publish({ outletId: (await createOutlet(s.h.ds, s.tenantB)).id, assignments: [row(alice, at('09:00'), at('17:00'))] }, await s.tokenAs('TENANT_OWNER', s.tenantB));
      const all = await s.h.request('GET', '/scheduler/rosters', { token });
      expect(all.body.map((r: { id: string }) => r.id)).to.deep.equal([second.body.rosterId, first.body.rosterId]);
      const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [otherOutlet]);
      const scoped = await s.h.request('GET', '/scheduler/rosters', { token: await s.h.tokenFor(outletManager) });
      expect(scoped.body.map((r: { id: string }) => r.id)).to.deep.equal([second.body.rosterId]);
      expect((await s.h.request('GET', `/scheduler/rosters/${first.body.rosterId}`, { token: await s.h.tokenFor(outletManager) })).status).to.equal(404);
      expect((await s.h.request('GET', '/scheduler/rosters?status=DONE', { token })).body).to.deep.equal(
        badRequest('status must be one of the following values: PUBLISHED, PENDING_APPROVAL, APPROVED, REJECTED'),
      );
      expect((await s.h.request('GET', '/scheduler/rosters', { token: await s.tokenAs('STAFF') })).body).to.deep.equal(FORBIDDEN);
    });
  });
});
