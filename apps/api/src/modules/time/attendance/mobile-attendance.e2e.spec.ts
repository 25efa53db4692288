import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { ATTENDANCE_KEYS } from '../../../test-support/attendance.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}
function conflict(message: string) {
  return { message, error: 'Conflict', statusCode: 409 };
}
function notFound(message: string) {
  return { message, error: 'Not Found', statusCode: 404 };
}
function policyAckRequired(policyIds: string[]) {
  return { message: 'Acknowledge the required policies before clocking in', error: 'Forbidden', statusCode: 403, code: 'POLICY_ACK_REQUIRED', policyIds };
}
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;

describe('clock-in and clock-out (HTTP, /mobile)', () => {
  const s = twoTenantSuite();
  let managerToken: string;
  let worker: CreatedUser;
  let workerToken: string;
  let outletId: string;

  beforeEach(async () => {
    managerToken = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' }));
    worker = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    workerToken = await s.h.tokenFor(worker);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
  });

  async function assign(over: Record<string, unknown> = {}, token = managerToken): Promise<{ id: string; [k: string]: unknown }> {
    const res = await s.h.request('POST', '/shift-assignments', {
      token,
      body: { userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00'), ...over },
    });
    expect(res.status).to.equal(201);
    return res.body;
  }
  const clockIn = (body: unknown, token = workerToken) => s.h.request('POST', '/mobile/clock-in', { token, body });
  const clockOut = (body: unknown = {}, token = workerToken) => s.h.request('POST', '/mobile/clock-out', { token, body });
  async function shiftStatus(id: string): Promise<string> {
    const [row] = await s.h.ds.query(`SELECT status FROM shift_assignments WHERE id = $1`, [id]);
    return row.status;
  }
  async function events(type?: string): Promise<Array<{ type: string; tenantId: string; payload: Record<string, unknown>; occurredAt: Date }>> {
    const rows = await s.h.ds.query(`SELECT type, tenant_id AS "tenantId", payload, occurred_at AS "occurredAt" FROM domain_events WHERE tenant_id = ANY($1) ORDER BY occurred_at, id`, [s.tenants]);
    return type ? rows.filter((r: { type: string }) => r.type === type) : rows;
  }
  async function attendanceCount(): Promise<number> {
    const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM attendance_events WHERE tenant_id = ANY($1)`, [s.tenants]);
    return row.n;
  }
  async function publishPolicy(over: Record<string, unknown> = {}): Promise<string> {
    const res = await s.h.request('POST', '/policies', { token: managerToken, body: { title: 'Safety', body: 'Wear shoes.', requiresAcknowledgement: true, ...over } });
    expect(res.status).to.equal(201);
    return res.body.id;
  }

  describe('POST /mobile/clock-in', () => {
    it('opens an attendance event without a shift at the time of the clock, firing nothing', async () => {
      const res = await clockIn({ outletId });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(ATTENDANCE_KEYS);
      const now = s.h.clock.now().toISOString();
      expect(res.body).to.deep.include({
        userId: worker.id,
        outletId,
        shiftAssignmentId: null,
        clockInAt: now,
        clockOutAt: null,
        status: 'OPEN',
        reviewNote: null,
        reviewedByUserId: null,
        reviewedAt: null,
        createdAt: now,
      });
      expect(await events()).to.deep.equal([]);
    });

    it("clocks into the worker's own SCHEDULED shift, which becomes IN_PROGRESS", async () => {
      const shift = await assign();
      const res = await clockIn({ outletId, shiftAssignmentId: shift.id });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ shiftAssignmentId: shift.id, status: 'OPEN' });
      expect(await shiftStatus(shift.id)).to.equal('IN_PROGRESS');
      expect((await events()).map((e) => e.type)).to.deep.equal(['shift.assigned']);
    });

    it('works for any role', async () => {
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
      expect((await clockIn({ outletId }, await s.h.tokenFor(manager))).status).to.equal(201);
    });

    it('refuses a second clock-in while one is open, also when two race', async () => {
      expect((await clockIn({ outletId })).status).to.equal(201);
      expect((await clockIn({ outletId })).body).to.deep.equal(conflict('You are already clocked in'));
      const other = await createUser(s.h.ds, s.tenantA);
      const otherToken = await s.h.tokenFor(other);
      const raced = await Promise.all([clockIn({ outletId }, otherToken), clockIn({ outletId }, otherToken)]);
      expect(raced.map((r) => r.status).sort()).to.deep.equal([201, 409]);
      expect(raced.find((r) => r.status === 409)!.body).to.deep.equal(conflict('You are already clocked in'));
      expect(await attendanceCount()).to.equal(2);
    });

    it("is 404 for an outlet of another tenant, and for a shift of another tenant or of a colleague", async () => {
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await clockIn({ outletId: foreignOutlet.id })).body).to.deep.equal(notFound('Outlet not found'));
      const colleague = await createUser(s.h.ds, s.tenantA);
      const theirs = await assign({ userId: colleague.id });
      expect((await clockIn({ outletId, shiftAssignmentId: theirs.id })).body).to.deep.equal(notFound('Shift assignment not found'));
      const foreignOwner = await s.h.tokenFor(await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' }));
      const foreignShift = await s.h.request('POST', '/shift-assignments', {
        token: foreignOwner,
        body: { userId: (await createUser(s.h.ds, s.tenantB)).id, outletId: foreignOutlet.id, scheduledStart: at('09:00'), scheduledEnd: at('10:00') },
      });
      expect((await clockIn({ outletId, shiftAssignmentId: foreignShift.body.id })).body).to.deep.equal(notFound('Shift assignment not found'));
      expect((await clockIn({ outletId, shiftAssignmentId: UNKNOWN_ID })).status).to.equal(404);
      expect(await attendanceCount()).to.equal(0);
    });

    it('is 409 for an inactive outlet, a shift at another outlet, or a shift that is not SCHEDULED', async () => {
      const closed = await createOutlet(s.h.ds, s.tenantA, { status: 'INACTIVE' });
      expect((await clockIn({ outletId: closed.id })).body).to.deep.equal(conflict('The outlet is not active'));
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      const shift = await assign();
      expect((await clockIn({ outletId: otherOutlet, shiftAssignmentId: shift.id })).body).to.deep.equal(conflict('The shift is at another outlet'));
      const draft = await assign({ status: 'PROPOSED', scheduledStart: at('18:00'), scheduledEnd: at('20:00') });
      expect((await clockIn({ outletId, shiftAssignmentId: draft.id })).body).to.deep.equal(conflict('A shift that is PROPOSED cannot be clocked into'));
      expect(await attendanceCount()).to.equal(0);
      expect(await shiftStatus(shift.id)).to.equal('SCHEDULED');
    });

    it('validates the body', async () => {
      expect((await clockIn({})).body).to.deep.equal(badRequest('outletId is required'));
      expect((await clockIn({ outletId, at: at('09:00') })).body).to.deep.equal(badRequest('property at should not exist'));
      expect((await clockIn({ outletId: 'x', shiftAssignmentId: 'y' })).body).to.deep.equal(badRequest('outletId must be a UUID', 'shiftAssignmentId must be a UUID'));
    });

    it('is a bare 401 without a token and with a developer API key', async () => {
      expect((await s.h.request('POST', '/mobile/clock-in', { body: { outletId } })).body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA, ['attendance:write']);
      const res = await s.h.request('POST', '/mobile/clock-in', { headers: { 'x-api-key': key }, body: { outletId } });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('policy acknowledgement before clock-in', () => {
    it('refuses with POLICY_ACK_REQUIRED until the policy is acknowledged', async () => {
      const first = await publishPolicy();
      s.h.clock.advance(1000);
      const second = await publishPolicy({ title: 'Privacy' });
      await publishPolicy({ title: 'Optional', requiresAcknowledgement: false });
      const shift = await assign();

      const refused = await clockIn({ outletId, shiftAssignmentId: shift.id });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal(policyAckRequired([first, second]));
      expect(await attendanceCount()).to.equal(0);
      expect(await shiftStatus(shift.id)).to.equal('SCHEDULED');

      expect((await s.h.request('POST', `/policies/${first}/acknowledge`, { token: workerToken })).status).to.equal(201);
      expect((await clockIn({ outletId })).body).to.deep.equal(policyAckRequired([second]));
      expect((await s.h.request('POST', `/policies/${second}/acknowledge`, { token: workerToken })).status).to.equal(201);
      const ok = await clockIn({ outletId, shiftAssignmentId: shift.id });
      expect(ok.status).to.equal(201);
      expect(await shiftStatus(shift.id)).to.equal('IN_PROGRESS');
    });

    it("does not count another person's acknowledgement or an inactive policy", async () => {
      const policy = await publishPolicy();
      const colleagueToken = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA));
      await s.h.request('POST', `/policies/${policy}/acknowledge`, { token: colleagueToken });
      expect((await clockIn({ outletId })).body).to.deep.equal(policyAckRequired([policy]));
      await s.h.request('PATCH', `/policies/${policy}`, { token: managerToken, body: { active: false } });
      expect((await clockIn({ outletId })).status).to.equal(201);
    });

    it('requires acknowledging again after the policy text changes (new version)', async () => {
      const policy = await publishPolicy();
      await s.h.request('POST', `/policies/${policy}/acknowledge`, { token: workerToken });
      expect((await clockIn({ outletId })).status).to.equal(201);
      expect((await clockOut()).status).to.equal(201);

      const bumped = await s.h.request('PATCH', `/policies/${policy}`, { token: managerToken, body: { body: 'Wear safety shoes.' } });
      expect(bumped.body.version).to.equal(2);
      expect((await clockIn({ outletId })).body).to.deep.equal(policyAckRequired([policy]));
      await s.h.request('POST', `/policies/${policy}/acknowledge`, { token: workerToken });
      expect((await clockIn({ outletId })).status).to.equal(201);
    });
  });

  describe('POST /mobile/clock-out', () => {
    it('closes an assigned shift: event VERIFIED, shift COMPLETED, exactly one shift.completed with the exact payload', async () => {
      const shift = await assign();
      const opened = await clockIn({ outletId, shiftAssignmentId: shift.id });
      s.h.clock.advance(8 * 3600_000);
      const clockOutAt = s.h.clock.now().toISOString();
      // Eight hours on, the access token of the clock-in has expired; the worker signs in again.
      const res = await clockOut({}, await s.h.tokenFor(worker));
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(ATTENDANCE_KEYS);
      expect(res.body).to.deep.include({ id: opened.body.id, status: 'VERIFIED', clockInAt: opened.body.clockInAt, clockOutAt, updatedAt: clockOutAt });
      expect(await shiftStatus(shift.id)).to.equal('COMPLETED');
      const completed = await events('shift.completed');
      expect(completed.map(({ type, tenantId, payload }) => ({ type, tenantId, payload }))).to.deep.equal([
        {
          type: 'shift.completed',
          tenantId: s.tenantA,
          payload: {
            tenantId: s.tenantA,
            shiftAssignmentId: shift.id,
            userId: worker.id,
            outletId,
            scheduledStart: at('09:00'),
            scheduledEnd: at('17:00'),
            clockOutAt,
            attendanceEventId: opened.body.id,
            status: 'VERIFIED',
          },
        },
      ]);
      expect(completed[0]!.occurredAt.toISOString()).to.equal(clockOutAt);
    });

    it('closes a clock-in without a shift as PENDING_REVIEW and records nothing', async () => {
      await clockIn({ outletId });
      s.h.clock.advance(60_000);
      const res = await clockOut();
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ status: 'PENDING_REVIEW', shiftAssignmentId: null, clockOutAt: s.h.clock.now().toISOString() });
      expect(await events()).to.deep.equal([]);
    });

    it('closes a named event of the caller, and lets them clock in again', async () => {
      const opened = await clockIn({ outletId });
      const res = await clockOut({ attendanceEventId: opened.body.id });
      expect(res.body).to.deep.include({ id: opened.body.id, status: 'PENDING_REVIEW' });
      expect((await clockIn({ outletId })).status).to.equal(201);
    });

    it('is 409 when not clocked in or the event is already closed, and fires shift.completed only once', async () => {
      expect((await clockOut()).body).to.deep.equal(conflict('You are not clocked in'));
      const shift = await assign();
      const opened = await clockIn({ outletId, shiftAssignmentId: shift.id });
      expect((await clockOut()).status).to.equal(201);
      expect((await clockOut()).body).to.deep.equal(conflict('You are not clocked in'));
      expect((await clockOut({ attendanceEventId: opened.body.id })).body).to.deep.equal(conflict('This attendance event is already closed'));
      expect(await events('shift.completed')).to.have.length(1);
    });

    it('fires shift.completed once when two clock-outs race', async () => {
      const shift = await assign();
      await clockIn({ outletId, shiftAssignmentId: shift.id });
      const raced = await Promise.all([clockOut(), clockOut()]);
      expect(raced.map((r) => r.status).sort()).to.deep.equal([201, 409]);
      expect(await events('shift.completed')).to.have.length(1);
    });

    it("is 404 for a colleague's event or an event of another tenant", async () => {
      const colleagueToken = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA));
      const theirs = await clockIn({ outletId }, colleagueToken);
      expect((await clockOut({ attendanceEventId: theirs.body.id })).body).to.deep.equal(notFound('Attendance event not found'));
      const foreignToken = await s.h.tokenFor(await createUser(s.h.ds, s.tenantB));
      const foreign = await clockIn({ outletId: (await createOutlet(s.h.ds, s.tenantB)).id }, foreignToken);
      expect(foreign.status).to.equal(201);
      expect((await clockOut({ attendanceEventId: foreign.body.id })).body).to.deep.equal(notFound('Attendance event not found'));
      const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM attendance_events WHERE status = 'OPEN' AND tenant_id = ANY($1)`, [s.tenants]);
      expect(row.n).to.equal(2);
    });

    it('validates the body', async () => {
      expect((await clockOut({ attendanceEventId: 'x' })).body).to.deep.equal(badRequest('attendanceEventId must be a UUID'));
      expect((await clockOut({ outletId })).body).to.deep.equal(badRequest('property outletId should not exist'));
    });

    it('is a bare 401 without a token and with a developer API key', async () => {
      expect((await s.h.request('POST', '/mobile/clock-out', { body: {} })).body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA, ['attendance:write']);
      expect((await s.h.request('POST', '/mobile/clock-out', { token: key, body: {} })).body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
