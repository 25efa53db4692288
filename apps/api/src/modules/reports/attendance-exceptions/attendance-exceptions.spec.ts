import { expect } from 'chai';
import type { ScheduledShift } from '../shared/reports.repository.js';
import { exceptionsOf, LATE_GRACE_MINUTES } from './attendance-exceptions.service.js';

const START = new Date('2027-01-11T08:00:00Z');
const END = new Date('2027-01-11T16:00:00Z');
const after = (minutes: number, from = START) => new Date(from.getTime() + minutes * 60_000);

function shift(over: Partial<ScheduledShift> = {}): ScheduledShift {
  return { id: 's', userId: 'u', userName: 'U', outletId: 'o', outletName: 'O', day: '2027-01-11', scheduledStart: START, scheduledEnd: END, status: 'SCHEDULED', attendance: null, ...over };
}
const clocked = (clockInAt: Date, clockOutAt: Date | null, status = clockOutAt ? 'VERIFIED' : 'OPEN') => ({ id: 'a', clockInAt, clockOutAt, status });

describe('attendance exceptions of one shift', () => {
  it('is late only past the grace, in whole minutes', () => {
    expect(exceptionsOf(shift({ attendance: clocked(after(LATE_GRACE_MINUTES, START), after(1, END)) }), after(60, END))).to.deep.equal([]);
    expect(exceptionsOf(shift({ attendance: clocked(after(LATE_GRACE_MINUTES + 1, START), after(1, END)) }), after(60, END))).to.deep.equal([{ kind: 'LATE', minutesLate: 6 }]);
  });

  it('is a missed clock-out while clocked in past the end, or when the job closed it; not before the end, nor a real clock-out at the end', () => {
    expect(exceptionsOf(shift({ attendance: clocked(START, null) }), after(-1, END))).to.deep.equal([]);
    expect(exceptionsOf(shift({ attendance: clocked(START, null) }), END)).to.deep.equal([{ kind: 'MISSED_CLOCK_OUT', minutesLate: null }]);
    expect(exceptionsOf(shift({ attendance: clocked(START, END, 'PENDING_REVIEW') }), after(600, END))).to.deep.equal([{ kind: 'MISSED_CLOCK_OUT', minutesLate: null }]);
    expect(exceptionsOf(shift({ attendance: clocked(START, END, 'VERIFIED') }), after(600, END))).to.deep.equal([]);
    // Clocked in after the scheduled end: the job closes at the clock-in.
    const lateIn = after(30, END);
    expect(exceptionsOf(shift({ attendance: clocked(lateIn, lateIn, 'APPROVED') }), after(600, END))).to.deep.equal([
      { kind: 'LATE', minutesLate: 510 },
      { kind: 'MISSED_CLOCK_OUT', minutesLate: null },
    ]);
  });

  it('is a no-show when marked MISSED, or still scheduled with no clock-in once it has ended', () => {
    expect(exceptionsOf(shift({ status: 'MISSED' }), after(-60))).to.deep.equal([{ kind: 'NO_SHOW', minutesLate: null }]);
    expect(exceptionsOf(shift(), after(-1, END))).to.deep.equal([]);
    expect(exceptionsOf(shift(), END)).to.deep.equal([{ kind: 'NO_SHOW', minutesLate: null }]);
    expect(exceptionsOf(shift({ status: 'COMPLETED' }), after(60, END))).to.deep.equal([]);
  });
});
