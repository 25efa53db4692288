import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import type { DataSource } from '@wfm/db/data-source';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import type { HttpResult } from '../../../test-support/harness.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Proposal not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });
const PROPOSAL_KEYS = ['id', 'weekStart', 'outletIds', 'status', 'failure', 'shifts', 'report', 'createdByUserId', 'decidedByUserId', 'decidedAt', 'createdAt', 'updatedAt'];

/** Monday 2 March 2026; London is on GMT that week, so local hours are UTC hours. */
const WEEK = '2026-03-02';
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, 2 + day, hour)).toISOString();

async function contract(ds: DataSource, tenantId: string, userId: string, jobTitle: string, employmentType = 'FULL_TIME'): Promise<void> {
  await ds.query(
    `INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'ACTIVE', '2025-01-01', now(), now())`,
    [uuid(), tenantId, userId, jobTitle, employmentType],
  );
}

async function hourly(ds: DataSource, tenantId: string, userId: string, rateMinor: number): Promise<void> {
  await ds.query(`INSERT INTO pay_settings (tenant_id, user_id, type, rate_minor, currency, updated_at) VALUES ($1, $2, 'HOURLY', $3, 'GBP', now())`, [tenantId, userId, rateMinor]);
}

async function approvedLeave(ds: DataSource, tenantId: string, userId: string, from: string, to: string): Promise<void> {
  await ds.query(
    `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at) VALUES ($1, $2, $3, 'ANNUAL', $4, $5, 1, 1, 'APPROVED', now())`,
    [uuid(), tenantId, userId, from, to],
  );
}

