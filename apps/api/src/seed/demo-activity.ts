import { uuid } from '@wfm/core/crypto';
import type { AccessAuditInsert } from '@wfm/db/access-audit.repository';
import type { AttendanceStatus } from '@wfm/db/entities/attendance-event.entity';
import type { ShiftStatus } from '@wfm/db/entities/shift-assignment.entity';
import { addDays, localDate, offsetAt, weekStart } from '../modules/compliance/engine/local-time.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A demo person's usual week: ISO weekdays (1 = Monday) and local start and end times. */
export interface DemoRota {
  weekdays: number[];
  start: string;
  end: string;
}

/** Who works where and when, by sign-in address (the seed resolves it to the tenant's user). */
export interface RotaLine {
  email: string;
  outletCode: string;
  rota: DemoRota;
}

export interface PlannedShift {
  id: string;
  email: string;
  outletCode: string;
  /** The local Monday of its week: the week's roster at its outlet. */
  week: string;
  start: Date;
  end: Date;
  status: ShiftStatus;
}

export interface PlannedAttendance {
  id: string;
  shiftId: string;
  clockInAt: Date;
  clockOutAt: Date | null;
  status: AttendanceStatus;
}

/** A door tap, as the daemon records one; the seed fills in the tenant, user and zone. */
export type PlannedTap = Pick<AccessAuditInsert, 'eventType' | 'reason'> & { email: string | null; readerOf: string; at: Date };

export interface DemoFill {
  shifts: PlannedShift[];
  attendance: PlannedAttendance[];
  taps: PlannedTap[];
  /** Open shifts still to come: one per week at each `openShift` outlet. */
  openShifts: Array<{ outletCode: string; start: Date; end: Date; note: string }>;
}

/** The instant a local wall-clock time on a date is in `timeZone` (the later reading across a DST gap). */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  return new Date(wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone));
}

/**
 * The Mondays of the weeks a demo needs so it looks alive on `now`: from the week of the previous
 * month's first day (so last month has a payroll to run) or the week after the latest shift,
 * whichever is later, through next week. None when next week already has shifts.
 */
