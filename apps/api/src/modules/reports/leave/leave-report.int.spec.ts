import { expect } from 'chai';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { outletManager, reportParts, seedReportWorld, WEEK, type ReportWorld } from '../../../test-support/report-fixtures.js';
import { LeaveReportRepository } from './leave-report.repository.js';
import { LeaveReport } from './leave-report.service.js';

describe('leave report with real PostgreSQL (figures by hand)', () => {
  let db: TestDatabase;
  let w: ReportWorld;
  let report: LeaveReport;

  before(async () => {
    db = await sharedTestDatabase();
    w = await seedReportWorld(db.dataSource);
    report = new LeaveReport(new LeaveReportRepository(db.dataSource), reportParts(db.dataSource).scopes);
  });
  after(async () => db.drop());

  it('counts approved leave on the period’s local days and the annual balance at its end', async () => {
    const result = await report.run({ kind: 'developer', tenantId: w.tenantId }, WEEK);
    expect(result.rows).to.deep.equal([
      // Thursday 14 to Monday 18: the 14th, 15th, 16th and 17th are in the week (its start is the 13th in UTC).
      // Balance on the 17th: 10 brought in - 5 taken; January's 2.33 accrues on the 31st.
      { userId: w.alice, userName: 'Alice', leaveType: 'ANNUAL', takenDays: 4, balance: 10 - 5, balanceUnit: 'DAYS' },
      // A morning off on Tuesday 12.
      { userId: w.alice, userName: 'Alice', leaveType: 'SICK', takenDays: 0.5, balance: null, balanceUnit: null },
      // Friday 8 to Monday 11: only the 11th is in the week; his pending day is not taken, Carol's rejected day neither.
      { userId: w.bob, userName: 'Bob', leaveType: 'ANNUAL', takenDays: 1, balance: null, balanceUnit: null },
    ]);
  });

  it('narrowed to an outlet: the people assigned there', async () => {
    const result = await report.run(await outletManager(db.dataSource, w.tenantId, [w.paris]), WEEK);
    expect(result.rows.map((r) => [r.userName, r.leaveType, r.takenDays])).to.deep.equal([
      ['Alice', 'ANNUAL', 4],
      ['Alice', 'SICK', 0.5],
    ]);
  });
});
