import type { HalfDay } from '@wfm/db/entities/leave.entity';

const DAY_MS = 86_400_000;

/** A request asks for whole calendar days, or half of one day; at most this many days at once. */
export const MAX_LEAVE_DAYS = 366;

export interface LeaveDays {
  /** `YYYY-MM-DD`, a calendar day in the tenant's timezone. */
  startDate: string;
  endDate: string;
  halfDay?: HalfDay;
}

export interface LeavePeriod {
  /** First instant of the leave. */
  start: Date;
  /** Last instant of the leave (inclusive), 1 ms before the next period would begin. */
  end: Date;
  /** Calendar days the leave touches; a half day counts as one. */
  days: number;
  /** Amount of leave in days: 1 per full calendar day, 0.5 for a half day. */
  daysDecimal: number;
}

/** Calendar days from `startDate` through `endDate`, both included; pure date arithmetic, no timezone. */
export function calendarDays(startDate: string, endDate: string): number {
  return Math.round((dayNumber(endDate) - dayNumber(startDate)) / DAY_MS) + 1;
}

/**
 * The instants of a leave of whole days or a half day in `timeZone`. Days start at local
 * midnight and half days split at local noon, so a DST change inside the leave changes only
 * the length in hours, never the days counted.
 */
export function leavePeriod(input: LeaveDays, timeZone: string): LeavePeriod {
  const days = calendarDays(input.startDate, input.endDate);
  const dayAfterEnd = addDays(input.endDate, 1);
  if (input.halfDay === 'AM') {
    return { start: wallTimeToInstant(input.startDate, 0, timeZone), end: beforeInstant(wallTimeToInstant(input.startDate, 12, timeZone)), days, daysDecimal: 0.5 };
  }
  if (input.halfDay === 'PM') {
    return { start: wallTimeToInstant(input.startDate, 12, timeZone), end: beforeInstant(wallTimeToInstant(dayAfterEnd, 0, timeZone)), days, daysDecimal: 0.5 };
  }
  return { start: wallTimeToInstant(input.startDate, 0, timeZone), end: beforeInstant(wallTimeToInstant(dayAfterEnd, 0, timeZone)), days, daysDecimal: days };
}

/**
 * The instant a wall clock in `timeZone` shows `hour`:00 on `date`. When that wall time is
 * skipped by a DST jump (some zones jump at midnight), it is the first instant after the gap;
 * when it occurs twice, the earlier one.
 */
export function wallTimeToInstant(date: string, hour: number, timeZone: string): Date {
  return wallMinuteToInstant(date, hour * 60, timeZone);
}

/** As wallTimeToInstant, at `minute` minutes past local midnight (1440 is the next midnight). */
export function wallMinuteToInstant(date: string, minute: number, timeZone: string): Date {
  return instantOfWall(dayNumber(date) + minute * 60_000, timeZone);
}

/** The calendar date, `YYYY-MM-DD`, a wall clock in `timeZone` shows at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant `days` calendar days after `instant` at the same wall-clock time in `timeZone`: a
 * week-later copy of a 09:00 shift starts at 09:00 local even across a DST change.
 */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  return instantOfWall(instant.getTime() + offsetAt(instant.getTime(), timeZone) + days * DAY_MS, timeZone);
}

/** The instant a wall clock in `timeZone` shows `wall` (ms of a UTC-labelled wall time); gaps and repeats as in wallTimeToInstant. */
function instantOfWall(wall: number, timeZone: string): Date {
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const exact = [first, second].filter((t) => t + offsetAt(t, timeZone) === wall);
  return new Date(exact.length ? Math.min(...exact) : Math.max(first, second));
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, n: number): string {
  return new Date(dayNumber(date) + n * DAY_MS).toISOString().slice(0, 10);
}

function beforeInstant(t: Date): Date {
  return new Date(t.getTime() - 1);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset in ms at instant `t` (local wall time minus UTC). */
function offsetAt(t: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const part = Object.fromEntries(f.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  const local = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return local - (t - (((t % 1000) + 1000) % 1000));
}
