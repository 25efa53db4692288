import { inZone, localInputValue, plain } from '../../ui/zone';
import { localDay } from '../../ui/shift-time';

/** Monday 00:00, in the company's zone, of the week holding `d`. */
export function weekStart(d: Date): Date {
  const m = inZone(d);
  m.setHours(0, 0, 0, 0);
  m.setDate(m.getDate() - ((m.getDay() + 6) % 7));
  return plain(m);
}

/** The same wall-clock time `n` days later in the company's zone. */
export function addDays(d: Date, n: number): Date {
  const x = inZone(d);
  x.setDate(x.getDate() + n);
  return plain(x);
}

/** YYYY-MM-DD of an instant in the company's zone. */
export const isoDay = localDay;

/** HH:MM (24-hour) of an instant in the company's zone: what a time input holds. */
export function localTime(iso: string): string {
  return localInputValue(iso).slice(11);
}
