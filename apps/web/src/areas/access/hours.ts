import type { TFunction } from 'i18next';

/**
 * Opening hours as the API keeps them (spec 02, libs/access/hours.ts): day codes MON…SUN → windows
 * [start, end] of HH:MM in the tenant's timezone; an end earlier than its start runs past midnight
 * into the next day; 24:00 ends at midnight. Null hours: open 24/7.
 */
export const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Day = (typeof DAYS)[number];
export type Window = [string, string];
export type Hours = Partial<Record<Day, Window[]>>;

/** What spec 02 allows per day. */
export const MAX_WINDOWS_PER_DAY = 8;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOf(t: string): number {
  return t === '24:00' ? 1440 : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
}

/** Why a window cannot be saved, in the API's terms (`hours.problem.<it>` in the access namespace); null when it can. */
export type WindowProblem = 'start' | 'end' | 'empty';
export function windowProblem([start, end]: Window): WindowProblem | null {
  if (!TIME.test(start)) return 'start';
  if (!TIME.test(end) && end !== '24:00') return 'end';
  if (minutesOf(start) === minutesOf(end)) return 'empty';
  return null;
}

export const isOvernight = ([start, end]: Window): boolean => end !== '24:00' && minutesOf(end) < minutesOf(start);

/** A bar of a day's track, in minutes of that day. */
export interface Segment {
  from: number;
  to: number;
  /** The day whose window this is (the day before, for the morning part of an overnight window). */
  of: Day;
  window: Window;
  /** The morning part of the previous day's overnight window. */
  carried: boolean;
}

/** What each day's track shows: its own windows, cut at midnight, and the mornings of the previous night's. */
export function segmentsByDay(hours: Hours): Record<Day, Segment[]> {
  const out = Object.fromEntries(DAYS.map((d) => [d, [] as Segment[]])) as Record<Day, Segment[]>;
  DAYS.forEach((day, i) => {
    for (const w of hours[day] ?? []) {
      if (windowProblem(w)) continue;
      const from = minutesOf(w[0]);
      if (isOvernight(w)) {
        out[day].push({ from, to: 1440, of: day, window: w, carried: false });
        const next = DAYS[(i + 1) % 7]!;
        out[next].push({ from: 0, to: minutesOf(w[1]), of: day, window: w, carried: true });
      } else {
        out[day].push({ from, to: minutesOf(w[1]), of: day, window: w, carried: false });
      }
    }
  });
  for (const d of DAYS) out[d].sort((a, b) => a.from - b.from);
  return out;
}

/** Drops days without windows: the API reads a missing day as closed. */
export function compact(hours: Hours): Hours {
  const out: Hours = {};
  for (const d of DAYS) if (hours[d]?.length) out[d] = hours[d];
  return out;
}

/** A one-line summary for a list, in the reader's language (`t` of the access namespace): "Mon 06:00–23:00, Fri 22:00–02:00 (overnight)…" kept short. */
export function summary(hours: Hours | null, t: TFunction<'access'>): string {
  if (hours === null) return t('hours.always');
  const parts: string[] = [];
  for (const d of DAYS) for (const w of hours[d] ?? []) parts.push(t(isOvernight(w) ? 'hours.overnightWindow' : 'hours.window', { day: t(`daysShort.${d}`), from: w[0], to: w[1] }));
  if (parts.length === 0) return t('hours.closed');
  return parts.length > 3 ? t('hours.more', { list: parts.slice(0, 3).join(', '), count: parts.length - 3 }) : parts.join(', ');
}

/** The hours as the request body field: null for 24/7. */
export function hoursBody(hours: Hours | null): { [key: string]: string[][] } | null {
  return hours === null ? null : compact(hours);
}
