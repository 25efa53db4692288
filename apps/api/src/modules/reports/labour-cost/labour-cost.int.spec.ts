import { expect } from 'chai';
import { outletManager, reportSuite, WEEK } from '../../../test-support/report-fixtures.js';
import { LabourCostReport } from './labour-cost.service.js';

describe('hours and labour cost report with real PostgreSQL (figures by hand)', () => {
  const s = reportSuite((_ds, { repo, scopes }) => new LabourCostReport(repo, scopes));

  const aliceLondon = () => ({
    weekStart: WEEK.from,
    userId: s.w.alice,
    userName: 'Alice',
    outletId: s.w.london,
    outletName: 'London',
    // Monday: 203 minutes at Paris first, then 300 at London: 480 - 203 = 277 regular and 23 overtime here.
    clockedMinutes: 300,
    overtimeMinutes: 23,
    payType: 'HOURLY',
    currency: 'EUR',
    // 1200 × 277 / 60 = 5540, plus 1200 × 23 × 150 / 6000 = 690.
    costMinor: 5540 + 690,
  });
  const bobLondon = () => ({
    weekStart: WEEK.from,
    userId: s.w.bob,
    userName: 'Bob',
    outletId: s.w.london,
    outletName: 'London',
    // Monday 600 minutes: 480 regular, 120 overtime; Tuesday's record is still open.
    clockedMinutes: 600,
    overtimeMinutes: 120,
    payType: 'MONTHLY',
    currency: 'EUR',
    // Salary 208000 a month at 2080 h a year: 208000 × 12 × 480 / (2080 × 60) = 9600,
    // plus 208000 × 12 × 120 × 150 / (2080 × 60 × 100) = 3600.
    costMinor: 9600 + 3600,
  });

  it('costs each person’s minutes per outlet and ISO week at their pay setting', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, WEEK);
    expect(result.rows).to.deep.equal([
      aliceLondon(),
      bobLondon(),
      {
        weekStart: WEEK.from,
        userId: s.w.alice,
        userName: 'Alice',
        outletId: s.w.paris,
        outletName: 'Paris',
        // Monday 08:07-11:30 = 203, Wednesday 00:30-04:30 = 240: 443, none of it overtime.
        clockedMinutes: 443,
        overtimeMinutes: 0,
        payType: 'HOURLY',
        currency: 'EUR',
        // 1200 × 443 / 60 = 8860.
        costMinor: 8860,
      },
    ]);
    // Alice's whole week, 720 regular and 23 overtime, costs what payroll would pay: 1200 × 720 / 60 + 690.
    expect(result.rows.filter((r) => r.userId === s.w.alice).reduce((s, r) => s + r.costMinor!, 0)).to.equal(14400 + 690);
  });

  it('an OUTLET_MANAGER of London sees London only', async () => {
    const result = await s.report.run(await outletManager(s.ds, s.w.tenantId, [s.w.london]), WEEK);
    expect(result.rows).to.deep.equal([aliceLondon(), bobLondon()]);
  });

  it('a week that starts before the period is the Monday of the local day', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, { from: '2027-01-13', to: '2027-01-19' });
    // Wednesday 13 (week of Monday 11) and Monday 18 00:30-02:30 Paris time (120 minutes, week of Monday 18).
    expect(result.rows.map((r) => [r.weekStart, r.outletName, r.clockedMinutes, r.costMinor])).to.deep.equal([
      [WEEK.from, 'Paris', 240, 4800],
      ['2027-01-18', 'Paris', 120, 2400],
    ]);
  });
});
