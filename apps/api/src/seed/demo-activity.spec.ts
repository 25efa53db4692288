import { expect } from 'chai';
import { localInstant, planFill, weeksToFill, type RotaLine } from './demo-activity.js';

const LONDON = 'Europe/London';

describe('demo activity (planning the live week)', () => {
  describe('weeksToFill', () => {
    it('a new demo: from the week of last month’s first day through next week', () => {
      // Tuesday 5 January 2027: last month began on Tuesday 1 December, in the week of 30 November.
      const weeks = weeksToFill(new Date('2027-01-05T12:00:00Z'), LONDON, null);
      expect(weeks[0]).to.equal('2026-11-30');
      expect(weeks.at(-1)).to.equal('2027-01-11');
      expect(weeks).to.have.length(7);
    });

    it('nothing when next week has shifts', () => {
      expect(weeksToFill(new Date('2026-11-26T12:00:00Z'), LONDON, new Date('2026-12-04T08:00:00Z'))).to.deep.equal([]);
    });

    it('from the week after the latest shift: this week’s shifts already there, next week only', () => {
      expect(weeksToFill(new Date('2026-11-26T12:00:00Z'), LONDON, new Date('2026-11-25T08:00:00Z'))).to.deep.equal(['2026-11-30']);
    });

    it('a demo left for months: not further back than last month', () => {
      const weeks = weeksToFill(new Date('2026-11-26T12:00:00Z'), LONDON, new Date('2026-03-02T08:00:00Z'));
      expect(weeks[0]).to.equal('2026-09-28');
      expect(weeks.at(-1)).to.equal('2026-11-30');
    });

    it('the tenant’s week, not UTC’s: Sunday 11:30 UTC is Monday 00:30 in Auckland', () => {
      expect(weeksToFill(new Date('2026-11-22T11:30:00Z'), 'Pacific/Auckland', new Date('2026-11-24T08:00:00Z'))).to.deep.equal(['2026-11-30']);
    });
  });

  it('localInstant reads a wall-clock time in the zone, either side of a DST change', () => {
    expect(localInstant('2026-03-28', '06:00', LONDON).toISOString()).to.equal('2026-03-28T06:00:00.000Z');
    expect(localInstant('2026-03-29', '06:00', LONDON).toISOString()).to.equal('2026-03-29T05:00:00.000Z');
    expect(localInstant('2026-10-25', '14:00', LONDON).toISOString()).to.equal('2026-10-25T14:00:00.000Z');
  });

  describe('planFill', () => {
    const lines: RotaLine[] = [
      { email: 'a@x.test', outletCode: 'A', rota: { weekdays: [1, 2, 3, 4, 5], start: '07:00', end: '15:00' } },
      { email: 'b@x.test', outletCode: 'B', rota: { weekdays: [1, 2, 3, 4, 5], start: '08:00', end: '16:00' } },
    ];
    // Wednesday 25 November 2026, 12:00 in London.
    const now = new Date('2026-11-25T12:00:00Z');
    const plan = planFill(lines, ['2026-11-23', '2026-11-30'], LONDON, now, { outletCode: 'B', weekday: 6, start: '10:00', end: '18:00', note: 'Cover' });

    it('states each shift as of now, clocks the worked and under way ones, and none to come', () => {
      expect(plan.shifts).to.have.length(20);
      expect(plan.shifts.filter((s) => s.status === 'COMPLETED')).to.have.length(4);
      expect(plan.shifts.filter((s) => s.status === 'IN_PROGRESS').map((s) => s.email)).to.deep.equal(['a@x.test', 'b@x.test']);
      const clocked = new Set(plan.attendance.map((a) => a.shiftId));
      expect(plan.shifts.filter((s) => clocked.has(s.id)).every((s) => s.status !== 'SCHEDULED')).to.equal(true);
      expect(clocked.size).to.equal(6);
      expect(plan.openShifts.map((o) => o.start.toISOString())).to.deep.equal(['2026-11-28T10:00:00.000Z', '2026-12-05T10:00:00.000Z']);
    });

    it('leaves the latest finished shift as a missed clock-out and makes someone else’s before it late', () => {
      const byShift = new Map(plan.shifts.map((s) => [s.id, s]));
      const missed = plan.attendance.filter((a) => a.status === 'PENDING_REVIEW');
      expect(missed).to.have.length(1);
      const missedShift = byShift.get(missed[0]!.shiftId)!;
      expect(missedShift.email).to.equal('b@x.test'); // Tuesday 08:00-16:00 ends after a's 07:00-15:00
      expect(missed[0]!.clockOutAt).to.deep.equal(missedShift.end);
      const late = plan.attendance.filter((a) => a.clockInAt > byShift.get(a.shiftId)!.start);
      expect(late).to.have.length(1);
      expect(byShift.get(late[0]!.shiftId)!.email).to.equal('a@x.test');
      expect(late[0]!.clockInAt.getTime() - byShift.get(late[0]!.shiftId)!.start.getTime()).to.equal(23 * 60_000);
    });

    it('taps in each clock-in of the last week, and a wrong door and an unknown card in this week', () => {
      expect(plan.taps.filter((t) => t.eventType === 'GRANTED')).to.have.length(6);
      expect(plan.taps.filter((t) => t.eventType !== 'GRANTED').map((t) => ({ type: t.eventType, email: t.email, reader: t.readerOf }))).to.deep.equal([
        { type: 'DENIED_NO_GRANT', email: 'b@x.test', reader: 'A' },
        { type: 'UNKNOWN_CREDENTIAL', email: null, reader: 'B' },
      ]);
    });
  });
});
