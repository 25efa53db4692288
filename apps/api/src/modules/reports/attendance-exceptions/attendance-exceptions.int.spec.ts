import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { outletManager, REPORT_NOW, reportSuite, WEEK } from '../../../test-support/report-fixtures.js';
import { AttendanceExceptionsReport } from './attendance-exceptions.service.js';

describe('attendance exceptions report with real PostgreSQL (figures by hand)', () => {
  const s = reportSuite((_ds, { repo, scopes }) => new AttendanceExceptionsReport(repo, scopes, new FakeClock(REPORT_NOW)));

  it('finds late arrivals past the 5-minute grace, missed clock-outs and no-shows', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, WEEK);
    expect(result.rows).to.deep.equal([
      // Alice clocked in at 09:07 Paris for 09:00: 7 minutes late (> 5).
      {
        date: WEEK.from,
        kind: 'LATE',
        userId: s.w.alice,
        userName: 'Alice',
        outletId: s.w.paris,
        outletName: 'Paris',
        shiftId: s.w.shifts.aliceMon,
        scheduledStart: '2027-01-11T08:00:00.000Z',
        scheduledEnd: '2027-01-11T16:00:00.000Z',
        clockInAt: '2027-01-11T08:07:00.000Z',
        clockOutAt: '2027-01-11T11:30:00.000Z',
        minutesLate: 7,
      },
      // Carol's shift ended on the 11th with no clock-in.
      {
        date: WEEK.from,
        kind: 'NO_SHOW',
        userId: s.w.carol,
        userName: 'Carol',
        outletId: s.w.paris,
        outletName: 'Paris',
        shiftId: s.w.shifts.carolMon,
        scheduledStart: '2027-01-11T09:00:00.000Z',
        scheduledEnd: '2027-01-11T13:00:00.000Z',
        clockInAt: null,
        clockOutAt: null,
        minutesLate: null,
      },
      // Bob is still clocked in, his shift ended at 17:00 on the 12th (before "now", the 15th).
      {
        date: '2027-01-12',
        kind: 'MISSED_CLOCK_OUT',
        userId: s.w.bob,
        userName: 'Bob',
        outletId: s.w.london,
        outletName: 'London',
        shiftId: s.w.shifts.bobTue,
        scheduledStart: '2027-01-12T09:00:00.000Z',
        scheduledEnd: '2027-01-12T17:00:00.000Z',
        clockInAt: '2027-01-12T09:00:00.000Z',
        clockOutAt: null,
        minutesLate: null,
      },
      // Alice's night shift (Wednesday 13 in Paris) was closed by the job at its scheduled end, pending review.
      {
        date: '2027-01-13',
        kind: 'MISSED_CLOCK_OUT',
        userId: s.w.alice,
        userName: 'Alice',
        outletId: s.w.paris,
        outletName: 'Paris',
        shiftId: s.w.shifts.aliceWed,
        scheduledStart: '2027-01-12T23:30:00.000Z',
        scheduledEnd: '2027-01-13T03:30:00.000Z',
        clockInAt: '2027-01-12T23:30:00.000Z',
        clockOutAt: '2027-01-13T03:30:00.000Z',
        minutesLate: null,
      },
    ]);
  });

  it('an OUTLET_MANAGER of London sees London’s shifts only', async () => {
    const result = await s.report.run(await outletManager(s.ds, s.w.tenantId, [s.w.london]), WEEK);
    expect(result.rows.map((r) => [r.kind, r.userName])).to.deep.equal([['MISSED_CLOCK_OUT', 'Bob']]);
  });
});
