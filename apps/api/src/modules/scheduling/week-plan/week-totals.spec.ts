import { expect } from 'chai';
import { localDate } from '../../time/leave/leave-period.js';
import type { PaySetting } from '../../payroll/runs/payroll-engine.js';
import { hourlyDayCost, salariedWeekCost, weekTotals } from './week-totals.js';

const ZONE = 'Europe/Paris';
/** The week of the spring DST change in Paris (Sunday 29 March 02:00 → 03:00). */
const DAYS = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];
const dayOf = (d: Date) => localDate(d, ZONE);
const hourly: PaySetting = { type: 'HOURLY', rateMinor: 1250, currency: 'EUR', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };
const salaried: PaySetting = { type: 'MONTHLY', rateMinor: 260_000, currency: 'EUR', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };

describe('week totals (hours and labour cost of an outlet week)', () => {
  it('costs an hourly day at the rate, beyond the standard day at the overtime multiplier, rounded half up once', () => {
    expect(hourlyDayCost(480, hourly)).to.equal(10_000);
    // 480 min × 12.50/h + 150 min × 12.50/h × 1.5 = 100.00 + 46.875 → 146.88
    expect(hourlyDayCost(630, hourly)).to.equal(14_688);
    expect(hourlyDayCost(0, hourly)).to.equal(0);
  });

  it('costs a salaried week as monthly × 12 / 52', () => {
    expect(salariedWeekCost(salaried)).to.equal(60_000);
    expect(salariedWeekCost({ ...salaried, rateMinor: 100_000 })).to.equal(23_077);
  });

  it('adds up people, days and the week as worked out by hand', () => {
    const at = (iso: string) => new Date(iso);
    const shifts = [
      // Ann, hourly: Mon 09:00–17:00 and Tue 08:00–18:30 Paris (UTC+1), Sun 00:00–06:00 across the DST change (5 hours).
      { userId: 'ann', start: at('2026-03-23T08:00:00Z'), end: at('2026-03-23T16:00:00Z') },
      { userId: 'ann', start: at('2026-03-24T07:00:00Z'), end: at('2026-03-24T17:30:00Z') },
      { userId: 'ann', start: at('2026-03-28T23:00:00Z'), end: at('2026-03-29T04:00:00Z') },
      // Bob, salaried: Wed 10:00–14:00.
      { userId: 'bob', start: at('2026-03-25T09:00:00Z'), end: at('2026-03-25T13:00:00Z') },
      // Cat, no pay settings: Thu 22:00 to Fri 06:00, counted on Thursday.
      { userId: 'cat', start: at('2026-03-26T21:00:00Z'), end: at('2026-03-27T05:00:00Z') },
      // The next Monday is another week.
      { userId: 'ann', start: at('2026-03-30T07:00:00Z'), end: at('2026-03-30T15:00:00Z') },
    ];
    const pay = new Map([
      ['ann', hourly],
      ['bob', salaried],
      ['dan', hourly],
    ]);
    const t = weekTotals(shifts, DAYS, dayOf, ['ann', 'bob', 'dan'], pay);
    expect(t.people).to.deep.equal([
      { userId: 'ann', minutes: 1410, dayMinutes: [480, 630, 0, 0, 0, 0, 300], payType: 'HOURLY', cost: { currency: 'EUR', amountMinor: 30_938 } },
      { userId: 'bob', minutes: 240, dayMinutes: [0, 0, 240, 0, 0, 0, 0], payType: 'MONTHLY', cost: { currency: 'EUR', amountMinor: 60_000 } },
      { userId: 'dan', minutes: 0, dayMinutes: [0, 0, 0, 0, 0, 0, 0], payType: 'HOURLY', cost: { currency: 'EUR', amountMinor: 0 } },
      { userId: 'cat', minutes: 480, dayMinutes: [0, 0, 0, 480, 0, 0, 0], payType: null, cost: null },
    ]);
    expect(t.days.map((d) => [d.date, d.minutes, d.costs])).to.deep.equal([
      ['2026-03-23', 480, [{ currency: 'EUR', amountMinor: 10_000 }]],
      ['2026-03-24', 630, [{ currency: 'EUR', amountMinor: 14_688 }]],
      ['2026-03-25', 240, []],
      ['2026-03-26', 480, []],
      ['2026-03-27', 0, []],
      ['2026-03-28', 0, []],
      ['2026-03-29', 300, [{ currency: 'EUR', amountMinor: 6_250 }]],
    ]);
    expect(t.minutes).to.equal(2130);
    expect(t.costs).to.deep.equal([{ currency: 'EUR', amountMinor: 90_938 }]);
    expect(t.unpriced).to.deep.equal(['cat']);
  });

  it('keeps currencies apart and does not charge a salaried person who is not rostered', () => {
    const t = weekTotals(
      [{ userId: 'ann', start: new Date('2026-03-23T08:00:00Z'), end: new Date('2026-03-23T09:00:00Z') }, { userId: 'gus', start: new Date('2026-03-23T08:00:00Z'), end: new Date('2026-03-23T10:00:00Z') }],
      DAYS,
      dayOf,
      ['ann', 'bob', 'gus'],
      new Map([
        ['ann', hourly],
        ['bob', salaried],
        ['gus', { ...hourly, currency: 'GBP', rateMinor: 1000 }],
      ]),
    );
    expect(t.days[0]!.costs).to.deep.equal([
      { currency: 'EUR', amountMinor: 1250 },
      { currency: 'GBP', amountMinor: 2000 },
    ]);
    expect(t.people[1]!.cost).to.deep.equal({ currency: 'EUR', amountMinor: 0 });
    expect(t.costs).to.deep.equal([
      { currency: 'EUR', amountMinor: 1250 },
      { currency: 'GBP', amountMinor: 2000 },
    ]);
  });
});
