import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });

/**
 * January 2026 in Europe/London: Alice is paid 12.50 an hour (overtime past 8 hours a day at 150 %),
 * Bob 2,600.00 a month; 20 % tax withholding and a 50.00 pension line. Expected figures are worked
 * out by hand in the comments.
 */
describe('payroll (HTTP)', () => {
  const s = twoTenantSuite();
  let hr: CreatedUser;
  let token: string;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let outletId: string;

  const work = (user: CreatedUser, start: string, end: string, status = 'VERIFIED') =>
    s.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
      [randomUUID(), s.tenantA, user.id, outletId, start, end, status],
    );
  const leave = (user: CreatedUser, type: string, start: string, end: string, status = 'APPROVED') =>
    s.h.ds.query(
      `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at) VALUES ($1, $2, $3, $4, $5, $6, 1, 1, $7, CASE WHEN $7 = 'PENDING' THEN NULL ELSE now() END)`,
      [randomUUID(), s.tenantA, user.id, type, start, end, status],
    );
  const post = async (path: string, body?: unknown, as?: string) => s.h.request('POST', path, { token: as ?? token, body });
  const get = async (path: string, as?: string) => s.h.request('GET', path, { token: as ?? token });

  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    token = await s.h.tokenFor(hr);
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Alice Archer' });
    bob = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Bob Baker' });
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    expect((await s.h.request('PUT', `/users/${alice.id}/pay`, { token, body: { type: 'HOURLY', rateMinor: 1250, currency: 'GBP' } })).status).to.equal(200);
    expect((await s.h.request('PUT', `/users/${bob.id}/pay`, { token, body: { type: 'MONTHLY', rateMinor: 260_000, currency: 'GBP' } })).status).to.equal(200);
    await post('/payroll/deductions', { name: 'Tax withholding', kind: 'PERCENT', basisPoints: 2000, accountCode: '825' });
    await post('/payroll/deductions', { name: 'Pension', kind: 'FIXED', amountMinor: 5000, accountCode: '826' });
    await work(alice, '2026-01-05T09:00:00Z', '2026-01-05T17:00:00Z');
    await work(alice, '2026-01-06T08:00:00Z', '2026-01-06T18:00:00Z', 'APPROVED');
    await work(alice, '2026-01-31T22:00:00Z', '2026-02-01T06:00:00Z');
    await work(alice, '2026-01-07T09:00:00Z', '2026-01-07T17:00:00Z', 'PENDING_REVIEW');
    await work(alice, '2026-01-08T09:00:00Z', '2026-01-08T17:00:00Z', 'REJECTED');
    await work(alice, '2025-12-31T22:00:00Z', '2026-01-01T06:00:00Z');
    await leave(alice, 'ANNUAL', '2026-01-20T00:00:00Z', '2026-01-21T23:59:59.999Z');
    await leave(alice, 'UNPAID', '2026-01-22T00:00:00Z', '2026-01-22T23:59:59.999Z');
    await leave(alice, 'ANNUAL', '2026-01-26T00:00:00Z', '2026-01-26T23:59:59.999Z', 'PENDING');
    await work(bob, '2026-01-12T08:00:00Z', '2026-01-12T17:00:00Z');
    await leave(bob, 'UNPAID', '2026-01-15T00:00:00Z', '2026-01-15T23:59:59.999Z');
  });

  it('computes the month to the minor unit: overnight shifts, overtime, paid and unpaid leave, deductions', async () => {
    const res = await post('/payroll/runs', { periodYearMonth: '2026-01' });
    expect(res.status).to.equal(201);
    // Alice: 1,440 regular min = 30,000; 120 overtime min = 3,750; 2 leave days = 20,000 → 53,750; tax 10,750, pension 5,000 → 38,000.
    // Bob: 260,000 + 60 overtime min (2,250) − 1 unpaid day of 22 (11,818) = 250,432; tax 50,086, pension 5,000 → 195,346.
    expect(res.body).to.deep.include({ status: 'DRAFT', currency: 'GBP', payslipCount: 2, totalGrossMinor: 304_182, totalDeductionsMinor: 70_836, totalNetMinor: 233_346, preparedByUserId: hr.id });
    const slip = await get(`/payroll/runs/${res.body.id}/payslips/${alice.id}`);
    expect(slip.body).to.deep.include({ grossMinor: 53_750, deductionsMinor: 15_750, netMinor: 38_000, runStatus: 'DRAFT' });
    expect(slip.body.lines.map((l: { code: string; quantity: number; amountMinor: number }) => [l.code, l.quantity, l.amountMinor])).to.deep.equal([
      ['REGULAR', 1440, 30_000],
      ['OVERTIME', 120, 3_750],
      ['PAID_LEAVE', 2, 20_000],
      ['DEDUCTION', 1, -10_750],
      ['DEDUCTION', 1, -5_000],
    ]);
    const all = await get(`/payroll/runs/${res.body.id}/payslips`);
    expect(all.body.reduce((sum: number, p: { netMinor: number }) => sum + p.netMinor, 0)).to.equal(res.body.totalNetMinor);
  });

  it('pays someone without pay settings from their active contract: a twelfth of the yearly salary', async () => {
    const carol = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    const contract = await post('/contracts', { userId: carol.id, jobTitle: 'Manager', employmentType: 'FULL_TIME', startDate: '2025-01-01', salaryMinor: 3_000_005, currency: 'GBP' });
    await post(`/contracts/${contract.body.id}/activate`);
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    const slip = await get(`/payroll/runs/${run.id}/payslips/${carol.id}`);
    // 3,000,005 / 12 = 250,000.42 → 250,000; tax 50,000, pension 5,000.
    expect(slip.body.lines.map((l: { code: string; amountMinor: number }) => [l.code, l.amountMinor])).to.deep.equal([
      ['SALARY', 250_000],
      ['DEDUCTION', -50_000],
      ['DEDUCTION', -5_000],
    ]);
    expect(run.payslipCount).to.equal(3);
  });

  it('recomputes a draft from the data as it is now; one run a month; not a future month', async () => {
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    await work(alice, '2026-01-09T09:00:00Z', '2026-01-09T13:00:00Z');
    const again = await post(`/payroll/runs/${run.id}/recompute`);
    expect(again.body.totalGrossMinor).to.equal(304_182 + 5_000);
    expect((await post('/payroll/runs', { periodYearMonth: '2026-01' })).body).to.deep.equal(conflict('The run for 2026-01 is a draft: recompute it instead', 'RUN_EXISTS'));
    expect((await post('/payroll/runs', { periodYearMonth: '2099-01' })).body).to.deep.equal(conflict('The month has not started yet', 'FUTURE_PERIOD'));
    expect((await post('/payroll/runs', { periodYearMonth: '2026-13' })).body).to.deep.equal(badRequest('periodYearMonth must be a month in YYYY-MM format'));
  });

  it('approves once (FINALIZED, both events), exports a balanced journal, marks paid once; a draft has no journal', async () => {
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    expect((await get(`/payroll/runs/${run.id}/journal`)).body).to.deep.equal(conflict('The journal of a run is exportable once the run is approved', 'NOT_FINALIZED'));
    const approver = await createUser(s.h.ds, s.tenantA, { role: 'COMPANY_ADMIN' });
    const approved = await post(`/payroll/runs/${run.id}/approve`, undefined, await s.h.tokenFor(approver));
    expect(approved.body).to.deep.include({ status: 'FINALIZED', approvedByUserId: approver.id, approvedAt: s.h.clock.now().toISOString() });
    expect((await post(`/payroll/runs/${run.id}/approve`)).body).to.deep.equal(conflict('A run that is FINALIZED cannot be approved'));
    expect((await post(`/payroll/runs/${run.id}/recompute`)).body).to.deep.equal(conflict('A run that is FINALIZED cannot be recomputed'));
    const events = await s.h.ds.query(`SELECT type, payload FROM domain_events WHERE tenant_id = $1 AND type LIKE 'payroll.%' ORDER BY type`, [s.tenantA]);
    const payload = { tenantId: s.tenantA, payrollRunId: run.id, periodYearMonth: '2026-01', currency: 'GBP', totalGrossMinor: 304_182, totalNetMinor: 233_346, totalDeductionsMinor: 70_836, payslipCount: 2, approverUserId: approver.id };
    expect(events).to.deep.equal([
      { type: 'payroll.approved', payload },
      { type: 'payroll.finalized', payload },
    ]);
    const journal = (await get(`/payroll/runs/${run.id}/journal?format=json`)).body;
    expect(journal.totalDebitMinor).to.equal(journal.totalCreditMinor);
    expect(journal.lines.map((l: { accountCode: string; debitMinor: number; creditMinor: number }) => [l.accountCode, l.debitMinor, l.creditMinor])).to.deep.equal([
      ['477', 304_182, 0],
      ['825', 0, 60_836],
      ['826', 0, 10_000],
      ['814', 0, 233_346],
    ]);
    const csv = await get(`/payroll/runs/${run.id}/journal?format=csv`);
    expect(csv.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(String(csv.body).trim().split('\r\n')).to.deep.equal([
      'period,currency,account_code,account_name,description,debit_minor,credit_minor',
      '2026-01,GBP,477,Wages and Salaries,Gross pay 2026-01,304182,0',
      '2026-01,GBP,825,Tax withholding,Tax withholding 2026-01,0,60836',
      '2026-01,GBP,826,Pension,Pension 2026-01,0,10000',
      '2026-01,GBP,814,Wages Payable - Payroll,Net pay 2026-01,0,233346',
    ]);
    expect((await post(`/payroll/runs/${run.id}/mark-paid`)).body).to.deep.include({ status: 'PAID', paidByUserId: hr.id, paidAt: s.h.clock.now().toISOString() });
    expect((await post(`/payroll/runs/${run.id}/mark-paid`)).body).to.deep.equal(conflict('A run that is PAID cannot be marked paid'));
    expect((await post('/payroll/runs', { periodYearMonth: '2026-01' })).body).to.deep.equal(conflict('The run for 2026-01 is paid: a month is paid once', 'RUN_EXISTS'));
  });

  it('says whether an accounting provider is connected, and that this platform (no Xero app) cannot connect one', async () => {
    expect(await get('/payroll/accounting')).to.deep.include({ status: 200, body: { connected: false, available: false } });
  });

  it('lists the people it cannot pay, with the approved time they worked; once they have pay, a recompute pays them', async () => {
    const carol = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Carol Clark' });
    await work(carol, '2026-01-05T09:00:00Z', '2026-01-05T17:30:00Z');
    await work(carol, '2026-01-06T09:00:00Z', '2026-01-06T13:00:00Z', 'PENDING_REVIEW');
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    expect(run.payslipCount).to.equal(2);
    const names = run.leftOut.map((p: { fullName: string }) => p.fullName);
    expect(names).to.include.members(['Carol Clark', hr.fullName]).and.not.include.members(['Alice Archer', 'Bob Baker']);
    expect(run.leftOut.find((p: { userId: string }) => p.userId === carol.id)).to.deep.equal({ userId: carol.id, fullName: 'Carol Clark', workedMinutes: 510 });
    expect((await get(`/payroll/runs/${run.id}`)).body.leftOut).to.deep.equal(run.leftOut);
    await s.h.request('PUT', `/users/${carol.id}/pay`, { token, body: { type: 'HOURLY', rateMinor: 1000, currency: 'GBP' } });
    const again = (await post(`/payroll/runs/${run.id}/recompute`)).body;
    expect(again.payslipCount).to.equal(3);
    expect(again.leftOut.map((p: { userId: string }) => p.userId)).to.not.include(carol.id);
  });

  it('four-eyes: with it on, the person who computed the run cannot approve it', async () => {
    await s.h.request('PATCH', '/tenant', { token: await s.tokenAs('TENANT_OWNER'), body: { payrollFourEyes: true } });
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    expect((await post(`/payroll/runs/${run.id}/approve`)).body).to.deep.equal({ message: 'Four-eyes: the run is approved by someone other than the person who computed it', error: 'FOUR_EYES', statusCode: 403 });
    expect((await post(`/payroll/runs/${run.id}/approve`, undefined, await s.tokenAs('HR_MANAGER'))).body.status).to.equal('FINALIZED');
  });

  it('staff read only their own payslips, once approved, as JSON and as a PDF', async () => {
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    const own = await s.h.tokenFor(alice);
    expect((await get(`/payroll/runs/${run.id}/payslips/${alice.id}`, own)).status).to.equal(404);
    await post(`/payroll/runs/${run.id}/approve`);
    expect((await get(`/payroll/runs/${run.id}/payslips/${alice.id}`, own)).body.netMinor).to.equal(38_000);
    expect((await get(`/payroll/runs/${run.id}/payslips/${bob.id}`, own)).body).to.deep.equal({ message: 'Payslip not found', error: 'Not Found', statusCode: 404 });
    expect((await get('/payroll/payslips', own)).body.map((p: { userId: string; periodYearMonth: string }) => [p.userId, p.periodYearMonth])).to.deep.equal([[alice.id, '2026-01']]);
    const pdf = await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}/pdf`, { token: own, binary: true });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).to.equal('%PDF-');
    expect((await get(`/payroll/runs/${run.id}/payslips`, own)).body).to.deep.equal(FORBIDDEN);
    expect((await get(`/users/${bob.id}/pay`, own)).status).to.equal(404);
    expect((await get(`/users/${alice.id}/pay`, own)).body).to.include({ type: 'HOURLY', rateMinor: 1250 });
  });

  it('roles and tenants: STAFF and managers outside HR are 403; 401 without a token; another tenant sees 404', async () => {
    for (const role of ['AREA_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
      expect((await post('/payroll/runs', { periodYearMonth: '2026-01' }, await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('PUT', `/users/${alice.id}/pay`, { token: await s.tokenAs(role), body: { type: 'HOURLY', rateMinor: 1, currency: 'GBP' } })).body).to.deep.equal(FORBIDDEN);
    }
    const run = (await post('/payroll/runs', { periodYearMonth: '2026-01' })).body;
    const foreign = await s.tokenAs('HR_MANAGER', s.tenantB);
    expect((await get(`/payroll/runs/${run.id}`, foreign)).status).to.equal(404);
    expect((await post(`/payroll/runs/${run.id}/approve`, undefined, foreign)).status).to.equal(404);
    expect((await s.h.request('PUT', `/users/${alice.id}/pay`, { token: foreign, body: { type: 'HOURLY', rateMinor: 1, currency: 'GBP' } })).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/payroll/runs', {})).body).to.deep.equal(UNAUTHORIZED);
    expect((await s.h.request('PUT', `/users/${alice.id}/pay`, { token, body: { type: 'WEEKLY', rateMinor: -1, currency: 'gbp' } })).body).to.deep.equal(
      badRequest('type must be one of the following values: HOURLY, MONTHLY', 'rateMinor must not be less than 0', 'currency must be an ISO 4217 code such as GBP'),
    );
    expect((await post('/payroll/deductions', { name: 'X', kind: 'PERCENT', accountCode: '1' })).body).to.deep.equal(badRequest('basisPoints is required for PERCENT, and only for it'));
  });
});
