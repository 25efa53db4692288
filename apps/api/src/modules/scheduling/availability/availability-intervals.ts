import type { AvailabilityKind } from '@wfm/db/entities/availability.entity';
import { addDays, localDate, wallMinuteToInstant } from '../../time/leave/leave-period.js';

/** A weekly window as stored: ISO weekday, wall-clock minutes of the tenant's timezone, local effective dates (both included). */
export interface WeeklyWindow {
  id: string;
  kind: AvailabilityKind;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

/** A half-open stretch of time [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

export interface WindowOccurrence extends Interval {
  windowId: string;
  kind: AvailabilityKind;
}

/**
 * Conversions already made: a roster asks the same few dates and wall times for every person, and
 * each costs an Intl call. Zone rules do not change while the process runs.
 */
const converted = new Map<string, number>();
const MAX_CONVERTED = 50_000;

function wallInstant(date: string, minute: number, timeZone: string): Date {
  const key = `${timeZone} ${date} ${minute}`;
  let t = converted.get(key);
  if (t === undefined) {
    if (converted.size >= MAX_CONVERTED) converted.clear();
    t = wallMinuteToInstant(date, minute, timeZone).getTime();
    converted.set(key, t);
  }
  return new Date(t);
}

const dates = new Map<string, string>();

function dateAt(instant: Date, timeZone: string): string {
  const key = `${timeZone} ${instant.getTime()}`;
  let d = dates.get(key);
  if (d === undefined) {
    if (dates.size >= MAX_CONVERTED) dates.clear();
    d = localDate(instant, timeZone);
    dates.set(key, d);
  }
  return d;
}

function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Each occurrence of the windows that overlaps [from, to), as instants. An occurrence belongs to the
 * local date it starts on (its weekday and effective dates are that date's); one whose end is at or
 * before its start ends on the next local date. Every bound is converted on its own date, so an
 * occurrence spanning a DST change is an hour shorter or longer, never shifted.
 */
export function expandWeekly(windows: readonly WeeklyWindow[], from: Date, to: Date, timeZone: string): WindowOccurrence[] {
  if (!windows.length || to.getTime() <= from.getTime()) return [];
  const out: WindowOccurrence[] = [];
  // The day before `from` may hold an occurrence running past midnight into the range.
  const last = dateAt(to, timeZone);
  for (let date = addDays(dateAt(from, timeZone), -1); date <= last; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    for (const w of windows) {
      if (w.weekday !== weekday) continue;
      if ((w.effectiveFrom !== null && date < w.effectiveFrom) || (w.effectiveTo !== null && date > w.effectiveTo)) continue;
      const start = wallInstant(date, w.startMinute, timeZone);
      const end = w.endMinute > w.startMinute ? wallInstant(date, w.endMinute, timeZone) : wallInstant(addDays(date, 1), w.endMinute, timeZone);
      if (start.getTime() < to.getTime() && end.getTime() > from.getTime() && end.getTime() > start.getTime()) out.push({ windowId: w.id, kind: w.kind, start, end });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * The local days overlapping [from, to) on which none of the windows is in effect, each from local
 * midnight to the next: the days a person stated no preferred window for, so any time suits them.
 */
export function daysWithout(windows: readonly WeeklyWindow[], from: Date, to: Date, timeZone: string): Interval[] {
  const out: Interval[] = [];
  const last = dateAt(new Date(to.getTime() - 1), timeZone);
  for (let date = dateAt(from, timeZone); date <= last; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const stated = windows.some((w) => w.weekday === weekday && (w.effectiveFrom === null || date >= w.effectiveFrom) && (w.effectiveTo === null || date <= w.effectiveTo));
    if (!stated) out.push({ start: wallInstant(date, 0, timeZone), end: wallInstant(addDays(date, 1), 0, timeZone) });
  }
  return out;
}

/** The union of the intervals, sorted, touching ones joined. */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const prev = out[out.length - 1];
    if (prev && i.start.getTime() <= prev.end.getTime()) {
      if (i.end.getTime() > prev.end.getTime()) prev.end = i.end;
    } else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** What of `base` is left outside every interval of `cut`. */
export function subtract(base: readonly Interval[], cut: readonly Interval[]): Interval[] {
  const cuts = merge(cut);
  const out: Interval[] = [];
  for (const b of merge(base)) {
    let start = b.start.getTime();
    const end = b.end.getTime();
    for (const c of cuts) {
      if (c.end.getTime() <= start || c.start.getTime() >= end) continue;
      if (c.start.getTime() > start) out.push({ start: new Date(start), end: c.start });
      start = Math.max(start, c.end.getTime());
    }
    if (start < end) out.push({ start: new Date(start), end: new Date(end) });
  }
  return out;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** The parts of the intervals inside `range`. */
export function clip(intervals: readonly Interval[], range: Interval): Interval[] {
  return subtract([range], subtract([range], intervals));
}

/** The first part of `range` no interval covers, or null when they cover all of it. */
export function firstGap(range: Interval, intervals: readonly Interval[]): Interval | null {
  const [gap] = subtract([range], intervals);
  return gap ?? null;
}
