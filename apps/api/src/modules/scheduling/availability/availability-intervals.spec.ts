import { expect } from 'chai';
import { clip, expandWeekly, firstGap, merge, subtract, type WeeklyWindow } from './availability-intervals.js';

const at = (s: string) => new Date(s);
const iso = (i: { start: Date; end: Date }) => [i.start.toISOString(), i.end.toISOString()];
const w = (over: Partial<WeeklyWindow>): WeeklyWindow => ({
  id: 'w1',
  kind: 'UNAVAILABLE',
  weekday: 1,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
  effectiveFrom: null,
  effectiveTo: null,
  ...over,
});

describe('availability intervals', () => {
  it("expands a weekly window on each matching local date in the tenant's timezone", () => {
    // Mondays 09:00–17:00 in Kolkata (UTC+05:30), over two weeks.
    const out = expandWeekly([w({})], at('2026-03-02T00:00:00Z'), at('2026-03-16T00:00:00Z'), 'Asia/Kolkata');
    expect(out.map(iso)).to.deep.equal([
      ['2026-03-02T03:30:00.000Z', '2026-03-02T11:30:00.000Z'],
      ['2026-03-09T03:30:00.000Z', '2026-03-09T11:30:00.000Z'],
    ]);
    expect(out[0]).to.include({ windowId: 'w1', kind: 'UNAVAILABLE' });
  });

  it('keeps wall-clock times across DST: 09:00 London is 09:00 UTC in March before the change and 08:00 UTC after', () => {
    // Europe/London moves to BST on Sunday 2026-03-29.
    const out = expandWeekly([w({ weekday: 5 })], at('2026-03-20T00:00:00Z'), at('2026-04-04T00:00:00Z'), 'Europe/London');
    expect(out.map(iso)).to.deep.equal([
      ['2026-03-20T09:00:00.000Z', '2026-03-20T17:00:00.000Z'],
      ['2026-03-27T09:00:00.000Z', '2026-03-27T17:00:00.000Z'],
      ['2026-04-03T08:00:00.000Z', '2026-04-03T16:00:00.000Z'],
    ]);
  });

  it('runs a window whose end is not after its start past midnight, and one over the DST night is an hour shorter', () => {
    // Saturday 22:00 to Sunday 06:00 in London, the night the clocks go forward (01:00 GMT → 02:00 BST).
    const out = expandWeekly([w({ weekday: 6, startMinute: 22 * 60, endMinute: 6 * 60 })], at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'), 'Europe/London');
    expect(out.map(iso)).to.deep.equal([['2026-03-28T22:00:00.000Z', '2026-03-29T05:00:00.000Z']]);
  });

  it('includes an occurrence that started the day before the range and runs into it', () => {
    const out = expandWeekly([w({ weekday: 1, startMinute: 20 * 60, endMinute: 4 * 60 })], at('2026-03-03T00:00:00Z'), at('2026-03-03T12:00:00Z'), 'UTC');
    expect(out.map(iso)).to.deep.equal([['2026-03-02T20:00:00.000Z', '2026-03-03T04:00:00.000Z']]);
  });

  it('treats 24:00 as the midnight that ends the day, and honours the effective dates (both included)', () => {
    const whole = w({ weekday: 2, startMinute: 0, endMinute: 1440, effectiveFrom: '2026-03-10', effectiveTo: '2026-03-17' });
    const out = expandWeekly([whole], at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z'), 'UTC');
    expect(out.map(iso)).to.deep.equal([
      ['2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z'],
      ['2026-03-17T00:00:00.000Z', '2026-03-18T00:00:00.000Z'],
    ]);
  });

  it('merges, subtracts, clips and finds the first uncovered stretch', () => {
    const i = (a: string, b: string) => ({ start: at(`2026-03-02T${a}:00Z`), end: at(`2026-03-02T${b}:00Z`) });
    expect(merge([i('10:00', '12:00'), i('08:00', '10:00'), i('13:00', '14:00')]).map(iso)).to.deep.equal([iso(i('08:00', '12:00')), iso(i('13:00', '14:00'))]);
    expect(subtract([i('08:00', '18:00')], [i('09:00', '10:00'), i('12:00', '13:00')]).map(iso)).to.deep.equal([iso(i('08:00', '09:00')), iso(i('10:00', '12:00')), iso(i('13:00', '18:00'))]);
    expect(clip([i('06:00', '09:00'), i('17:00', '20:00')], i('08:00', '18:00')).map(iso)).to.deep.equal([iso(i('08:00', '09:00')), iso(i('17:00', '18:00'))]);
    expect(iso(firstGap(i('08:00', '18:00'), [i('07:00', '12:00')])!)).to.deep.equal(iso(i('12:00', '18:00')));
    expect(firstGap(i('09:00', '10:00'), [i('07:00', '12:00')])).to.equal(null);
  });
});
