/**
 * Wall-clock arithmetic in a tenant's timezone for the compliance engine. Offsets are cached per
 * 15-minute bucket (every zone changes offset on a quarter hour), so evaluating thousands of shifts
 * formats a few dates rather than one per shift boundary.
 */
const DAY_MS = 86_400_000;
const BUCKET_MS = 900_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Milliseconds the wall clock in `timeZone` is ahead of UTC at `instant`. */
export function offsetAt(instant: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const bucket = Math.floor(instant / BUCKET_MS);
  const cached = zone.get(bucket);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(bucket * BUCKET_MS))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = wall - bucket * BUCKET_MS;
  zone.set(bucket, offset);
  return offset;
}

/** The wall-clock time at `instant` as UTC-labelled milliseconds. */
export function wallMs(instant: number, timeZone: string): number {
  return instant + offsetAt(instant, timeZone);
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: number, timeZone: string): string {
  return new Date(wallMs(instant, timeZone)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM` on the local wall clock, the form traces quote times in. */
export function localStamp(instant: number, timeZone: string): string {
  return new Date(wallMs(instant, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant local midnight starts `date`; when a DST jump skips midnight, the first instant after it. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const exact = [first, second].filter((t) => t + offsetAt(t, timeZone) === wall);
  return exact.length ? Math.min(...exact) : Math.max(first, second);
}

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Monday of the ISO week `date` falls in. */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}