describe('schedule proposals (HTTP)', () => {
  const s = twoTenantSuite();
  let outlet: string;
  let other: string;
  let admin: string;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let carol: CreatedUser;
  let manager: CreatedUser;
  let managerToken: string;

  beforeEach(async () => {
    outlet = (await createOutlet(s.h.ds, s.tenantA, { name: 'Soho', code: 'SOHO' })).id;
    other = (await createOutlet(s.h.ds, s.tenantA, { name: 'Leeds', code: 'LDS' })).id;
    admin = await s.tokenAs('COMPANY_ADMIN');
    alice = await createUser(s.h.ds, s.tenantA, { fullName: 'Alice' });
    bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
    carol = await createUser(s.h.ds, s.tenantA, { fullName: 'Carol' });
    for (const [u, title, rate] of [[alice, 'Barista', 1200], [bob, ' barista', 1500], [carol, 'Cook', 1100]] as const) {
      await assignOutlets(s.h.ds, s.tenantA, u.id, [outlet]);
      await contract(s.h.ds, s.tenantA, u.id, title);
      await hourly(s.h.ds, s.tenantA, u.id, rate);
    }
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outlet]);
    managerToken = await s.h.tokenFor(manager);
  });

  const targets = (role: string, rows: Array<[number, number, number]>, token = admin, outletId = outlet) =>
    s.h.request('PUT', '/scheduler/staffing-targets', { token, body: { outletId, role, targets: rows.map(([weekday, hour, required]) => ({ weekday, hour, required })) } });
  /** Monday 09:00–17:00, one barista. */
  const mondayBarista = () => targets('Barista', Array.from({ length: 8 }, (_, i) => [1, 9 + i, 1] as [number, number, number]));
  const propose = (body: unknown, token = admin) => s.h.request('POST', '/scheduler/proposals', { token, body });
  const get = (id: string, token = admin) => s.h.request('GET', `/scheduler/proposals/${id}`, { token });

  /** The solve runs on its own thread: wait, boundedly, for the proposal to leave QUEUED and RUNNING. */
  async function settled(id: string) {
    for (let i = 0; i < 400; i++) {
      const res = await get(id);
      if (res.body.status !== 'QUEUED' && res.body.status !== 'RUNNING') return res;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`proposal ${id} did not settle`);
  }
  async function ready(token = admin, outletIds = [outlet]) {
    const res = await propose({ weekStart: WEEK, outletIds }, token);
    expect(res.status).to.equal(202);
    const done = await settled(res.body.id);
    expect(done.body.status).to.equal('READY');
    return done.body;
  }

  describe('POST /scheduler/proposals', () => {
    it('with an Idempotency-Key: solves the proposal once it is committed, and a retry replays the answer instead of queuing another', async () => {
      await mondayBarista();
      const call = () => s.h.request('POST', '/scheduler/proposals', { token: admin, body: { weekStart: WEEK, outletIds: [outlet] }, headers: { 'idempotency-key': 'week-10' } });
      const first = await call();
      expect(first.status).to.equal(202);
      expect((await settled(first.body.id)).body.status).to.equal('READY');
      const retry = await call();
      expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body]).to.deep.equal([202, 'true', first.body]);
      const rows = await s.h.ds.query(`SELECT count(*)::int AS n FROM schedule_proposals WHERE tenant_id = $1`, [s.tenantA]);
      expect(rows[0].n).to.equal(1);
    });

    it('queues the solve and proposes the cheaper eligible person for the target, with cost, coverage and hours', async () => {
      await mondayBarista();
      const res = await propose({ weekStart: WEEK, outletIds: [outlet] });
      expect(res.status).to.equal(202);
      expect(res.body).to.have.all.keys(PROPOSAL_KEYS);
      expect(res.body).to.deep.include({ weekStart: WEEK, outletIds: [outlet], status: 'QUEUED', shifts: [], report: null, failure: null });
      const done = (await settled(res.body.id)).body;
      expect(done.status).to.equal('READY');
      expect(done.shifts.map((x: Record<string, unknown>) => ({ ...x, id: undefined }))).to.deep.equal([
        { id: undefined, userId: alice.id, outletId: outlet, role: 'barista', scheduledStart: at(0, 9), scheduledEnd: at(0, 17), origin: 'SOLVER', costMinor: 9600 },
      ]);
      expect(done.report).to.deep.include({ currency: 'GBP', totalCostMinor: 9600, coverage: { requiredStaffHours: 8, coveredStaffHours: 8, percent: 100 }, gaps: [], bentRules: [] });
      expect(done.report.people.find((p: { userId: string }) => p.userId === alice.id)).to.deep.equal({
        userId: alice.id,
        name: 'Alice',
        hours: 8,
        contractedHours: 40,
        rateMinor: 1200,
        rateSource: 'PAY_HOURLY',
        costMinor: 9600,
      });
      // Everyone at the outlet whom the actor may give work to, the outlet's manager too (who holds no role the targets ask for).
      expect(done.report.people.map((p: { userId: string }) => p.userId)).to.have.members([alice.id, bob.id, carol.id, manager.id]);
    });

    it('schedules no one on approved leave, and reports what no one eligible can cover as gaps', async () => {
      await mondayBarista();
      await targets('Host', [[2, 10, 1]]);
      await approvedLeave(s.h.ds, s.tenantA, alice.id, at(0, 0), '2026-03-02T23:59:59.999Z');
      const done = await ready();
      expect(done.shifts.map((x: { userId: string; role: string }) => [x.userId, x.role])).to.deep.equal([[bob.id, 'barista']]);
      expect(done.report.gaps).to.deep.equal([{ outletId: outlet, role: 'host', start: at(1, 10), end: at(1, 11), required: 1, scheduled: 0 }]);
      expect(done.report.coverage).to.deep.equal({ requiredStaffHours: 9, coveredStaffHours: 8, percent: 88.9 });
    });

    it('bends a WARN limit rather than leave a gap, and says which, from where and why', async () => {
      await s.h.ds.query(`UPDATE hr_contracts SET employment_type = 'PART_TIME' WHERE user_id = ANY($1)`, [[alice.id, bob.id]]);
      await s.h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [bob.id]);
      const rows: Array<[number, number, number]> = [];
      for (let day = 1; day <= 4; day++) for (let h = 8; h < 16; h++) rows.push([day, h, 1]);
      await targets('Barista', rows);
      const done = await ready();
      expect(done.report.coverage.percent).to.equal(100);
      expect(done.shifts.every((x: { userId: string }) => x.userId === alice.id)).to.equal(true);
      expect(done.report.bentRules).to.have.length(1);
      expect(done.report.bentRules[0]).to.deep.include({ rule: 'MAX_WEEKLY_HOURS', userId: alice.id, limit: 30, actual: 32, source: 'contract (PART_TIME)' });
      expect(done.report.bentRules[0].why).to.match(/No one else eligible and available/);
    });

    it('answers 400 for each invalid field', async () => {
      expect((await propose({ weekStart: '2026-03-03', outletIds: [outlet] })).body).to.deep.equal(badRequest('weekStart must be a Monday'));
      expect((await propose({ weekStart: WEEK, outletIds: [] })).status).to.equal(400);
      expect((await propose({ weekStart: WEEK, outletIds: [outlet, outlet] })).body).to.deep.equal(badRequest('outletIds must not repeat an outlet'));
      expect((await propose({ weekStart: WEEK, outletIds: ['nope'] })).status).to.equal(400);
      expect((await propose({ weekStart: WEEK, outletIds: [outlet], extra: 1 })).status).to.equal(400);
    });

    it('answers 401 without a token, 403 to STAFF and to an OUTLET_MANAGER for an outlet not theirs, 404 for another tenant’s outlet', async () => {
      expect((await s.h.request('POST', '/scheduler/proposals', { body: { weekStart: WEEK, outletIds: [outlet] } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await propose({ weekStart: WEEK, outletIds: [outlet] }, await s.h.tokenFor(alice))).body).to.deep.equal(FORBIDDEN);
      expect((await propose({ weekStart: WEEK, outletIds: [outlet, other] }, managerToken)).body).to.deep.equal({ message: 'You can schedule only your outlets', error: 'Forbidden', statusCode: 403 });
      const foreign = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await propose({ weekStart: WEEK, outletIds: [foreign] })).body).to.deep.equal({ message: 'Outlet not found', error: 'Not Found', statusCode: 404 });
    });
  });

  describe("in the outlets' timezone, not the company's", () => {
    beforeEach(async () => {
      await s.h.ds.query(`UPDATE tenants SET timezone = 'Europe/Paris' WHERE id = $1`, [s.tenantA]);
      await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outlet]);
    });

    it("lays the staffing targets on the outlet's hours, across its DST change, and accepts shifts at those instants", async () => {
      // New York is UTC-5 until 02:00 on Sunday 8 March 2026, then UTC-4; Paris is UTC+1 all week.
      const rows: Array<[number, number, number]> = [];
      for (const day of [1, 7]) for (let h = 9; h < 17; h++) rows.push([day, h, 1]);
      await targets('Barista', rows);
      const p = await ready();
      const windows = (shifts: Array<{ scheduledStart: string; scheduledEnd: string }>) => shifts.map((x) => [x.scheduledStart, x.scheduledEnd]).sort((a, b) => a[0]!.localeCompare(b[0]!));
      expect(windows(p.shifts)).to.deep.equal([
        ['2026-03-02T14:00:00.000Z', '2026-03-02T22:00:00.000Z'],
        ['2026-03-08T13:00:00.000Z', '2026-03-08T21:00:00.000Z'],
      ]);
      expect(p.report.coverage).to.deep.equal({ requiredStaffHours: 16, coveredStaffHours: 16, percent: 100 });
      // Sunday 20:00–23:00 in New York is still the outlet's week, though Monday in Paris.
      const late = { userId: carol.id, outletId: outlet, role: 'Cook', scheduledStart: '2026-03-09T00:00:00.000Z', scheduledEnd: '2026-03-09T03:00:00.000Z' };
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/shifts`, { token: admin, body: late })).status).to.equal(200);
      const accepted = await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin });
      expect(accepted.status).to.equal(200);
      expect(windows(accepted.body.assignments)).to.deep.equal([
        ['2026-03-02T14:00:00.000Z', '2026-03-02T22:00:00.000Z'],
        ['2026-03-08T13:00:00.000Z', '2026-03-08T21:00:00.000Z'],
        ['2026-03-09T00:00:00.000Z', '2026-03-09T03:00:00.000Z'],
      ]);
    });

    it('refuses one proposal over outlets in different timezones (409), as its week is one set of hours', async () => {
      expect((await propose({ weekStart: WEEK, outletIds: [outlet, other] })).body).to.deep.equal({
        message: 'The outlets are in different timezones (America/New_York, Europe/Paris): propose a week for the outlets of each zone',
        error: 'MIXED_TIMEZONES',
        statusCode: 409,
      });
    });
  });

  describe('GET /scheduler/proposals(/:id)', () => {
    it('lists newest first, scoped for an OUTLET_MANAGER; another tenant’s or another outlet’s proposal is 404', async () => {
      const mine = await ready(managerToken);
      s.h.clock.advance(1000);
      const wide = await ready(admin, [outlet, other]);
      const listed = await s.h.request('GET', '/scheduler/proposals', { token: admin });
      expect(listed.body.map((p: { id: string }) => p.id)).to.deep.equal([wide.id, mine.id]);
      expect(listed.body[1]).to.deep.equal({
        ...Object.fromEntries(Object.entries(mine).filter(([k]) => k !== 'shifts' && k !== 'report')),
        shiftCount: mine.shifts.length,
        totalCostMinor: mine.report.totalCostMinor,
        coveragePercent: mine.report.coverage.percent,
      });
      expect((await s.h.request('GET', '/scheduler/proposals', { token: managerToken })).body.map((p: { id: string }) => p.id)).to.deep.equal([mine.id]);
      expect((await s.h.request('GET', '/scheduler/proposals?status=DISCARDED', { token: admin })).body).to.deep.equal([]);
      expect((await get(wide.id, managerToken)).body).to.deep.equal(NOT_FOUND);
      expect((await get(mine.id, await s.tokenAs('COMPANY_ADMIN', s.tenantB))).body).to.deep.equal(NOT_FOUND);
      expect((await get(mine.id, await s.h.tokenFor(alice))).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', `/scheduler/proposals/${mine.id}`, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await get('nope')).status).to.equal(400);
      expect((await s.h.request('GET', '/scheduler/proposals?status=DONE', { token: admin })).status).to.equal(400);
      expect((await s.h.request('GET', '/scheduler/proposals', {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('GET', '/scheduler/proposals', { token: await s.h.tokenFor(alice) })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', '/scheduler/proposals', { token: await s.tokenAs('COMPANY_ADMIN', s.tenantB) })).body).to.deep.equal([]);
    });
  });

  describe('editing', () => {
    it('adds, moves and removes shifts, recomputing the report; an edit that breaks a hard rule is 422 with the violations', async () => {
      await mondayBarista();
      const p = await ready();
      const shiftId = p.shifts[0].id;
      const base = `/scheduler/proposals/${p.id}/shifts`;

      const added = await s.h.request('POST', base, { token: admin, body: { userId: bob.id, outletId: outlet, role: 'Barista', scheduledStart: at(1, 9), scheduledEnd: at(1, 13) } });
      expect(added.status).to.equal(200);
      expect(added.body.shifts).to.have.length(2);
      expect(added.body.shifts[1]).to.deep.include({ userId: bob.id, role: 'barista', origin: 'MANAGER', costMinor: 6000, scheduledStart: at(1, 9) });
      expect(added.body.report.totalCostMinor).to.equal(15_600);

      const moved = await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: { userId: bob.id, scheduledEnd: at(0, 13) } });
      expect(moved.status).to.equal(200);
      expect(moved.body.shifts[0]).to.deep.include({ id: shiftId, userId: bob.id, scheduledEnd: at(0, 13), origin: 'MANAGER', costMinor: 6000 });
      expect(moved.body.report.gaps.map((g: { start: string }) => g.start)).to.deep.equal([at(0, 13), at(0, 14), at(0, 15), at(0, 16)]);

      const cook = await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: { userId: carol.id } });
      expect(cook.status).to.equal(422);
      expect(cook.body).to.deep.equal({
        message: 'The schedule breaks rules that cannot be bent',
        error: 'SCHEDULE_VIOLATIONS',
        statusCode: 422,
        violations: [{ shiftId, rule: 'ELIGIBILITY', message: 'The person cannot work as barista' }],
      });
      const overlap = await s.h.request('POST', base, { token: admin, body: { userId: bob.id, outletId: outlet, role: 'barista', scheduledStart: at(0, 12), scheduledEnd: at(0, 16) } });
      expect(overlap.body.violations.map((v: { rule: string }) => v.rule)).to.include('OVERLAP');

      expect((await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: { scheduledStart: '2026-03-02T09:30:00Z' } })).body).to.deep.equal(
        badRequest('scheduledStart must be on a whole hour of the week'),
      );
      expect((await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: { scheduledStart: at(8, 9), scheduledEnd: at(8, 12) } })).body).to.deep.equal(
        badRequest('scheduledStart must be within the proposal’s week', 'scheduledEnd must be within the proposal’s week'),
      );
      expect((await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: { outletId: other } })).body).to.deep.equal(badRequest('outletId must be one of the proposal’s outlets'));
      expect((await s.h.request('PATCH', `${base}/${shiftId}`, { token: admin, body: {} })).status).to.equal(400);
      expect((await s.h.request('PATCH', `${base}/${uuid()}`, { token: admin, body: { userId: bob.id } })).body).to.deep.equal({ message: 'Proposed shift not found', error: 'Not Found', statusCode: 404 });

      const removed = await s.h.request('DELETE', `${base}/${shiftId}`, { token: admin });
      expect(removed.status).to.equal(200);
      expect(removed.body.shifts.map((x: { id: string }) => x.id)).to.not.include(shiftId);
      expect(removed.body.report.coverage.coveredStaffHours).to.equal(0);
    });

    it('refuses edits and acceptance of a proposal that is not READY (409), by STAFF (403), without a token (401), across tenants and outside an OUTLET_MANAGER’s outlets (404)', async () => {
      await mondayBarista();
      const p = await ready(admin, [outlet, other]);
      const shift = `/scheduler/proposals/${p.id}/shifts/${p.shifts[0].id}`;
      const add = { userId: bob.id, outletId: outlet, role: 'barista', scheduledStart: at(2, 9), scheduledEnd: at(2, 13) };
      const calls: Array<[string, string, unknown]> = [
        ['POST', `/scheduler/proposals/${p.id}/shifts`, add],
        ['PATCH', shift, { userId: bob.id }],
        ['DELETE', shift, undefined],
        ['POST', `/scheduler/proposals/${p.id}/accept`, undefined],
        ['POST', `/scheduler/proposals/${p.id}/discard`, undefined],
      ];
      const staff = await s.h.tokenFor(alice);
      const foreign = await s.tokenAs('COMPANY_ADMIN', s.tenantB);
      for (const [method, url, body] of calls) {
        const as = (token?: string) => s.h.request(method, url, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
        expect((await as()).body, `${method} ${url}`).to.deep.equal(UNAUTHORIZED);
        expect((await as(staff)).body, `${method} ${url}`).to.deep.equal(FORBIDDEN);
        expect((await as(foreign)).body, `${method} ${url}`).to.deep.equal(NOT_FOUND);
        expect((await as(managerToken)).body, `${method} ${url}`).to.deep.equal(NOT_FOUND);
      }
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/shifts`, { token: admin, body: { ...add, role: '' } })).status).to.equal(400);
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/shifts`, { token: admin, body: { ...add, userId: 'x' } })).status).to.equal(400);
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/shifts`, { token: admin, body: { ...add, scheduledEnd: at(2, 9) } })).body).to.deep.equal(badRequest('scheduledEnd must be after scheduledStart'));
      await s.h.request('POST', `/scheduler/proposals/${p.id}/discard`, { token: admin });
      expect((await s.h.request('DELETE', shift, { token: admin })).body).to.deep.equal(conflict('A proposal that is DISCARDED cannot be changed'));
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/shifts`, { token: admin, body: add })).body).to.deep.equal(conflict('A proposal that is DISCARDED cannot be changed'));
    });
  });

  describe('accepting and discarding', () => {
    it('accepting creates the shift assignments in a roster of source AUTO and fires nothing, beside a POST /shift-assignments that fires', async () => {
      await mondayBarista();
      const p = await ready(managerToken);
      let accepted: HttpResult | undefined;
      await expectSilentBesideWitness(
        s.h.ds,
        s.tenantA,
        ['shift.assigned'],
        async () => {
          accepted = await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: managerToken });
        },
        async () => {
          const witness = await s.h.request('POST', '/shift-assignments', { token: admin, body: { userId: carol.id, outletId: outlet, scheduledStart: at(3, 9), scheduledEnd: at(3, 17) } });
          expect(witness.status).to.equal(201);
          return [{ type: 'shift.assigned', payload: { shiftAssignmentId: witness.body.id, userId: carol.id } }];
        },
      );
      expect(accepted!.status).to.equal(200);
      expect(accepted!.body).to.deep.include({ status: 'ACCEPTED', decidedByUserId: manager.id, decidedAt: s.h.clock.now().toISOString() });
      expect(accepted!.body.rosterIds).to.have.length(1);
      expect(accepted!.body.assignments).to.have.length(1);
      expect(accepted!.body.assignments[0]).to.deep.include({
        userId: alice.id,
        outletId: outlet,
        scheduledStart: at(0, 9),
        scheduledEnd: at(0, 17),
        status: 'SCHEDULED',
        type: 'REGULAR',
        note: 'Auto-scheduled: barista',
        rosterId: accepted!.body.rosterIds[0],
      });
      const roster = await s.h.request('GET', `/scheduler/rosters/${accepted!.body.rosterIds[0]}`, { token: admin });
      expect(roster.body).to.deep.include({ source: 'AUTO', status: 'PUBLISHED', assignmentCount: 1 });
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin })).body).to.deep.equal(conflict('A proposal that is ACCEPTED cannot be changed'));
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/discard`, { token: admin })).body).to.deep.equal(conflict('A proposal that is ACCEPTED cannot be discarded'));
    });

    it('schedules several outlets in one proposal, a person assigned to two working at either, and accepts one roster per outlet', async () => {
      await assignOutlets(s.h.ds, s.tenantA, bob.id, [other]);
      await mondayBarista();
      await targets('Barista', [[2, 9, 1], [2, 10, 1], [2, 11, 1]], admin, other);
      const p = await ready(admin, [outlet, other]);
      expect(p.shifts.map((x: { userId: string; outletId: string; scheduledStart: string }) => [x.userId, x.outletId, x.scheduledStart])).to.deep.equal([
        [alice.id, outlet, at(0, 9)],
        [bob.id, other, at(1, 9)],
      ]);
      expect(p.report.coverage).to.deep.equal({ requiredStaffHours: 11, coveredStaffHours: 11, percent: 100 });
      const res = await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin });
      expect(res.body.rosterIds).to.have.length(2);
      expect(res.body.assignments.map((a: { outletId: string; rosterId: string }) => [a.outletId, a.rosterId])).to.deep.equal([
        [outlet, res.body.rosterIds[0]],
        [other, res.body.rosterIds[1]],
      ]);
    });

    it('with roster approval on, accepting creates PROPOSED drafts in a roster awaiting an approver', async () => {
      await s.h.ds.query(`UPDATE tenants SET roster_approval_required = true WHERE id = $1`, [s.tenantA]);
      await mondayBarista();
      const p = await ready();
      const res = await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin });
      expect(res.body.assignments.map((a: { status: string }) => a.status)).to.deep.equal(['PROPOSED']);
      expect((await s.h.request('GET', `/scheduler/rosters/${res.body.rosterIds[0]}`, { token: admin })).body).to.deep.include({ source: 'AUTO', status: 'PENDING_APPROVAL' });
    });

    it('re-checks on accept: a shift now impossible (leave approved since) is 422 and nothing is created', async () => {
      await mondayBarista();
      const p = await ready();
      await approvedLeave(s.h.ds, s.tenantA, alice.id, at(0, 0), '2026-03-02T23:59:59.999Z');
      const res = await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin });
      expect(res.status).to.equal(422);
      expect(res.body.violations).to.deep.equal([{ shiftId: p.shifts[0].id, rule: 'AVAILABILITY', message: 'The person is unavailable then' }]);
      const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [s.tenantA]);
      expect(row.n).to.equal(0);
    });

    it('discards, and answers 401, 403 and 404 as the other routes do', async () => {
      await mondayBarista();
      const p = await ready();
      const url = `/scheduler/proposals/${p.id}/discard`;
      expect((await s.h.request('POST', url, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('POST', url, { token: await s.h.tokenFor(alice) })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('POST', url, { token: await s.tokenAs('COMPANY_ADMIN', s.tenantB) })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: await s.tokenAs('COMPANY_ADMIN', s.tenantB) })).body).to.deep.equal(NOT_FOUND);
      const res = await s.h.request('POST', url, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'DISCARDED', decidedAt: s.h.clock.now().toISOString() });
      expect((await s.h.request('POST', url, { token: admin })).body).to.deep.equal(conflict('A proposal that is DISCARDED cannot be discarded'));
      expect((await s.h.request('POST', `/scheduler/proposals/${p.id}/accept`, { token: admin })).body).to.deep.equal(conflict('A proposal that is DISCARDED cannot be changed'));
    });
  });
  describe('the abandoned-proposals job', () => {
    /** A proposal as a process that stopped mid-solve leaves it, last changed now by the suite's clock. */
    async function stranded(status: 'QUEUED' | 'RUNNING' | 'FAILED'): Promise<string> {
      const id = uuid();
      await s.h.ds.query(
        `INSERT INTO schedule_proposals (id, tenant_id, week_start, outlet_ids, status, created_by_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, NULL, $6, $6)`,
        [id, s.tenantA, WEEK, [outlet], status, s.h.clock.now()],
      );
      return id;
    }
    const statusOf = async (id: string) => (await get(id)).body as { status: string; failure: string | null };

    it('fails a solve left QUEUED or RUNNING for ten minutes, saying why, and touches nothing newer or settled', async () => {
      const [queued, running, settledOne] = [await stranded('QUEUED'), await stranded('RUNNING'), await stranded('FAILED')];
      s.h.clock.advance(10 * 60_000);
      const fresh = await stranded('RUNNING');
      await s.h.job('abandoned-proposals').run();
      expect((await statusOf(running)).status, 'at ten minutes exactly a solve may still be alive').to.equal('RUNNING');

      s.h.clock.advance(1);
      await s.h.job('abandoned-proposals').run();
      for (const id of [queued, running]) {
        expect(await statusOf(id)).to.deep.include({ status: 'FAILED', failure: 'The solve stopped when the server restarted; generate the proposal again' });
      }
      expect(await statusOf(settledOne)).to.deep.include({ status: 'FAILED', failure: null });
      expect((await statusOf(fresh)).status).to.equal('RUNNING');
    });
  });
});
