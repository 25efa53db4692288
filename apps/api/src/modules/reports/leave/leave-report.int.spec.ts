import { expect } from 'chai';
import { outletManager, reportSuite, WEEK } from '../../../test-support/report-fixtures.js';
import { LeaveReportRepository } from './leave-report.repository.js';
import { LeaveReport } from './leave-report.service.js';

describe('leave report with real PostgreSQL (figures by hand)', () => {
  const s = reportSuite((ds, { scopes }) => new LeaveReport(new LeaveReportRepository(ds), scopes));

  it('counts approved leave on the period’s local days and the annual balance at its end', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, WEEK);
    expect(result.rows).to.deep.equal([
      // Thursday 14 to Monday 18: the 14th, 15th, 16th and 17th are in the week (its start is the 13th in UTC).
      // Balance on the 17th: 10 brought in - 5 taken; January's 2.33 accrues on the 31st.
      { userId: s.w.alice, userName: 'Alice', leaveType: 'ANNUAL', takenDays: 4, balance: 10 - 5, balanceUnit: 'DAYS' },
      // A morning off on Tuesday 12.
      { userId: s.w.alice, userName: 'Alice', leaveType: 'SICK', takenDays: 0.5, balance: null, balanceUnit: null },
      // Friday 8 to Monday 11: only the 11th is in the week; his pending day is not taken, Carol's rejected day neither.
      { userId: s.w.bob, userName: 'Bob', leaveType: 'ANNUAL', takenDays: 1, balance: null, balanceUnit: null },
    ]);
  });

  it('narrowed to an outlet: the people assigned there', async () => {
    const result = await s.report.run(await outletManager(s.ds, s.w.tenantId, [s.w.paris]), WEEK);
    expect(result.rows.map((r) => [r.userName, r.leaveType, r.takenDays])).to.deep.equal([
      ['Alice', 'ANNUAL', 4],
      ['Alice', 'SICK', 0.5],
    ]);
  });
});
