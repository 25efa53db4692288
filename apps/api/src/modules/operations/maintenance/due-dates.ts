/** Calendar arithmetic on YYYY-MM-DD dates, the form date columns are read in (`::text`). */

export type CalendarUnit = 'DAYS' | 'WEEKS' | 'MONTHS';

/** The date it is in the time zone at the instant. */
export function todayIn(timezone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function parse(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function format(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The date `count` units after `date`; a month later than the 31st is the last day of the shorter month, as in PostgreSQL. */
export function addInterval(date: string, unit: CalendarUnit, count: number): string {
  const d = parse(date);
  if (unit === 'DAYS') d.setUTCDate(d.getUTCDate() + count);
  else if (unit === 'WEEKS') d.setUTCDate(d.getUTCDate() + 7 * count);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + count);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return format(d);
}

/** Whether the date has four-digit years, as the API's dates do: past 9999, ISO writes `+010000-…`, which sorts before every such date. */
export function writable(date: string): boolean {
  return /^\d{4}-/.test(date);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to).getTime() - parse(from).getTime()) / 86_400_000);
}