export function weeksToFill(now: Date, timeZone: string, latestShiftStart: Date | null): string[] {
  const today = localDate(now.getTime(), timeZone);
  const nextWeek = addDays(weekStart(today), 7);
  const previousMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
  let from = weekStart(previousMonth);
  if (latestShiftStart) {
    const after = addDays(weekStart(localDate(latestShiftStart.getTime(), timeZone)), 7);
    if (after > nextWeek) return [];
    if (after > from) from = after;
  }
  const weeks: string[] = [];
  for (let monday = from; monday <= nextWeek; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

/** A few minutes' spread, the same for the same shift, so clock times do not all read :00. */
const spread = (id: string, most: number) => (parseInt(id.slice(0, 4), 16) % most) + 1;

/**
 * The weeks' shifts as the product would hold them at `now`: past ones COMPLETED with the clock
 * record a clock-out leaves (VERIFIED), one under way IN_PROGRESS and clocked into, later ones
 * SCHEDULED. The latest finished shift is left as the missed clock-out job leaves one (closed at
 * its scheduled end, PENDING_REVIEW) and the one before it, someone else's, started 23 minutes
 * late. Each clock-in of the last week has the GRANTED tap at the outlet's door a minute before it;
 * a week with today in it also has two refused taps.
 */
export function planFill(lines: RotaLine[], weeks: string[], timeZone: string, now: Date, openShift: { outletCode: string; weekday: number; start: string; end: string; note: string } | null): DemoFill {
  const shifts: PlannedShift[] = [];
  const openShifts: DemoFill['openShifts'] = [];
  for (const monday of weeks) {
    for (let d = 0; d < 7; d++) {
      const date = addDays(monday, d);
      for (const line of lines) {
        if (!line.rota.weekdays.includes(d + 1)) continue;
        const start = localInstant(date, line.rota.start, timeZone);
        const end = localInstant(date, line.rota.end, timeZone);
        const status: ShiftStatus = end <= now ? 'COMPLETED' : start <= now ? 'IN_PROGRESS' : 'SCHEDULED';
        shifts.push({ id: uuid(), email: line.email, outletCode: line.outletCode, week: monday, start, end, status });
      }
      if (openShift && openShift.weekday === d + 1) {
        const start = localInstant(date, openShift.start, timeZone);
        if (start > now) openShifts.push({ outletCode: openShift.outletCode, start, end: localInstant(date, openShift.end, timeZone), note: openShift.note });
      }
    }
  }

  const finished = shifts.filter((s) => s.status === 'COMPLETED').sort((a, b) => b.end.getTime() - a.end.getTime());
  const missed = finished[0];
  const late = finished.find((s) => s.email !== missed?.email);
  const attendance: PlannedAttendance[] = [];
  for (const s of shifts) {
    if (s.status === 'SCHEDULED') continue;
    const early = worked(s).clockInAt;
    if (s.status === 'IN_PROGRESS') attendance.push({ id: uuid(), shiftId: s.id, clockInAt: early, clockOutAt: null, status: 'OPEN' });
    else if (s === missed) attendance.push({ id: uuid(), shiftId: s.id, clockInAt: early, clockOutAt: s.end, status: 'PENDING_REVIEW' });
    else if (s === late) attendance.push({ id: uuid(), shiftId: s.id, clockInAt: new Date(s.start.getTime() + 23 * MINUTE_MS), clockOutAt: new Date(s.end.getTime() + 4 * MINUTE_MS), status: 'VERIFIED' });
    else attendance.push(worked(s));
  }
  return { shifts, attendance, taps: [...clockInTaps(shifts, attendance, now), ...refusedTaps(shifts, weeks, timeZone, now)], openShifts };
}

/** The clock record of a shift worked as rostered: in and out a few minutes either side, VERIFIED as a clock-out of a shift leaves it. */
export function worked(s: Pick<PlannedShift, 'id' | 'start' | 'end'>): PlannedAttendance {
  return { id: uuid(), shiftId: s.id, clockInAt: new Date(s.start.getTime() - spread(s.id, 6) * MINUTE_MS), clockOutAt: new Date(s.end.getTime() + spread(s.id.slice(4), 9) * MINUTE_MS), status: 'VERIFIED' };
}

/** The GRANTED tap at the outlet's door a minute before each clock-in of the week before `now`. */
export function clockInTaps(shifts: Array<Pick<PlannedShift, 'id' | 'email' | 'outletCode'>>, attendance: PlannedAttendance[], now: Date): PlannedTap[] {
  const byId = new Map(shifts.map((s) => [s.id, s]));
  const since = now.getTime() - 7 * 24 * HOUR_MS;
  return attendance
    .filter((a) => a.clockInAt.getTime() >= since)
    .map((a) => {
      const s = byId.get(a.shiftId)!;
      return { email: s.email, readerOf: s.outletCode, at: new Date(a.clockInAt.getTime() - MINUTE_MS), eventType: 'GRANTED', reason: null };
    });
}

/** In a fill of the week with today in it: someone at the other outlet's door, and a card nobody issued. */
function refusedTaps(shifts: PlannedShift[], weeks: string[], timeZone: string, now: Date): PlannedTap[] {
  const thisWeek = weekStart(localDate(now.getTime(), timeZone));
  const here = shifts[0];
  const elsewhere = shifts.find((s) => s.outletCode !== here?.outletCode);
  if (!weeks.includes(thisWeek) || !here || !elsewhere) return [];
  return [
    { email: elsewhere.email, readerOf: here.outletCode, at: new Date(now.getTime() - 26 * HOUR_MS), eventType: 'DENIED_NO_GRANT', reason: 'No access to this zone' },
    { email: null, readerOf: elsewhere.outletCode, at: new Date(now.getTime() - 5 * HOUR_MS), eventType: 'UNKNOWN_CREDENTIAL', reason: 'Unknown credential' },
  ];
}
