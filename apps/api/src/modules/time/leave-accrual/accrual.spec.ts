import { expect } from 'chai';
import {
  addMonths,
  capped,
  carryOver,
  daysCovered,
  divRound,
  expiring,
  fmt,
  hoursWorkedAccrual,
  leaveYearOf,
  monthOfLeaveYear,
  monthlyAccrual,
  requestAmount,
} from './accrual.js';

describe('leave accrual arithmetic (hundredths of a day or an hour, half away from zero)', () => {
  it('rounds half away from zero', () => {
    expect([divRound(5, 2), divRound(-5, 2), divRound(4, 3), divRound(-4, 3), divRound(7, 7)]).to.deep.equal([3, -3, 1, -1, 1]);
  });

  it('spreads 28 days over twelve whole months so that the year adds up to 28.00 exactly', () => {
    const rule = { amountPerMonth: null, yearly: 2800 };
    const months = Array.from({ length: 12 }, (_, i) => monthlyAccrual(rule, i + 1, 31, 31));
    // 28 / 12 = 2.333…: the year to date rounded, less the last month's: 2.33, 4.67 − 2.33 = 2.34, 7.00 − 4.67 = 2.33, …
    expect(months.slice(0, 3)).to.deep.equal([233, 234, 233]);
    expect(months.reduce((a, b) => a + b, 0)).to.equal(2800);
  });

  it('accrues a fixed amount per month, and pro rata by calendar days in a month covered in part', () => {
    expect(monthlyAccrual({ amountPerMonth: 250, yearly: 0 }, 5, 30, 30)).to.equal(250);
    // Starts on 16 June: 15 of 30 days of 2.50 → 1.25.
    expect(monthlyAccrual({ amountPerMonth: 250, yearly: 0 }, 6, 15, 30)).to.equal(125);
    // 28 days a year, 10 of 31 days: 28 × 10 / 372 = 0.7526… → 0.75.
    expect(monthlyAccrual({ amountPerMonth: null, yearly: 2800 }, 3, 10, 31)).to.equal(75);
  });

  it('accrues 12.07 % of hours worked, to the hundredth of an hour', () => {
    // 160 h = 9,600 min × 12.07 % = 19.312 h → 19.31 h.
    expect(hoursWorkedAccrual(9600, 1207)).to.equal(1931);
    // 37 h 30 min × 12.07 % = 4.52625 h → 4.53 h.
    expect(hoursWorkedAccrual(2250, 1207)).to.equal(453);
    expect(hoursWorkedAccrual(0, 1207)).to.equal(0);
  });

  it('caps the balance: an accrual stops at the cap and a balance already above it accrues nothing', () => {
    expect(capped(233, 2700, 3000)).to.equal(233);
    expect(capped(233, 2900, 3000)).to.equal(100);
    expect(capped(233, 3100, 3000)).to.equal(0);
    expect(capped(233, 99_999, null)).to.equal(233);
  });

  it('carries at most the carry-over cap into the next leave year and forfeits the rest', () => {
    expect(carryOver(800, 500)).to.deep.equal({ carried: 500, forfeited: 300 });
    expect(carryOver(300, 500)).to.deep.equal({ carried: 300, forfeited: 0 });
    expect(carryOver(800, null)).to.deep.equal({ carried: 800, forfeited: 0 });
    // Leave taken beyond the balance is owed, not forfeited.
    expect(carryOver(-150, 500)).to.deep.equal({ carried: -150, forfeited: 0 });
  });

  it('expires carried leave not used by the end of its window, using carried leave first', () => {
    // 5.00 carried, 2.00 taken since 1 January, 9.33 in the balance: 3.00 expires.
    expect(expiring(500, 200, 933)).to.equal(300);
    // All of it used: nothing expires.
    expect(expiring(500, 600, 933)).to.equal(0);
    // Never more than the balance holds.
    expect(expiring(500, 0, 120)).to.equal(120);
  });

  it('converts a request to the unit: days, or days × hours per day', () => {
    expect(requestAmount(2.5, 'DAYS', null)).to.equal(250);
    expect(requestAmount(2.5, 'HOURS', 7.5)).to.equal(1875);
  });

  it('knows months, leave years and the days a period covers', () => {
    expect([addMonths('2026-11', 3), addMonths('2026-01', -1)]).to.deep.equal(['2027-02', '2025-12']);
    expect([leaveYearOf('2026-03', 4), leaveYearOf('2026-04', 4), leaveYearOf('2026-12', 1)]).to.deep.equal(['2025-04', '2026-04', '2026-01']);
    expect([monthOfLeaveYear('2026-04', 4), monthOfLeaveYear('2026-03', 4), monthOfLeaveYear('2026-01', 1)]).to.deep.equal([1, 12, 1]);
    expect([daysCovered('2026-02', '2026-02-15', null), daysCovered('2026-02', '2026-01-01', '2026-02-10'), daysCovered('2026-02', '2026-03-01', null)]).to.deep.equal([14, 10, 0]);
    expect([fmt(233), fmt(-1875), fmt(5)]).to.deep.equal(['2.33', '-18.75', '0.05']);
  });
});
