import { expect } from 'chai';
import { calendarDays, leavePeriod, wallTimeToInstant } from './leave-period.js';

const iso = (d: Date) => d.toISOString();

describe('leave period', () => {
  it('counts calendar days inclusively, across month ends and leap days', () => {
    expect(calendarDays('2025-04-07', '2025-04-07')).to.equal(1);
    expect(calendarDays('2025-04-07', '2025-04-11')).to.equal(5);
    expect(calendarDays('2024-02-28', '2024-03-01')).to.equal(3);
    expect(calendarDays('2025-12-31', '2026-01-01')).to.equal(2);
    expect(calendarDays('2025-04-08', '2025-04-07')).to.equal(0);
  });

  it('spans local midnight of the first day to the last millisecond of the last day', () => {
    const p = leavePeriod({ startDate: '2025-04-07', endDate: '2025-04-11' }, 'UTC');
    expect({ start: iso(p.start), end: iso(p.end), days: p.days, daysDecimal: p.daysDecimal }).to.deep.equal({
      start: '2025-04-07T00:00:00.000Z',
      end: '2025-04-11T23:59:59.999Z',
      days: 5,
      daysDecimal: 5,
    });
  });

  it("reads the dates in the tenant's timezone", () => {
    const p = leavePeriod({ startDate: '2026-03-02', endDate: '2026-03-02' }, 'Asia/Kolkata');
    expect([iso(p.start), iso(p.end)]).to.deep.equal(['2026-03-01T18:30:00.000Z', '2026-03-02T18:29:59.999Z']);
  });

  it('splits a half day at local noon and counts it 1 day, 0.5 decimal', () => {
    const am = leavePeriod({ startDate: '2026-07-06', endDate: '2026-07-06', halfDay: 'AM' }, 'Europe/London');
    expect([iso(am.start), iso(am.end), am.days, am.daysDecimal]).to.deep.equal(['2026-07-05T23:00:00.000Z', '2026-07-06T10:59:59.999Z', 1, 0.5]);
    const pm = leavePeriod({ startDate: '2026-07-06', endDate: '2026-07-06', halfDay: 'PM' }, 'Europe/London');
    expect([iso(pm.start), iso(pm.end), pm.days, pm.daysDecimal]).to.deep.equal(['2026-07-06T11:00:00.000Z', '2026-07-06T22:59:59.999Z', 1, 0.5]);
  });

  it('keeps the day count on a DST change (a 23-hour day is still one day)', () => {
    const p = leavePeriod({ startDate: '2026-03-29', endDate: '2026-03-29' }, 'Europe/London');
    expect([iso(p.start), iso(p.end), p.days, p.daysDecimal]).to.deep.equal(['2026-03-29T00:00:00.000Z', '2026-03-29T22:59:59.999Z', 1, 1]);
  });

  it('starts a day whose midnight is skipped by DST at the first instant after the gap', () => {
    // Chile moves from 00:00 -04 straight to 01:00 -03 on 7 September 2025.
    expect(iso(wallTimeToInstant('2025-09-07', 0, 'America/Santiago'))).to.equal('2025-09-07T04:00:00.000Z');
  });

  it('starts a day whose midnight occurs twice at the earlier one', () => {
    // Cuba falls back from 01:00 -04 to 00:00 -05 on 2 November 2025, so midnight occurs twice.
    expect(iso(wallTimeToInstant('2025-11-02', 0, 'America/Havana'))).to.equal('2025-11-02T04:00:00.000Z');
  });
});
