import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const USER_404 = { message: 'User not found', error: 'Not Found', statusCode: 404 };
const CONTRACT_404 = { message: 'Contract not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const MONTHLY = { method: 'MONTHLY', unit: 'DAYS' };

describe('leave accrual: policies, the ledger, the job and balances (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { timezone: 'UTC' } });
  let outletA: string;
  let hr: CreatedUser;
  let hrToken: string;
  let staff: CreatedUser;
  let staffToken: string;

  async function person(role: Role, tenantId = s.tenantA, outletId: string | null = outletA): Promise<{ user: CreatedUser; token: string }> {
    const user = await createUser(s.h.ds, tenantId, { role });
    if (outletId) await s.h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [tenantId, user.id, outletId]);
    return { user, token: await s.h.tokenFor(user) };
  }

  /** An ACTIVE contract of the person, made by HR through the API. */
  async function activeContract(userId: string, startDate = '2026-01-01', token = hrToken): Promise<string> {
    const res = await s.h.request('POST', '/contracts', { token, body: { userId, jobTitle: 'Barista', employmentType: 'FULL_TIME', startDate, annualLeaveDays: 28 } });
    expect(res.status).to.equal(201);
    expect((await s.h.request('POST', `/contracts/${res.body.id}/activate`, { token })).status).to.equal(200);
    return res.body.id;
  }

  const putPolicy = (contractId: string, body: unknown, token = hrToken) => s.h.request('PUT', `/contracts/${contractId}/leave-accrual`, { token, body });
  const runJob = () => s.h.job('leave-accrual').run();
  const balanceOf = (userId: string, token = hrToken) => s.h.request('GET', `/leave-balances/${userId}`, { token });
  const lines = async (userId: string) => (await balanceOf(userId)).body.lines.map((l: { kind: string; amount: number; period: string | null }) => [l.kind, l.period, l.amount]);
  const events = async (tenantId = s.tenantA) =>
    ((await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at, id`, [tenantId])) as Array<{ type: string }>).map((e) => e.type);

  /** Moves the clock; tokens are minted again, as they expire with the clock. */
  async function travel(at: string): Promise<void> {
    s.h.clock.set(at);
    hrToken = await s.h.tokenFor(hr);
    staffToken = await s.h.tokenFor(staff);
  }

  beforeEach(async () => {
    outletA = (await createOutlet(s.h.ds, s.tenantA)).id;
    hr = (await person('HR_MANAGER')).user;
    staff = (await person('STAFF')).user;
    await travel('2026-01-05T09:00:00Z');
  });

  describe('the policy on a contract', () => {
    it('is set, read, replaced and removed by HR; the person reads their own; nothing fires', async () => {
      const contractId = await activeContract(staff.id);
      const before = await events();
      await travel('2026-02-10T12:00:00Z');
      const res = await putPolicy(contractId, { ...MONTHLY, carryOverMax: 5, carryOverExpiryMonths: 3, balanceCap: 35, onExceed: 'REFUSE' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        contractId,
        userId: staff.id,
        method: 'MONTHLY',
        unit: 'DAYS',
        amountPerMonth: null,
        rateBasisPoints: null,
        hoursPerDay: null,
        startsOn: '2026-01-01',
        leaveYearStartMonth: 1,
        carryOverMax: 5,
        carryOverExpiryMonths: 3,
        balanceCap: 35,
        onExceed: 'REFUSE',
        createdByUserId: hr.id,
        createdAt: '2026-02-10T12:00:00.000Z',
        updatedAt: '2026-02-10T12:00:00.000Z',
      });
      expect((await s.h.request('GET', `/contracts/${contractId}/leave-accrual`, { token: staffToken })).body).to.deep.equal(res.body);
      const other = await person('STAFF');
      expect((await s.h.request('GET', `/contracts/${contractId}/leave-accrual`, { token: other.token })).body).to.deep.equal(CONTRACT_404);

      await travel('2026-02-11T12:00:00Z');
      const replaced = await putPolicy(contractId, { method: 'HOURS_WORKED', unit: 'HOURS', rateBasisPoints: 1207, hoursPerDay: 7.5, startsOn: '2026-02-01' });
      expect(replaced.body).to.deep.include({ method: 'HOURS_WORKED', rateBasisPoints: 1207, hoursPerDay: 7.5, startsOn: '2026-02-01', carryOverMax: null, onExceed: 'WARN' });
      expect(replaced.body).to.deep.include({ createdAt: '2026-02-10T12:00:00.000Z', updatedAt: '2026-02-11T12:00:00.000Z' });
      expect(await events()).to.deep.equal(before);

      expect((await s.h.request('DELETE', `/contracts/${contractId}/leave-accrual`, { token: hrToken })).status).to.equal(204);
      expect((await s.h.request('GET', `/contracts/${contractId}/leave-accrual`, { token: hrToken })).body).to.deep.equal({
        message: 'This contract has no leave accrual policy',
        error: 'Not Found',
        statusCode: 404,
      });
      expect((await s.h.request('DELETE', `/contracts/${contractId}/leave-accrual`, { token: hrToken })).status).to.equal(404);
    });

    it('answers 400 for each malformed policy', async () => {
      const contractId = await activeContract(staff.id);
      const cases: Array<[unknown, string[]]> = [
        [{ unit: 'DAYS' }, ['method is required']],
        [{ ...MONTHLY, page: 1 }, ['property page should not exist']],
        [{ method: 'HOURS_WORKED', unit: 'DAYS' }, ['rateBasisPoints is required for HOURS_WORKED', 'unit must be HOURS for HOURS_WORKED']],
        [{ method: 'HOURS_WORKED', unit: 'HOURS', rateBasisPoints: 1207 }, ['hoursPerDay is required for HOURS']],
        [{ ...MONTHLY, rateBasisPoints: 1207 }, ['rateBasisPoints is only for HOURS_WORKED']],
        [{ method: 'MONTHLY', unit: 'HOURS', hoursPerDay: 8 }, ['amountPerMonth is required for MONTHLY in HOURS']],
        [{ ...MONTHLY, hoursPerDay: 8 }, ['hoursPerDay is only for HOURS']],
        [{ ...MONTHLY, amountPerMonth: 2.333 }, ['amountPerMonth must have at most two decimal places']],
        [{ ...MONTHLY, leaveYearStartMonth: 13 }, ['leaveYearStartMonth must not be greater than 12']],
        [{ ...MONTHLY, carryOverMax: 0, carryOverExpiryMonths: 3 }, ['carryOverExpiryMonths has nothing to expire when carryOverMax is 0']],
        [{ ...MONTHLY, startsOn: '2026-02-30' }, ['startsOn must be a valid date in YYYY-MM-DD format']],
        [{ ...MONTHLY, startsOn: '2025-12-31' }, ["startsOn must not be before the contract's start date (2026-01-01)"]],
      ];
      for (const [body, message] of cases) expect((await putPolicy(contractId, body)).body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      expect((await s.h.request('PUT', '/contracts/nope/leave-accrual', { token: hrToken, body: MONTHLY })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('GET', '/contracts/nope/leave-accrual', { token: hrToken })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('DELETE', '/contracts/nope/leave-accrual', { token: hrToken })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('answers 401, 403 by role and by the rank rule, 404 across tenants and 409 on an ended contract', async () => {
      const contractId = await activeContract(staff.id);
      expect((await s.h.request('PUT', `/contracts/${contractId}/leave-accrual`, { body: MONTHLY })).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('GET', `/contracts/${contractId}/leave-accrual`, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('DELETE', `/contracts/${contractId}/leave-accrual`, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('DELETE', `/contracts/${contractId}/leave-accrual`, { token: staffToken })).body).to.deep.equal(FORBIDDEN);
      expect((await putPolicy(contractId, MONTHLY, staffToken)).body).to.deep.equal(FORBIDDEN);
      const manager = await person('OUTLET_MANAGER');
      expect((await putPolicy(contractId, MONTHLY, manager.token)).body).to.deep.equal(FORBIDDEN);
      const admin = await person('COMPANY_ADMIN');
      const ownContract = await activeContract(hr.id, '2026-01-01', admin.token);
      expect((await putPolicy(ownContract, MONTHLY)).body).to.deep.equal({ message: 'You cannot change your own HR record', error: 'Forbidden', statusCode: 403 });
      expect((await s.h.request('DELETE', `/contracts/${ownContract}/leave-accrual`, { token: hrToken })).status).to.equal(403);
      const other = await person('HR_MANAGER', s.tenantB, null);
      expect((await putPolicy(contractId, MONTHLY, other.token)).body).to.deep.equal(CONTRACT_404);
      expect((await s.h.request('GET', `/contracts/${contractId}/leave-accrual`, { token: other.token })).body).to.deep.equal(CONTRACT_404);
      expect((await s.h.request('DELETE', `/contracts/${contractId}/leave-accrual`, { token: other.token })).body).to.deep.equal(CONTRACT_404);
      expect((await s.h.request('POST', `/contracts/${contractId}/terminate`, { token: hrToken, body: { reason: 'Moved away' } })).status).to.equal(200);
      expect((await putPolicy(contractId, MONTHLY)).body).to.deep.equal({ message: 'A contract that is TERMINATED cannot take an accrual policy', error: 'Conflict', statusCode: 409 });
    });
  });

  describe('the accrual job', () => {
    it('posts each ended month once, spreading 28 days so that the months add up; a rerun posts nothing and nothing fires', async () => {
      const contractId = await activeContract(staff.id);
      await putPolicy(contractId, MONTHLY);
      const before = await events();
      await travel('2026-04-15T10:00:00Z');
      await runJob();
      await runJob();
      expect(await lines(staff.id)).to.deep.equal([
        ['ACCRUAL', '2026-01', 2.33],
        ['ACCRUAL', '2026-02', 2.34],
        ['ACCRUAL', '2026-03', 2.33],
      ]);
      const balance = (await balanceOf(staff.id)).body;
      expect(balance).to.deep.include({ userId: staff.id, unit: 'DAYS', balance: 7, pending: 0, available: 7 });
      expect(balance.lines[1]).to.deep.include({ effectiveOn: '2026-02-28', note: '2026-02: 28.00 days a year / 12 = 2.34', createdByUserId: null });
      expect(await events()).to.deep.equal(before);
    });

    it('pro-rates a month covered in part, stops at the balance cap, carries at most the carry-over cap and expires carried leave not used in time', async () => {
      const contractId = await activeContract(staff.id, '2025-11-16');
      await putPolicy(contractId, { ...MONTHLY, amountPerMonth: 3, carryOverMax: 2, carryOverExpiryMonths: 2, balanceCap: 5 });
      await travel('2026-03-02T00:30:00Z');
      await runJob();
      expect(await lines(staff.id)).to.deep.equal([
        ['ACCRUAL', '2025-11', 1.5], // 15 of 30 days of 3.00
        ['ACCRUAL', '2025-12', 3], // 4.50
        ['CARRY_OVER', '2025-01', -2.5], // 2.00 of 4.50 carried
        ['ACCRUAL', '2026-01', 3], // 5.00
        ['ACCRUAL', '2026-02', 0], // at the cap of 5.00
        ['EXPIRY', '2026-01', -2], // the 2.00 carried, unused by the end of February
      ]);
      const { body } = await balanceOf(staff.id);
      expect(body.balance).to.equal(3);
      expect(body.lines.map((l: { note: string }) => l.note)).to.include.members([
        'Leave year from 2025-01: 4.50 at its end, 2.00 carried (at most 2.00), 2.50 forfeited',
        '2026-02: 3.00 days a month = 3.00; 0.00 within the cap of 5.00 (balance 5.00)',
        'Carried leave expires after 2 month(s): 2.00 carried, 0.00 taken since 2026-01-01, 2.00 expired',
      ]);
    });

    it('accrues 12.07 % of the hours worked in a month, in hours, from approved attendance only', async () => {
      const contractId = await activeContract(staff.id);
      await putPolicy(contractId, { method: 'HOURS_WORKED', unit: 'HOURS', rateBasisPoints: 1207, hoursPerDay: 8, startsOn: '2026-03-01' });
      const work = (start: string, hours: number, status = 'VERIFIED') =>
        s.h.ds.query(
          `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
          [randomUUID(), s.tenantA, staff.id, outletA, start, new Date(Date.parse(start) + hours * 3_600_000).toISOString(), status],
        );
      for (let day = 2; day <= 21; day++) await work(`2026-03-${String(day).padStart(2, '0')}T09:00:00Z`, 8);
      await work('2026-03-22T09:00:00Z', 8, 'REJECTED');
      await work('2026-02-27T09:00:00Z', 8);
      await travel('2026-04-01T06:00:00Z');
      await runJob();
      const { body } = await balanceOf(staff.id);
      // 20 × 8 h = 160 h × 12.07 % = 19.312 h.
      expect(body.lines.map((l: { period: string; amount: number; note: string }) => [l.period, l.amount, l.note])).to.deep.equal([
        ['2026-03', 19.31, '2026-03: 12.07 % of 160.00 h worked = 19.31'],
      ]);
      expect(body).to.deep.include({ unit: 'HOURS', balance: 19.31 });
    });

    it('posts what an interrupted run left out, each period once even with two runs at once; a line is never rewritten', async () => {
      const contractId = await activeContract(staff.id);
      await putPolicy(contractId, MONTHLY);
      await travel('2026-02-03T00:00:00Z');
      await runJob();
      await travel('2026-04-03T00:00:00Z');
      await Promise.all([runJob(), runJob()]);
      expect(await lines(staff.id)).to.deep.equal([
        ['ACCRUAL', '2026-01', 2.33],
        ['ACCRUAL', '2026-02', 2.34],
        ['ACCRUAL', '2026-03', 2.33],
      ]);
      const err = await s.h.ds
        .query(`UPDATE leave_ledger_entries SET amount = 99 WHERE tenant_id = $1 AND user_id = $2`, [s.tenantA, staff.id])
        .then(() => null, (e: Error) => e.message);
      expect(err).to.equal('leave_ledger_entries is append-only');
    });
  });

  describe('leave requests against the balance', () => {
    async function withBalance(onExceed: 'WARN' | 'REFUSE'): Promise<void> {
      const contractId = await activeContract(staff.id);
      await putPolicy(contractId, { ...MONTHLY, onExceed });
      await travel('2026-04-15T10:00:00Z');
      await runJob();
    }
    const submit = (body: unknown, token = staffToken) => s.h.request('POST', '/leave-requests', { token, body });
    const approve = (id: string) => s.h.request('POST', `/leave-requests/${id}/approve`, { token: hrToken, body: {} });

    it('REFUSE: refuses annual leave beyond the available balance (pending requests count) at submission and approval, fires nothing for it, and takes approved leave', async () => {
      await withBalance('REFUSE');
      const before = await events();
      expect((await submit({ type: 'ANNUAL', startDate: '2026-05-04', endDate: '2026-05-13' })).body).to.deep.equal({
        message: 'The request takes 10.00 days of annual leave; the available balance is 7.00 days',
        error: 'LEAVE_BALANCE_EXCEEDED',
        statusCode: 409,
      });
      expect(await events()).to.deep.equal(before);
      const five = await submit({ type: 'ANNUAL', startDate: '2026-05-04', endDate: '2026-05-08' });
      expect(five.status).to.equal(201);
      expect(five.body).to.not.have.property('balanceWarning');
      expect((await submit({ type: 'ANNUAL', startDate: '2026-06-01', endDate: '2026-06-03' })).body.message).to.equal(
        'The request takes 3.00 days of annual leave; the available balance is 2.00 days',
      );
      expect((await submit({ type: 'SICK', startDate: '2026-06-01', endDate: '2026-06-30' })).status).to.equal(201);
      expect((await balanceOf(staff.id, staffToken)).body).to.deep.include({ balance: 7, pending: 5, available: 2 });

      const approved = await approve(five.body.id);
      expect(approved.status).to.equal(200);
      expect(approved.body.status).to.equal('APPROVED');
      const { body } = await balanceOf(staff.id, staffToken);
      expect(body).to.deep.include({ balance: 2, pending: 0, available: 2 });
      expect(body.lines.at(-1)).to.deep.include({
        kind: 'TAKEN',
        amount: -5,
        effectiveOn: '2026-05-04',
        leaveRequestId: five.body.id,
        note: 'Annual leave 2026-05-04 to 2026-05-08: 5 day(s)',
        createdByUserId: hr.id,
      });

      // HR takes the balance down after a submission: the last step weighs it again.
      const two = await submit({ type: 'ANNUAL', startDate: '2026-07-01', endDate: '2026-07-02' });
      expect(two.status).to.equal(201);
      expect((await s.h.request('POST', `/leave-balances/${staff.id}/adjustments`, { token: hrToken, body: { amount: -1, reason: 'Day off in lieu was paid out' } })).status).to.equal(201);
      expect((await approve(two.body.id)).body).to.deep.equal({
        message: 'The request takes 2.00 days of annual leave; the available balance is 1.00 days',
        error: 'LEAVE_BALANCE_EXCEEDED',
        statusCode: 409,
      });
      expect((await s.h.request('GET', `/leave-requests/${two.body.id}`, { token: staffToken })).body.status).to.equal('PENDING');
    });

    it('WARN: accepts and approves it with a warning and takes the balance below zero', async () => {
      await withBalance('WARN');
      const res = await submit({ type: 'ANNUAL', startDate: '2026-05-04', endDate: '2026-05-13' });
      expect(res.status).to.equal(201);
      expect(res.body.balanceWarning).to.equal('The request takes 10.00 days of annual leave; the available balance is 7.00 days');
      const approved = await approve(res.body.id);
      expect(approved.body).to.deep.include({ status: 'APPROVED', balanceWarning: 'The request takes 10.00 days of annual leave; the available balance is 7.00 days' });
      expect((await s.h.request('GET', `/leave-requests/${res.body.id}`, { token: staffToken })).body).to.not.have.property('balanceWarning');
      expect((await balanceOf(staff.id)).body).to.deep.include({ balance: -3 });
      expect((await events()).filter((t) => t.startsWith('leave.')).sort()).to.deep.equal(['leave.approved', 'leave.requested']);
    });

    it('without a policy, weighs nothing and keeps no ledger', async () => {
      await activeContract(staff.id);
      await travel('2026-04-15T10:00:00Z');
      await runJob();
      const res = await submit({ type: 'ANNUAL', startDate: '2026-05-04', endDate: '2026-08-13' });
      expect(res.status).to.equal(201);
      expect(res.body).to.not.have.property('balanceWarning');
      expect((await approve(res.body.id)).body.status).to.equal('APPROVED');
      expect((await balanceOf(staff.id)).body).to.deep.equal({ userId: staff.id, policy: null, unit: null, balance: 0, pending: 0, available: 0, lines: [] });
    });
  });

  describe('balances and adjustments', () => {
    it('lists balances by scope: STAFF their own, an OUTLET_MANAGER their outlets’ people, HR the tenant', async () => {
      const elsewhere = await createOutlet(s.h.ds, s.tenantA);
      const far = await person('STAFF', s.tenantA, elsewhere.id);
      await putPolicy(await activeContract(staff.id), MONTHLY);
      await putPolicy(await activeContract(far.user.id), MONTHLY);
      await travel('2026-02-15T10:00:00Z');
      await runJob();
      const manager = await person('OUTLET_MANAGER');
      const ids = async (token: string) => ((await s.h.request('GET', '/leave-balances', { token })).body as Array<{ userId: string }>).map((b) => b.userId).sort();
      expect(await ids(staffToken)).to.deep.equal([staff.id]);
      expect(await ids(manager.token)).to.deep.equal([staff.id]);
      expect(await ids(hrToken)).to.deep.equal([staff.id, far.user.id].sort());
      const list = (await s.h.request('GET', '/leave-balances?limit=1', { token: hrToken })).body;
      expect(list).to.have.length(1);
      expect(list[0]).to.have.all.keys('userId', 'fullName', 'contractId', 'unit', 'balance');
      expect((await s.h.request('GET', '/leave-balances?page=2', { token: hrToken })).body).to.deep.equal(badRequest('property page should not exist'));
      expect((await s.h.request('GET', '/leave-balances', {})).body).to.deep.equal(UNAUTHORIZED);

      expect((await balanceOf(far.user.id, manager.token)).body).to.deep.equal(USER_404);
      expect((await balanceOf(staff.id, manager.token)).body.balance).to.equal(2.33);
      expect((await balanceOf(far.user.id, staffToken)).body).to.deep.equal(USER_404);
      expect((await balanceOf(staff.id, (await person('HR_MANAGER', s.tenantB, null)).token)).body).to.deep.equal(USER_404);
      expect((await s.h.request('GET', `/leave-balances/${staff.id}`, {})).body).to.deep.equal(UNAUTHORIZED);
      expect((await balanceOf('nope')).body).to.deep.equal(badRequest('userId must be a UUID'));
    });

    it('HR posts an adjustment with its reason; each malformed body is 400; STAFF and one’s own balance 403; other tenants 404; no policy 409', async () => {
      await putPolicy(await activeContract(staff.id), MONTHLY);
      await travel('2026-03-10T10:00:00Z');
      const adjust = (userId: string, body: unknown, token = hrToken) => s.h.request('POST', `/leave-balances/${userId}/adjustments`, { token, body });
      const res = await adjust(staff.id, { amount: 1.5, reason: '  Worked the bank holiday  ' });
      expect(res.status).to.equal(201);
      expect(res.body.balance).to.equal(1.5);
      expect(res.body.lines).to.have.length(1);
      expect(res.body.lines[0]).to.deep.include({ kind: 'ADJUSTMENT', unit: 'DAYS', amount: 1.5, effectiveOn: '2026-03-10', period: null, note: 'Worked the bank holiday', createdByUserId: hr.id });

      const cases: Array<[unknown, string[]]> = [
        [{ reason: 'x' }, ['amount is required']],
        [{ amount: 0, reason: 'x' }, ['amount must not be 0']],
        [{ amount: 0.001, reason: 'x' }, ['amount must have at most two decimal places']],
        [{ amount: 1 }, ['reason is required']],
        [{ amount: 1, reason: '   ' }, ['reason must be at least 1 characters']],
        [{ amount: 1, reason: 'x', effectiveOn: 'soon' }, ['effectiveOn must be a valid date in YYYY-MM-DD format']],
        [{ amount: 1, reason: 'x', note: 'y' }, ['property note should not exist']],
      ];
      for (const [body, message] of cases) expect((await adjust(staff.id, body)).body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      expect((await adjust('nope', { amount: 1, reason: 'x' })).body).to.deep.equal(badRequest('userId must be a UUID'));
      expect((await s.h.request('POST', `/leave-balances/${staff.id}/adjustments`, { body: { amount: 1, reason: 'x' } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await adjust(staff.id, { amount: 1, reason: 'x' }, staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await adjust(staff.id, { amount: 1, reason: 'x' }, (await person('OUTLET_MANAGER')).token)).body).to.deep.equal(FORBIDDEN);
      expect((await adjust(hr.id, { amount: 1, reason: 'x' })).body).to.deep.equal({ message: 'You cannot change your own HR record', error: 'Forbidden', statusCode: 403 });
      expect((await adjust(staff.id, { amount: 1, reason: 'x' }, (await person('HR_MANAGER', s.tenantB, null)).token)).body).to.deep.equal(USER_404);
      expect((await adjust(staff.id, { amount: 1, reason: 'x' }, (await person('STAFF', s.tenantB, null)).token)).body).to.deep.equal(FORBIDDEN);
      const noPolicy = await person('STAFF');
      expect((await adjust(noPolicy.user.id, { amount: 1, reason: 'x' })).body).to.deep.equal({
        message: 'The person has no leave accrual policy in force: set one on their active contract first',
        error: 'NO_ACCRUAL_POLICY',
        statusCode: 409,
      });
      expect((await balanceOf(staff.id)).body.lines).to.have.length(1);
    });
  });

  describe('the offboarding settlement', () => {
    it('pays out the ledger balance, with the final month accrued to the last working day, for a person with a policy', async () => {
      const contractId = await activeContract(staff.id);
      await s.h.request('PATCH', `/contracts/${contractId}`, { token: hrToken, body: { salaryMinor: 2_600_000, currency: 'GBP' } });
      await putPolicy(contractId, MONTHLY);
      await travel('2026-04-15T10:00:00Z');
      await runJob();
      const admin = await person('COMPANY_ADMIN');
      const started = await s.h.request('POST', '/offboarding', { token: admin.token, body: { userId: staff.id, reason: 'RESIGNATION', lastWorkingDay: '2026-04-30' } });
      expect(started.status).to.equal(201);
      const { body } = await s.h.request('GET', `/offboarding/${started.body.id}`, { token: admin.token });
      // 7.00 posted for January to March, and April's 9.33 − 7.00 = 2.33 not yet posted.
      expect(body.settlement).to.deep.include({ accruedLeaveDays: 9.33, leaveTakenDays: 0, leaveBalanceDays: 9.33, leaveBalanceSource: 'LEDGER', dailyRateMinor: 10_000, leavePayMinor: 93_300 });
    });
  });
});
