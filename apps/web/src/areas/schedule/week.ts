import { displayZone, inZone, localInputValue, plain } from '../../ui/zone';
import { localDay } from '../../ui/shift-time';

/** Monday 00:00, in `timeZone` (by default the company's), of the week holding `d`. */
export function weekStart(d: Date, timeZone = displayZone()): Date {
  const m = inZone(d, timeZone);
  m.setHours(0, 0, 0, 0);
  m.setDate(m.getDate() - ((m.getDay() + 6) % 7));
  return plain(m);
}

/** The same wall-clock time `n` days later in `timeZone` (by default the company's). */
export function addDays(d: Date, n: number, timeZone = displayZone()): Date {
  const x = inZone(d, timeZone);
  x.setDate(x.getDate() + n);
  return plain(x);
}

/** YYYY-MM-DD of an instant in a zone, by default the company's. */
export const isoDay = localDay;

/** HH:MM (24-hour) of an instant in `timeZone` (by default the company's): what a time input holds. */
export function localTime(iso: string, timeZone = displayZone()): string {
  return localInputValue(iso, timeZone).slice(11);
}
