/**
 * Zone opening hours (spec 02, Zone.hoursJson): day codes → windows `[start, end]` of 24-hour
 * `HH:MM` wall-clock times in the tenant's timezone. A missing or empty day is closed; a window
 * whose end is earlier than its start runs past midnight into the next day; no hoursJson = 24/7.
 */
export const DAY_KEYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
export type HoursWindow = [string, string];
export type HoursJson = Partial<Record<DayKey, HoursWindow[]>>;

export type HoursVerdict = 'OPEN' | 'CLOSED_TODAY' | 'OUTSIDE_HOURS';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** `24:00` is accepted as an end only, meaning the end of the day. */
const END_OF_DAY = '24:00';
const MAX_WINDOWS_PER_DAY = 12;

function minutes(hhmm: string): number {
  if (hhmm === END_OF_DAY) return 1440;
  const m = TIME.exec(hhmm)!;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Validation messages naming the field (`hoursJson.MON.0.1 …`), empty when valid. */
export function validateHoursJson(value: unknown, field = 'hoursJson'): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${field} must be an object`];
  const problems: string[] = [];
  for (const [day, windows] of Object.entries(value)) {
    if (!(DAY_KEYS as readonly string[]).includes(day)) {
      problems.push(`${field}.${day} is not a day key (use ${DAY_KEYS.join(', ')})`);
      continue;
    }
    if (!Array.isArray(windows)) {
      problems.push(`${field}.${day} must be an array of [start, end] windows`);
      continue;
    }
    if (windows.length > MAX_WINDOWS_PER_DAY) problems.push(`${field}.${day} must contain at most ${MAX_WINDOWS_PER_DAY} windows`);
    windows.forEach((w: unknown, i: number) => {
      const at = `${field}.${day}.${i}`;
      if (!Array.isArray(w) || w.length !== 2 || typeof w[0] !== 'string' || typeof w[1] !== 'string') {
        problems.push(`${at} must be a [start, end] pair of HH:MM strings`);
        return;
      }
      const [start, end] = w as [string, string];
      if (!TIME.test(start)) problems.push(`${at}.0 must be a 24-hour HH:MM time`);
      if (!TIME.test(end) && end !== END_OF_DAY) problems.push(`${at}.1 must be a 24-hour HH:MM time`);
      if (TIME.test(start) && (TIME.test(end) || end === END_OF_DAY) && minutes(start) === minutes(end)) {
        problems.push(`${at} must not start and end at the same time`);
      }
    });
  }
  return problems;
}

export interface LocalTime {
  day: DayKey;
  /** The day before `day`, whose overnight windows may still be running. */
  previousDay: DayKey;
  minuteOfDay: number;
}

const WEEKDAY: Record<string, DayKey> = { Mon: 'MON', Tue: 'TUE', Wed: 'WED', Thu: 'THU', Fri: 'FRI', Sat: 'SAT', Sun: 'SUN' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timezone, f);
  }
  return f;
}

/**
 * Wall-clock day and minute in `timezone`. Across a daylight-saving change the wall clock is what
 * the hours mean: a spring-forward gap simply never occurs, a fall-back hour occurs twice.
 */
export function localTime(instant: Date, timezone: string): LocalTime {
  let weekday = '';
  let hour = 0;
  let minute = 0;
  for (const part of formatter(timezone).formatToParts(instant)) {
    if (part.type === 'weekday') weekday = part.value;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  const day = WEEKDAY[weekday]!;
  const previousDay = DAY_KEYS[(DAY_KEYS.indexOf(day) + 6) % 7]!;
  return { day, previousDay, minuteOfDay: hour * 60 + minute };
}

/**
 * `CLOSED_TODAY` when today has no window (and no overnight window of yesterday is still running),
 * `OUTSIDE_HOURS` when today has windows but none covers now, `OPEN` otherwise.
 */
export function evaluateHours(hours: HoursJson | null | undefined, instant: Date, timezone: string): HoursVerdict {
  if (!hours) return 'OPEN';
  const t = localTime(instant, timezone);
  for (const [start, end] of hours[t.previousDay] ?? []) {
    const s = minutes(start);
    const e = minutes(end);
    if (e < s && t.minuteOfDay < e) return 'OPEN';
  }
  const today = hours[t.day] ?? [];
  for (const [start, end] of today) {
    const s = minutes(start);
    const e = minutes(end);
    if (e > s ? t.minuteOfDay >= s && t.minuteOfDay < e : t.minuteOfDay >= s) return 'OPEN';
  }
  return today.length === 0 ? 'CLOSED_TODAY' : 'OUTSIDE_HOURS';
}
