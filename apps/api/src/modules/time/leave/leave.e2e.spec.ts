import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Leave request not found', error: 'Not Found', statusCode: 404 };
const OVERLAP = { message: 'The dates overlap another pending or approved leave request of this person', error: 'LEAVE_OVERLAP', statusCode: 409 };
const SELF = { message: 'You cannot decide on your own leave request', error: 'Forbidden', statusCode: 403 };
const LEAVE_KEYS = [
  'id',
  'tenantId',
  'userId',
  'type',
  'startDate',
  'endDate',
  'halfDay',
  'days',
  'daysDecimal',
  'status',
  'reason',
  'currentStep',
  'approvals',
  'createdByUserId',
  'createdByCredentialId',
  'decidedAt',
  'createdAt',
  'updatedAt',
];
const WEEK = { type: 'ANNUAL', startDate: '2026-04-06', endDate: '2026-04-10' };

const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });
const belowStep = (step: number, role: string) => ({ message: `Step ${step} of the approval chain needs ${role} or above`, error: 'Forbidden', statusCode: 403 });

interface Person {
  user: CreatedUser;
  token: string;
}

describe('leave requests and the approval chain (HTTP)', () => {
  let h: ApiHarness;
  let tenantA: string;
  let tenantB: string;
  let outletA: string;
  let staff: Person;
  let hr: Person;
  let admin: Person;

  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  beforeEach(async () => {
    tenantA = (await createTenant(h.ds, { timezone: 'UTC' })).id;
    tenantB = (await createTenant(h.ds, { timezone: 'UTC' })).id;
    outletA = (await createOutlet(h.ds, tenantA)).id;
    staff = await person('STAFF');
    hr = await person('HR_MANAGER');
    admin = await person('COMPANY_ADMIN');
  });

  /** Everyone of tenant A works at its one outlet, so its OUTLET_MANAGERs reach them all (outlet scope is in user-outlets/outlet-scope.e2e.spec.ts). */
  async function person(role: Role, tenantId = tenantA): Promise<Person> {
    const user = await createUser(h.ds, tenantId, { role });
    if (tenantId === tenantA) await h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [tenantId, user.id, outletA]);
    return { user, token: await h.tokenFor(user) };
  }

  const submit = (body: unknown, as: Person = staff) => h.request('POST', '/leave-requests', { body, token: as.token });
  const approve = (id: string, as: Person, body: unknown = {}) => h.request('POST', `/leave-requests/${id}/approve`, { body, token: as.token });
  const reject = (id: string, as: Person, body: unknown = { note: 'Short-staffed that week' }) => h.request('POST', `/leave-requests/${id}/reject`, { body, token: as.token });
  const cancel = (id: string, as: Person) => h.request('POST', `/leave-requests/${id}/cancel`, { token: as.token });
  const putChain = (roles: string[], as: Person = admin) => h.request('PUT', '/leave-approval-chain', { body: { steps: roles.map((approverRole) => ({ approverRole })) }, token: as.token });

  async function submitted(body: unknown = WEEK, as: Person = staff): Promise<string> {
    const res = await submit(body, as);
    expect(res.status).to.equal(201);
    return res.body.id;
  }

  async function events(code: string, tenantId = tenantA): Promise<Array<Record<string, unknown>>> {
    const rows: Array<{ payload: Record<string, unknown> }> = await h.ds.query(
      `SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = $2 ORDER BY occurred_at, id`,
      [tenantId, code],
    );
    return rows.map((r) => r.payload);
  }

  describe('POST /leave-requests', () => {
    it('creates a PENDING request for the caller and fires leave.requested with whole days', async () => {
      const res = await submit({ ...WEEK, reason: '  Family trip  ' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(LEAVE_KEYS);
      const now = h.clock.now().toISOString();
      expect(res.body).to.deep.include({
        tenantId: tenantA,
        userId: staff.user.id,
        type: 'ANNUAL',
        startDate: '2026-04-06T00:00:00.000Z',
        endDate: '2026-04-10T23:59:59.999Z',
        halfDay: null,
        days: 5,
        daysDecimal: 5,
        status: 'PENDING',
        reason: 'Family trip',
        currentStep: 1,
        approvals: [],
        createdByUserId: staff.user.id,
        createdByCredentialId: null,
        decidedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      expect(await events('leave.requested')).to.deep.equal([
        {
          tenantId: tenantA,
          leaveRequestId: res.body.id,
          userId: staff.user.id,
          leaveType: 'ANNUAL',
          startDate: '2026-04-06T00:00:00.000Z',
          endDate: '2026-04-10T23:59:59.999Z',
          days: 5,
          daysDecimal: 5,
        },
      ]);
    });

    it("counts a half day as 1 day and 0.5 decimal, at local noon in the tenant's timezone", async () => {
      const london = await createTenant(h.ds, { timezone: 'Europe/London' });
      const worker = await person('STAFF', london.id);
      const res = await submit({ type: 'SICK', startDate: '2026-07-06', endDate: '2026-07-06', halfDay: 'PM' }, worker);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ startDate: '2026-07-06T11:00:00.000Z', endDate: '2026-07-06T22:59:59.999Z', halfDay: 'PM', days: 1, daysDecimal: 0.5 });
      expect(await events('leave.requested', london.id)).to.deep.equal([
        {
          tenantId: london.id,
          leaveRequestId: res.body.id,
          userId: worker.user.id,
          leaveType: 'SICK',
          startDate: '2026-07-06T11:00:00.000Z',
          endDate: '2026-07-06T22:59:59.999Z',
          days: 1,
          daysDecimal: 0.5,
        },
      ]);
    });

    it('rejects each invalid field with a message naming it, and records nothing', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{ startDate: '2026-04-06', endDate: '2026-04-06' }, ['type is required']],
        [{ ...WEEK, type: 'HOLIDAY' }, ['type must be one of the following values: ANNUAL, SICK, UNPAID, PARENTAL, COMPASSIONATE, STUDY, OTHER']],
        [{ type: 'ANNUAL', endDate: '2026-04-06' }, ['startDate is required']],
        [{ ...WEEK, startDate: '2026-02-30' }, ['startDate must be a valid date in YYYY-MM-DD format']],
        [{ ...WEEK, endDate: '2026-04-10T00:00:00Z' }, ['endDate must be a valid date in YYYY-MM-DD format']],
        [{ ...WEEK, startDate: '2026-04-11' }, ['endDate must not be before startDate']],
        [{ ...WEEK, startDate: '2026-01-01', endDate: '2027-01-02' }, ['endDate must be at most 365 days after startDate']],
        [{ ...WEEK, halfDay: 'AM' }, ['halfDay is only allowed when startDate and endDate are the same day']],
        [{ ...WEEK, endDate: WEEK.startDate, halfDay: 'NOON' }, ['halfDay must be one of the following values: AM, PM']],
        [{ ...WEEK, reason: '   ' }, ['reason must be at least 1 characters']],
        [{ ...WEEK, reason: 'r'.repeat(1001) }, ['reason must be at most 1000 characters']],
        [{ ...WEEK, userId: admin.user.id }, ['property userId should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await submit(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      expect(await events('leave.requested')).to.deep.equal([]);
    });

    it('accepts a 366-day request', async () => {
      const res = await submit({ type: 'PARENTAL', startDate: '2026-01-01', endDate: '2027-01-01' });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ days: 366, daysDecimal: 366 });
    });

    it("is 409 LEAVE_OVERLAP over the person's pending or approved leave, and fires nothing", async () => {
      const first = await submitted();
      const res = await submit({ type: 'SICK', startDate: '2026-04-10', endDate: '2026-04-13' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(OVERLAP);
      expect(await approve(first, hr)).to.have.property('status', 200);
      expect((await submit({ type: 'SICK', startDate: '2026-04-01', endDate: '2026-04-06' })).body).to.deep.equal(OVERLAP);
      expect(await events('leave.requested')).to.have.length(1);
    });

    it('allows adjacent days, both halves of one day, another person, and dates freed by rejection or cancellation', async () => {
      await submitted();
      expect((await submit({ type: 'SICK', startDate: '2026-04-11', endDate: '2026-04-11', halfDay: 'AM' })).status).to.equal(201);
      expect((await submit({ type: 'SICK', startDate: '2026-04-11', endDate: '2026-04-11', halfDay: 'PM' })).status).to.equal(201);
      expect((await submit(WEEK, hr)).status).to.equal(201);
      const colleague = await person('STAFF');
      const rejected = await submitted({ type: 'STUDY', startDate: '2026-05-04', endDate: '2026-05-04' }, colleague);
      expect((await reject(rejected, hr)).status).to.equal(200);
      const cancelled = await submitted({ type: 'STUDY', startDate: '2026-05-05', endDate: '2026-05-05' }, colleague);
      expect((await cancel(cancelled, colleague)).status).to.equal(200);
      expect((await submit({ type: 'ANNUAL', startDate: '2026-05-04', endDate: '2026-05-05' }, colleague)).status).to.equal(201);
    });

    it('is open to every role, 401 without a token and 401 with a developer key', async () => {
      expect((await submit(WEEK, await person('TENANT_OWNER'))).status).to.equal(201);
      const anon = await h.request('POST', '/leave-requests', { body: WEEK });
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(h, tenantA, ['leave:read', 'leave:write']);
      const withKey = await h.request('POST', '/leave-requests', { body: WEEK, token: key });
      expect(withKey.status).to.equal(401);
      expect(withKey.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('GET /leave-requests', () => {
    const list = (query: string, as: Person) => h.request('GET', `/leave-requests${query}`, { token: as.token });
    const ids = (body: Array<{ id: string }>) => body.map((r) => r.id);

    it("shows managers the tenant's requests oldest first, and STAFF only their own", async () => {
      const mine = await submitted();
      h.clock.advance(1000);
      const theirs = await submitted(WEEK, hr);
      const other = await person('STAFF', tenantB);
      await submitted(WEEK, other);
      const managerView = await list('', await person('OUTLET_MANAGER'));
      expect(managerView.status).to.equal(200);
      expect(ids(managerView.body)).to.deep.equal([mine, theirs]);
      expect(managerView.body[0]).to.have.all.keys(LEAVE_KEYS);
      expect(ids((await list('', staff)).body)).to.deep.equal([mine]);
      expect(ids((await list(`?userId=${hr.user.id}`, staff)).body)).to.deep.equal([]);
    });

    it('filters by status, type, userId and the overlap of [from, to]', async () => {
      const april = await submitted();
      h.clock.advance(1000);
      const may = await submitted({ type: 'SICK', startDate: '2026-05-04', endDate: '2026-05-05' });
      h.clock.advance(1000);
      const hrs = await submitted({ type: 'SICK', startDate: '2026-04-08', endDate: '2026-04-08' }, hr);
      await approve(may, hr);
      const q = async (query: string) => ids((await list(query, admin)).body);
      expect(await q('?status=APPROVED')).to.deep.equal([may]);
      expect(await q('?status=PENDING')).to.deep.equal([april, hrs]);
      expect(await q('?type=SICK')).to.deep.equal([may, hrs]);
      expect(await q(`?userId=${staff.user.id}`)).to.deep.equal([april, may]);
      expect(await q(`?userId=${staff.user.id}&type=SICK`)).to.deep.equal([may]);
      expect(await q('?from=2026-04-10T23:59:59.999Z')).to.deep.equal([april, may]);
      expect(await q('?from=2026-04-11T00:00:00Z')).to.deep.equal([may]);
      expect(await q('?to=2026-04-08T00:00:00Z')).to.deep.equal([april, hrs]);
      // 02:00+02:00 is midnight UTC on the 9th, after the HR request ended.
      expect(await q('?from=2026-04-09T02:00:00%2B02:00&to=2026-05-04T00:00:00Z')).to.deep.equal([april, may]);
      expect(await q('?from=2026-04-09T01:59:59%2B02:00&to=2026-05-04T00:00:00Z')).to.deep.equal([april, may, hrs]);
      expect(await q('?from=2026-06-01T00:00:00Z')).to.deep.equal([]);
    });

    it('pages with limit and offset, limit clamped to 1–200', async () => {
      const all: string[] = [];
      for (const day of ['01', '02', '03']) {
        all.push(await submitted({ type: 'OTHER', startDate: `2026-06-${day}`, endDate: `2026-06-${day}` }));
        h.clock.advance(1000);
      }
      expect(ids((await list('?limit=2', admin)).body)).to.deep.equal(all.slice(0, 2));
      expect(ids((await list('?limit=2&offset=2', admin)).body)).to.deep.equal(all.slice(2));
      expect(ids((await list('?limit=0', admin)).body)).to.deep.equal(all.slice(0, 1));
      expect(ids((await list('?limit=500', admin)).body)).to.deep.equal(all);
    });

    it('is 400 for undeclared or malformed parameters', async () => {
      const cases: Array<[string, string[]]> = [
        ['?page=2', ['property page should not exist']],
        ['?limit=abc', ['limit must be an integer number']],
        ['?offset=x', ['offset must be an integer number']],
        ['?status=OPEN', ['status must be one of the following values: PENDING, APPROVED, REJECTED, CANCELLED']],
        ['?type=HOLIDAY', ['type must be one of the following values: ANNUAL, SICK, UNPAID, PARENTAL, COMPASSIONATE, STUDY, OTHER']],
        ['?userId=nope', ['userId must be a UUID']],
        ['?from=2026-04-01', ['from must be a valid ISO 8601 date string']],
        ['?from=2026-04-02T00:00:00Z&to=2026-04-01T00:00:00Z', ['to must not be before from']],
      ];
      for (const [query, message] of cases) {
        const res = await list(query, admin);
        expect(res.status, query).to.equal(400);
        expect(res.body, query).to.deep.equal(badRequest(...message));
      }
    });

    it('is 401 without a token', async () => {
      const res = await h.request('GET', '/leave-requests');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('GET /leave-requests/:id', () => {
    const get = (id: string, as: Person) => h.request('GET', `/leave-requests/${id}`, { token: as.token });

    it('shows the request with its decisions to its person and to managers', async () => {
      const id = await submitted();
      await approve(id, hr, { note: 'Enjoy' });
      const own = await get(id, staff);
      expect(own.status).to.equal(200);
      expect(own.body).to.have.all.keys(LEAVE_KEYS);
      expect(own.body.approvals).to.deep.equal([{ step: 1, decision: 'APPROVED', decidedByUserId: hr.user.id, note: 'Enjoy', decidedAt: h.clock.now().toISOString() }]);
      expect((await get(id, await person('OUTLET_MANAGER'))).body).to.deep.equal(own.body);
    });

    it("is 404 for another person's request to STAFF, for another tenant's id and for an unknown id", async () => {
      const id = await submitted();
      const colleague = await person('STAFF');
      expect((await get(id, colleague)).body).to.deep.equal(NOT_FOUND);
      const outsider = await person('TENANT_OWNER', tenantB);
      const res = await get(id, outsider);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(NOT_FOUND);
      expect((await get('6f1c1e8e-0d5b-4a53-9d43-2f1a3d1c9b10', admin)).body).to.deep.equal(NOT_FOUND);
    });

    it('is 400 for a malformed id and 401 without a token', async () => {
      expect((await get('nope', admin)).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await h.request('GET', `/leave-requests/${await submitted()}`)).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('POST /leave-requests/:id/approve', () => {
    it('lets HR_MANAGER or above approve under the default chain, firing leave.approved once', async () => {
      const id = await submitted();
      h.clock.advance(60_000);
      const res = await approve(id, hr, { note: ' ok ' });
      expect(res.status).to.equal(200);
      const now = h.clock.now().toISOString();
      expect(res.body).to.deep.include({ status: 'APPROVED', currentStep: 1, decidedAt: now, updatedAt: now });
      expect(res.body.approvals).to.deep.equal([{ step: 1, decision: 'APPROVED', decidedByUserId: hr.user.id, note: 'ok', decidedAt: now }]);
      expect(await events('leave.approved')).to.deep.equal([{ tenantId: tenantA, leaveRequestId: id, approverUserId: hr.user.id }]);
      expect(await events('leave.rejected')).to.deep.equal([]);
    });

    it("is 403 below the step's role, for STAFF, for one's own request; TENANT_GROUP_OWNER passes", async () => {
      const id = await submitted();
      const area = await approve(id, await person('AREA_MANAGER'));
      expect(area.status).to.equal(403);
      expect(area.body).to.deep.equal(belowStep(1, 'HR_MANAGER'));
      expect((await approve(id, await person('STAFF'))).body).to.deep.equal(FORBIDDEN);
      const own = await submitted(WEEK, hr);
      expect((await approve(own, hr)).body).to.deep.equal(SELF);
      expect((await approve(own, await person('TENANT_GROUP_OWNER'))).status).to.equal(200);
      expect(await events('leave.approved')).to.have.length(1);
    });

    it('runs a two-step chain: step 1 fires nothing, step 2 fires leave.approved once', async () => {
      expect((await putChain(['OUTLET_MANAGER', 'HR_MANAGER'])).status).to.equal(200);
      const id = await submitted();
      const outlet = await person('OUTLET_MANAGER');
      const first = await approve(id, outlet);
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.include({ status: 'PENDING', currentStep: 2, decidedAt: null });
      expect(await events('leave.approved')).to.deep.equal([]);
      const second = await approve(id, await person('OUTLET_MANAGER'));
      expect(second.status).to.equal(403);
      expect(second.body).to.deep.equal(belowStep(2, 'HR_MANAGER'));
      const last = await approve(id, hr);
      expect(last.status).to.equal(200);
      expect(last.body).to.deep.include({ status: 'APPROVED', currentStep: 2 });
      expect(last.body.approvals.map((a: { step: number; decidedByUserId: string }) => [a.step, a.decidedByUserId])).to.deep.equal([
        [1, outlet.user.id],
        [2, hr.user.id],
      ]);
      expect(await events('leave.approved')).to.deep.equal([{ tenantId: tenantA, leaveRequestId: id, approverUserId: hr.user.id }]);
      const again = await approve(id, admin);
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal(conflict('The leave request is APPROVED; only a PENDING request can be approved'));
      expect(await events('leave.approved')).to.have.length(1);
    });

    it('needs a different person for each step', async () => {
      await putChain(['HR_MANAGER', 'HR_MANAGER']);
      const id = await submitted();
      expect((await approve(id, hr)).status).to.equal(200);
      const twice = await approve(id, hr);
      expect(twice.status).to.equal(403);
      expect(twice.body).to.deep.equal({ message: 'You already approved an earlier step of this leave request', error: 'Forbidden', statusCode: 403 });
      expect((await approve(id, await person('HR_MANAGER'))).body).to.have.property('status', 'APPROVED');
    });

    it('is 409 after a rejection and after a cancellation', async () => {
      const rejected = await submitted();
      await reject(rejected, hr);
      const res = await approve(rejected, admin);
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(conflict('The leave request is REJECTED; only a PENDING request can be approved'));
      const cancelled = await submitted({ ...WEEK, startDate: '2026-09-01', endDate: '2026-09-01' });
      await cancel(cancelled, staff);
      expect((await approve(cancelled, admin)).body).to.deep.equal(conflict('The leave request is CANCELLED; only a PENDING request can be approved'));
      expect(await events('leave.approved')).to.deep.equal([]);
    });

    it("is 404 for another tenant's request, 400 for a bad body, 401 without a token", async () => {
      const id = await submitted();
      const outsider = await person('TENANT_OWNER', tenantB);
      expect((await approve(id, outsider)).body).to.deep.equal(NOT_FOUND);
      expect((await approve(id, hr, { note: 'n'.repeat(1001) })).body).to.deep.equal(badRequest('note must be at most 1000 characters'));
      expect((await approve(id, hr, { decision: 'yes' })).body).to.deep.equal(badRequest('property decision should not exist'));
      expect((await approve('nope', hr)).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await h.request('POST', `/leave-requests/${id}/approve`, { body: {} })).body).to.deep.equal(UNAUTHORIZED);
      const [row] = await h.ds.query(`SELECT status FROM leave_requests WHERE id = $1`, [id]);
      expect(row.status).to.equal('PENDING');
    });
  });

  describe('POST /leave-requests/:id/reject', () => {
    it('ends a two-step chain at step 1 and fires leave.rejected with the note', async () => {
      await putChain(['OUTLET_MANAGER', 'HR_MANAGER']);
      const id = await submitted();
      const outlet = await person('OUTLET_MANAGER');
      h.clock.advance(60_000);
      const res = await reject(id, outlet, { note: '  Stocktake that week  ' });
      expect(res.status).to.equal(200);
      const now = h.clock.now().toISOString();
      expect(res.body).to.deep.include({ status: 'REJECTED', currentStep: 1, decidedAt: now });
      expect(res.body.approvals).to.deep.equal([{ step: 1, decision: 'REJECTED', decidedByUserId: outlet.user.id, note: 'Stocktake that week', decidedAt: now }]);
      expect(await events('leave.rejected')).to.deep.equal([{ tenantId: tenantA, leaveRequestId: id, rejecterUserId: outlet.user.id, note: 'Stocktake that week' }]);
      const later = await approve(id, hr);
      expect(later.status).to.equal(409);
      expect((await reject(id, hr)).body).to.deep.equal(conflict('The leave request is REJECTED; only a PENDING request can be rejected'));
      expect(await events('leave.approved')).to.deep.equal([]);
      expect(await events('leave.rejected')).to.have.length(1);
    });

    it('can reject at step 2 after step 1 approved', async () => {
      await putChain(['OUTLET_MANAGER', 'HR_MANAGER']);
      const id = await submitted();
      await approve(id, await person('OUTLET_MANAGER'));
      const res = await reject(id, hr, { note: 'No cover' });
      expect(res.body).to.deep.include({ status: 'REJECTED', currentStep: 2 });
      expect(await events('leave.rejected')).to.deep.equal([{ tenantId: tenantA, leaveRequestId: id, rejecterUserId: hr.user.id, note: 'No cover' }]);
      expect(await events('leave.approved')).to.deep.equal([]);
    });

    it("requires a note of 1–1000 characters and the step's role; not one's own", async () => {
      const id = await submitted();
      const cases: Array<[unknown, string[]]> = [
        [{}, ['note is required']],
        [{ note: '  ' }, ['note must be at least 1 characters']],
        [{ note: 'n'.repeat(1001) }, ['note must be at most 1000 characters']],
        [{ note: 'x', reason: 'y' }, ['property reason should not exist']],
      ];
      for (const [body, message] of cases) expect((await reject(id, hr, body)).body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      expect((await reject(id, await person('OPERATIONS_MANAGER'))).body).to.deep.equal(belowStep(1, 'HR_MANAGER'));
      expect((await reject(id, staff)).body).to.deep.equal(FORBIDDEN);
      const own = await submitted(WEEK, hr);
      expect((await reject(own, hr)).body).to.deep.equal(SELF);
      expect((await reject(id, await person('HR_MANAGER', tenantB))).body).to.deep.equal(NOT_FOUND);
      expect((await h.request('POST', `/leave-requests/${id}/reject`, { body: { note: 'x' } })).body).to.deep.equal(UNAUTHORIZED);
      expect(await events('leave.rejected')).to.deep.equal([]);
    });
  });

  describe('POST /leave-requests/:id/cancel', () => {
    it('lets the person withdraw a PENDING request, firing nothing; a second cancel is 409', async () => {
      const id = await submitted();
      const res = await cancel(id, staff);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'CANCELLED', decidedAt: h.clock.now().toISOString() });
      const again = await cancel(id, staff);
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal(conflict('The leave request is CANCELLED; only a PENDING request can be cancelled'));
      const [{ n }] = await h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1 AND type <> 'leave.requested'`, [tenantA]);
      expect(n).to.equal(0);
    });

    it('is 409 once approved', async () => {
      const id = await submitted();
      await approve(id, hr);
      expect((await cancel(id, staff)).body).to.deep.equal(conflict('The leave request is APPROVED; only a PENDING request can be cancelled'));
    });

    it("is 403 for a manager on someone else's request, 404 for a colleague or another tenant, 401 without a token", async () => {
      const id = await submitted();
      const res = await cancel(id, admin);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({ message: 'Only the person a leave request is for can cancel it', error: 'Forbidden', statusCode: 403 });
      expect((await cancel(id, await person('STAFF'))).body).to.deep.equal(NOT_FOUND);
      expect((await cancel(id, await person('TENANT_OWNER', tenantB))).body).to.deep.equal(NOT_FOUND);
      expect((await h.request('POST', `/leave-requests/${id}/cancel`)).body).to.deep.equal(UNAUTHORIZED);
      const [row] = await h.ds.query(`SELECT status FROM leave_requests WHERE id = $1`, [id]);
      expect(row.status).to.equal('PENDING');
    });
  });

  describe('the approval chain', () => {
    const getChain = (as: Person) => h.request('GET', '/leave-approval-chain', { token: as.token });

    it('is one HR_MANAGER step by default, readable by every role', async () => {
      const res = await getChain(staff);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ steps: [{ step: 1, approverRole: 'HR_MANAGER' }], isDefault: true });
      expect((await h.request('GET', '/leave-approval-chain')).body).to.deep.equal(UNAUTHORIZED);
    });

    it("is replaced by TENANT_OWNER or COMPANY_ADMIN for the caller's tenant only", async () => {
      const res = await putChain(['OUTLET_MANAGER', 'AREA_MANAGER', 'TENANT_OWNER']);
      const chain = {
        steps: [
          { step: 1, approverRole: 'OUTLET_MANAGER' },
          { step: 2, approverRole: 'AREA_MANAGER' },
          { step: 3, approverRole: 'TENANT_OWNER' },
        ],
        isDefault: false,
      };
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(chain);
      expect((await getChain(staff)).body).to.deep.equal(chain);
      expect((await putChain(['HR_MANAGER'], await person('TENANT_OWNER'))).body.steps).to.deep.equal([{ step: 1, approverRole: 'HR_MANAGER' }]);
      expect((await getChain(await person('STAFF', tenantB))).body.isDefault).to.equal(true);
    });

    it('is 403 for other roles and 401 without a token', async () => {
      expect((await putChain(['OUTLET_MANAGER'], hr)).body).to.deep.equal(FORBIDDEN);
      expect((await putChain(['OUTLET_MANAGER'], staff)).status).to.equal(403);
      expect((await h.request('PUT', '/leave-approval-chain', { body: { steps: [{ approverRole: 'HR_MANAGER' }] } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await getChain(admin)).body.isDefault).to.equal(true);
    });

    it('validates 1–5 steps of manager roles', async () => {
      const roles = 'must be one of the following values: TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER, AREA_MANAGER, OPERATIONS_MANAGER, OUTLET_MANAGER';
      const cases: Array<[unknown, string[]]> = [
        [{}, ['steps is required']],
        [{ steps: [] }, ['steps must contain at least 1 element']],
        [{ steps: Array.from({ length: 6 }, () => ({ approverRole: 'HR_MANAGER' })) }, ['steps must contain at most 5 elements']],
        [{ steps: [{ approverRole: 'STAFF' }] }, [`steps.0.approverRole ${roles}`]],
        [{ steps: [{ approverRole: 'TENANT_GROUP_OWNER' }] }, [`steps.0.approverRole ${roles}`]],
        [{ steps: [{ approverRole: 'HR_MANAGER', step: 1 }] }, ['property steps.0.step should not exist']],
        [{ steps: [{ approverRole: 'HR_MANAGER' }], name: 'x' }, ['property name should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await h.request('PUT', '/leave-approval-chain', { body, token: admin.token });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
    });

    it('applies a lengthened chain to requests already pending', async () => {
      const id = await submitted();
      await putChain(['HR_MANAGER', 'COMPANY_ADMIN']);
      expect((await approve(id, hr)).body).to.deep.include({ status: 'PENDING', currentStep: 2 });
      expect(await events('leave.approved')).to.deep.equal([]);
      expect((await approve(id, admin)).body).to.deep.include({ status: 'APPROVED' });
      expect(await events('leave.approved')).to.have.length(1);
    });

    it('lets a shortened chain complete a request beyond its length at its last step', async () => {
      await putChain(['OUTLET_MANAGER', 'AREA_MANAGER', 'COMPANY_ADMIN']);
      const id = await submitted();
      await approve(id, await person('OUTLET_MANAGER'));
      await approve(id, await person('AREA_MANAGER'));
      await putChain(['OUTLET_MANAGER', 'HR_MANAGER']);
      expect((await approve(id, await person('AREA_MANAGER'))).body).to.deep.equal(belowStep(3, 'HR_MANAGER'));
      const res = await approve(id, hr);
      expect(res.body).to.deep.include({ status: 'APPROVED', currentStep: 3 });
      expect(await events('leave.approved')).to.deep.equal([{ tenantId: tenantA, leaveRequestId: id, approverUserId: hr.user.id }]);
    });
  });
});
