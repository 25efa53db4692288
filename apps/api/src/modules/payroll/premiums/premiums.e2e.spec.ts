import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const CA = { packId: 'us-ca', version: 1 };
const NYC = { packId: 'nyc-fww', version: 1 };
const NO_LIMITS = { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null };
type Line = { code: string; quantity: number; amountMinor: number; premium?: Record<string, unknown> };
const summary = (lines: Line[]) => lines.map((l) => [l.code, l.quantity, l.amountMinor]);

/**
 * Premium pay through the API: Alice is paid 20.00 USD an hour in a tenant on Los Angeles time
 * (Pacific Standard Time in November 2026: UTC − 8 h). Rounding: each line is minutes × rate ×
 * multiplier ÷ 60, exact, then half up to the cent; every figure below is exact.
 */
describe('payroll premiums (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { timezone: 'America/Los_Angeles' } });
  let ownerUser: CreatedUser;
  let hrUser: CreatedUser;
  let alice: CreatedUser;
  let outletId: string;
  // Tokens are issued at the moment of each request: the tests move the clock by days.
  let owner: string;
  let hr: string;
  async function tokens() {
    owner = await s.h.tokenFor(ownerUser);
    hr = await s.h.tokenFor(hrUser);
  }

  beforeEach(async () => {
    s.h.clock.set('2026-11-01T12:00:00Z');
    ownerUser = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    hrUser = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    await tokens();
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Alice Archer' });
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    expect((await s.h.request('PUT', `/users/${alice.id}/pay`, { token: hr, body: { type: 'HOURLY', rateMinor: 2000, currency: 'USD' } })).status).to.equal(200);
  });

  const settings = async (packs: unknown[]) => expect((await s.h.request('PUT', '/compliance/settings', { token: owner, body: { packs, modes: {}, customLimits: NO_LIMITS } })).status).to.equal(200);

  /** Alice clocks in at 06:00 on 10 November, out at 19:00 (13 h, no break); a manager approves the record. */
  async function thirteenHourDay(): Promise<string> {
    s.h.clock.set('2026-11-10T14:00:00Z');
    const clockIn = await s.h.request('POST', '/mobile/clock-in', { token: await s.h.tokenFor(alice), body: { outletId } });
    expect(clockIn.status).to.equal(201);
    s.h.clock.advance(13 * 3_600_000);
    expect((await s.h.request('POST', '/mobile/clock-out', { token: await s.h.tokenFor(alice), body: {} })).status).to.equal(201);
    await tokens();
    expect((await s.h.request('PATCH', `/attendance/${clockIn.body.id}`, { token: owner, body: { status: 'APPROVED' } })).status).to.equal(200);
    return clockIn.body.id;
  }

  async function runNovember(): Promise<{ id: string; totalGrossMinor: number }> {
    s.h.clock.set('2026-12-01T18:00:00Z');
    await tokens();
    const run = await s.h.request('POST', '/payroll/runs', { token: hr, body: { periodYearMonth: '2026-11' } });
    expect(run.status).to.equal(201);
    return run.body;
  }

  it('a Californian 13 h day: the payslip carries overtime and double time to the cent, each with its breach and trace sentence; the journal has them', async () => {
    await settings([CA]);
    await thirteenHourDay();
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    // 480 × 2000 ÷ 60 = 16,000; 240 × 2000 × 1.5 ÷ 60 = 12,000; 60 × 2000 × 2 ÷ 60 = 4,000; no meal, no rest break: one hour (2,000) each.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['PREMIUM_DAILY_OVERTIME', 240, 12_000],
      ['PREMIUM_DOUBLE_TIME', 60, 4_000],
      ['PREMIUM_MEAL_PERIOD', 60, 2_000],
      ['PREMIUM_REST_BREAK', 60, 2_000],
    ]);
    expect(slip.grossMinor).to.equal(36_000);
    const recorded = (await s.h.request('GET', '/compliance/violations?phase=CLOCK', { token: owner })).body as Array<{ id: string; ruleId: string }>;
    const idOf = (ruleId: string) => recorded.find((v) => v.ruleId === ruleId)!.id;
    expect(slip.lines[1].premium).to.deep.equal({
      ruleId: 'us-ca.daily-overtime',
      packId: 'us-ca',
      packVersion: 1,
      violationKey: 'us-ca.daily-overtime:2026-11-10',
      violationId: idOf('us-ca.daily-overtime'),
      date: '2026-11-10',
      explanation: '2026-11-10: 13 h worked > 8 h: 5 h at 1.5×',
      arithmetic: '4 h × 20.00 USD/h × 1.5 = 120.00 USD',
    });
    expect(slip.lines[2].premium).to.deep.include({ violationId: idOf('us-ca.double-time'), arithmetic: '1 h × 20.00 USD/h × 2 = 40.00 USD' });
    expect(slip.lines[3].premium).to.deep.include({ violationId: idOf('us-ca.meal-period') });
    expect(slip.lines[0]).to.not.have.property('premium');

    const payrollEvents = () => s.h.ds.query(`SELECT type, payload->>'totalGrossMinor' AS gross FROM domain_events WHERE tenant_id = $1 AND type LIKE 'payroll.%' ORDER BY type`, [s.tenantA]);
    // Computing a run with premiums fires nothing (spec 03); approving fires the two events it always did, whose totals include the premiums.
    expect(await payrollEvents()).to.deep.equal([]);
    const approver = await s.tokenAs('COMPANY_ADMIN');
    expect((await s.h.request('POST', `/payroll/runs/${run.id}/approve`, { token: approver })).status).to.equal(200);
    expect(await payrollEvents()).to.deep.equal([
      { type: 'payroll.approved', gross: '36000' },
      { type: 'payroll.finalized', gross: '36000' },
    ]);
    const journal = (await s.h.request('GET', `/payroll/runs/${run.id}/journal`, { token: hr })).body;
    expect(journal.lines.map((l: { accountCode: string; description: string; debitMinor: number; creditMinor: number }) => [l.accountCode, l.description, l.debitMinor, l.creditMinor])).to.deep.equal([
      ['477', 'Gross pay 2026-11 excluding premiums', 16_000, 0],
      ['477', 'Premium pay: daily overtime 2026-11', 12_000, 0],
      ['477', 'Premium pay: double time 2026-11', 4_000, 0],
      ['477', 'Premium pay: meal periods 2026-11', 2_000, 0],
      ['477', 'Premium pay: rest breaks 2026-11', 2_000, 0],
      ['814', 'Net pay 2026-11', 0, 36_000],
    ]);
    const csv = await s.h.request('GET', `/payroll/runs/${run.id}/journal?format=csv`, { token: hr });
    expect(csv.body).to.contain('2026-11,USD,477,Wages and Salaries,Premium pay: double time 2026-11,4000,0\r\n');
    const mine = (await s.h.request('GET', '/payroll/payslips', { token: await s.h.tokenFor(alice) })).body;
    expect(mine[0].lines).to.deep.equal(slip.lines);
    const pdf = await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}/pdf`, { token: hr });
    expect(pdf.status).to.equal(200);
  });

  it('a tenant without a pack pays the same day exactly as before: the pay setting’s overtime, no premium line', async () => {
    await thirteenHourDay();
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    // 480 × 2000 ÷ 60 = 16,000; 300 × 2000 × 150 ÷ 6000 = 15,000.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['OVERTIME', 300, 15_000],
    ]);
    expect(slip.lines.every((l: Line) => l.premium === undefined)).to.equal(true);
  });

  it('New York City: a shift added 3 days ahead pays the 24-hour tier, $15.00, and a worked clopening $100.00', async () => {
    await settings([NYC]);
    s.h.clock.set('2026-11-07T17:00:00Z');
    await tokens();
    const shift = await s.h.request('POST', '/shift-assignments', { token: owner, body: { userId: alice.id, outletId, scheduledStart: '2026-11-10T17:00:00Z', scheduledEnd: '2026-11-11T01:00:00Z' } });
    expect(shift.status).to.equal(201);
    // Worked: 16:00–23:30 on the 10th, 07:00–15:00 on the 11th (local): 7 h 30 min apart.
    await s.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, '2026-11-11T00:00:00Z', '2026-11-11T07:30:00Z', 'APPROVED', now(), now()),
              (gen_random_uuid(), $1, $2, $3, '2026-11-11T15:00:00Z', '2026-11-11T23:00:00Z', 'APPROVED', now(), now())`,
      [s.tenantA, alice.id, outletId],
    );
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    // 930 min × 2000 ÷ 60 = 31,000 regular; the pack has no overtime rule, and neither day passes the pay setting's 8 h.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 930, 31_000],
      ['PREMIUM_CLOPENING', 1, 10_000],
      ['PREMIUM_SCHEDULE_CHANGE', 1, 1_500],
    ]);
    const [notice] = (await s.h.request('GET', '/compliance/violations?ruleId=nyc-fww.advance-notice', { token: owner })).body;
    expect(slip.lines[2].premium).to.deep.include({ ruleId: 'nyc-fww.advance-notice', violationId: notice.id, date: '2026-11-10', explanation: notice.sentence });
    expect(slip.lines[1].premium.explanation).to.match(/^clopening: .* needs written consent, premium 100\.00 USD$/);
  });

  it('New York City: a shift cancelled 3 days ahead pays the 24-hour tier’s reduced-hours premium, $45.00, besides the $15.00 for adding it late', async () => {
    await settings([NYC]);
    s.h.clock.set('2026-11-07T17:00:00Z');
    await tokens();
    const shift = await s.h.request('POST', '/shift-assignments', { token: owner, body: { userId: alice.id, outletId, scheduledStart: '2026-11-12T17:00:00Z', scheduledEnd: '2026-11-13T01:00:00Z' } });
    expect(shift.status).to.equal(201);
    s.h.clock.set('2026-11-09T17:00:00Z');
    await tokens();
    expect((await s.h.request('PATCH', `/shift-assignments/${shift.body.id}`, { token: owner, body: { status: 'CANCELLED' } })).status).to.equal(200);
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    const changes = (slip.lines as Line[]).filter((l) => l.code === 'PREMIUM_SCHEDULE_CHANGE');
    expect(changes.map((l) => l.amountMinor).sort((x, y) => x - y)).to.deep.equal([1_500, 4_500]);
    const reduced = changes.find((l) => l.amountMinor === 4_500)!;
    expect(String(reduced.premium!['explanation'])).to.match(/ cancelled at 2026-11-09 09:00 with 72 h notice < 14 days required; change premium 45\.00 USD$/);
  });

  it('follows the rules of the outlet worked at: a Californian outlet in a tenant with no pack of its own', async () => {
    expect((await s.h.request('PUT', `/compliance/outlets/${outletId}`, { token: owner, body: { packs: [CA] } })).status).to.equal(200);
    await thirteenHourDay();
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    expect(summary(slip.lines).map(([code]) => code)).to.deep.equal(['REGULAR', 'PREMIUM_DAILY_OVERTIME', 'PREMIUM_DOUBLE_TIME', 'PREMIUM_MEAL_PERIOD', 'PREMIUM_REST_BREAK']);
  });

  it('keeps premiums to the tenant: another tenant’s pack pays nothing here', async () => {
    const ownerB = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('PUT', '/compliance/settings', { token: ownerB, body: { packs: [CA], modes: {}, customLimits: NO_LIMITS } })).status).to.equal(200);
    await thirteenHourDay();
    const run = await runNovember();
    const slip = (await s.h.request('GET', `/payroll/runs/${run.id}/payslips/${alice.id}`, { token: hr })).body;
    expect(summary(slip.lines).map(([code]) => code)).to.deep.equal(['REGULAR', 'OVERTIME']);
  });
});
