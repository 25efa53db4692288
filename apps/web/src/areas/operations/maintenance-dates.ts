import { localToday } from '../../ui/shift-time';

/** Calendar days as the API writes them (YYYY-MM-DD); today is the company's. */

export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const today = localToday;

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(y, m - 1, d + n));
}

export { formatDay } from '../../ui/format';

/** Short weekday names in `language`, Monday first: ISO weekday d (as the API numbers them) is at d - 1. */
export function weekdayNames(language: string): string[] {
  const name = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => name.format(Date.UTC(2024, 0, 1 + i)));
}
