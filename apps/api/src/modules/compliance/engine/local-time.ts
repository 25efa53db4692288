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
  return dateOf(Math.floor(wallMs(instant, timeZone) / DAY_MS));
}

/** `YYYY-MM-DD HH:MM` on the local wall clock, the form traces quote times in. */
export function localStamp(instant: number, timeZone: string): string {
  return new Date(wallMs(instant, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

const midnights = new Map<string, Map<string, number>>();

/** The instant local midnight starts `date`; when a DST jump skips midnight, the first instant after it. */
export function startOfLocalDay(date: string, timeZone: string): number {
  let zone = midnights.get(timeZone);
  if (!zone) {
    zone = new Map();
    midnights.set(timeZone, zone);
  }
  let at = zone.get(date);
  if (at === undefined) {
    at = midnight(date, timeZone);
    zone.set(date, at);
  }
  return at;
}

function midnight(date: string, timeZone: string): number {
  const wall = dayNumber(date) * DAY_MS;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const exact = [first, second].filter((t) => t + offsetAt(t, timeZone) === wall);
  return exact.length ? Math.min(...exact) : Math.max(first, second);
}

const dayMemo = new Map<string, number>();
const dateMemo = new Map<number, string>();

/** Days since 1970-01-01 of a YYYY-MM-DD date; memoised, since the rules ask for the same few hundred dates again and again. */
function dayNumber(date: string): number {
  let n = dayMemo.get(date);
  if (n === undefined) {
    n = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
    dayMemo.set(date, n);
  }
  return n;
}

function dateOf(day: number): string {
  let d = dateMemo.get(day);
  if (d === undefined) {
    d = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateMemo.set(day, d);
  }
  return d;
}

export function addDays(date: string, n: number): string {
  return dateOf(dayNumber(date) + n);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The Monday of the ISO week `date` falls in. */
export function weekStart(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
  return dateOf(day - ((day + 3) % 7));
}
