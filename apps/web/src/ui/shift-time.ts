import { displayZone, localInputValue, plain, wallInstant } from './zone';

/**
 * A shift typed as a day and two clock times of its outlet's zone (by default the company's), as the ISO instants the API
 * takes. An end at or before the start is the next morning: a night shift is typed as it is worked
 * (22:00 – 06:00).
 */
export function shiftInstants(day: string, start: string, end: string, timeZone = displayZone()): { scheduledStart: string; scheduledEnd: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end)) return null;
  const from = wallInstant(day, start, timeZone);
  const to = wallInstant(day, end, timeZone);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  // A TZDate moves by the zone's calendar: the next morning's 06:00 even across a DST change.
  if (to <= from) to.setDate(to.getDate() + 1);
  return { scheduledStart: plain(from).toISOString(), scheduledEnd: plain(to).toISOString() };
}

/** The calendar day (YYYY-MM-DD) at an instant in `timeZone`, by default the company's. */
export function localDay(instant: Date | string | number, timeZone = displayZone()): string {
  return localInputValue(instant, timeZone).slice(0, 10);
}

/** Today as YYYY-MM-DD in the company's zone. */
export function localToday(): string {
  return localDay(Date.now());
}
