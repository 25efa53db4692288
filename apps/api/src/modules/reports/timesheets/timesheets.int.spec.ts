import { expect } from 'chai';
import { outletManager, reportSuite, WEEK } from '../../../test-support/report-fixtures.js';
import { TimesheetsReport } from './timesheets.service.js';

describe('timesheets report with real PostgreSQL (figures by hand)', () => {
  const s = reportSuite((_ds, { repo, scopes }) => new TimesheetsReport(repo, scopes));

  const row = (date: string, userId: string, userName: string, scheduledMinutes: number, clockedMinutes: number, breakMinutes: number, overtimeMinutes: number, openClockIns: number) => ({
    date,
    userId,
    userName,
    scheduledMinutes,
    clockedMinutes,
    breakMinutes,
    overtimeMinutes,
    openClockIns,
  });

  it('counts each person’s local day: scheduled, clocked, breaks, overtime beyond the standard day, open clock-ins', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, WEEK);
    expect(result).to.deep.include({ from: WEEK.from, to: WEEK.to, timezone: 'Europe/Paris' });
    expect(result.rows).to.deep.equal([
      // Alice, Mon 11: shift 09:00-17:00 = 480; clocked 08:07Z-11:30Z = 203 and 12:00Z-17:00Z = 300, 503 in all;
      // break 11:30Z-12:00Z = 30; overtime 503 - 480 = 23.
      row(WEEK.from, s.w.alice, 'Alice', 480, 503, 30, 23, 0),
      // Bob, Mon 11: 09:00-19:00 = 600 minutes, no shift; overtime 600 - 480 = 120.
      row(WEEK.from, s.w.bob, 'Bob', 0, 600, 0, 120, 0),
      // Carol, Mon 11: shift 10:00-14:00 = 240; her only record was rejected.
      row(WEEK.from, s.w.carol, 'Carol', 240, 0, 0, 0, 0),
      // Bob, Tue 12: shift 09:00-17:00 = 480, clocked in and not out.
      row('2027-01-12', s.w.bob, 'Bob', 480, 0, 0, 0, 1),
      // Alice, Wed 13 00:30-04:30 Paris time (Tuesday in UTC): shift 240, clocked 240.
      row('2027-01-13', s.w.alice, 'Alice', 240, 240, 0, 0, 0),
      // Carol, Sat 16: shift 240, not yet worked. Alice's record of Monday 18 00:30 Paris (Sunday in UTC) is not in the week.
      row('2027-01-16', s.w.carol, 'Carol', 240, 0, 0, 0, 0),
    ]);
  });

  it('narrowed to an outlet, counts overtime from the person’s whole day and shows only that outlet’s minutes', async () => {
    const manager = await outletManager(s.ds, s.w.tenantId, [s.w.london]);
    const result = await s.report.run(manager, WEEK);
    expect(result.rows).to.deep.equal([
      // Alice's 300 London minutes come after 203 at Paris: 480 - 203 = 277 regular, 300 - 277 = 23 overtime;
      // the break was between a Paris and a London record, so it is not London's.
      row(WEEK.from, s.w.alice, 'Alice', 0, 300, 0, 23, 0),
      row(WEEK.from, s.w.bob, 'Bob', 0, 600, 0, 120, 0),
      row('2027-01-12', s.w.bob, 'Bob', 480, 0, 0, 0, 1),
    ]);
    expect((await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, { ...WEEK, outletId: s.w.london })).rows).to.deep.equal(result.rows);
  });

  it('narrowed to a person', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, { ...WEEK, userId: s.w.carol });
    expect(result.rows.map((r) => [r.date, r.userName, r.scheduledMinutes])).to.deep.equal([
      [WEEK.from, 'Carol', 240],
      ['2027-01-16', 'Carol', 240],
    ]);
  });
});
