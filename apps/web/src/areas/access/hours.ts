/**
 * Opening hours as the API keeps them (spec 02, libs/access/hours.ts): day codes MON…SUN → windows
 * [start, end] of HH:MM in the tenant's timezone; an end earlier than its start runs past midnight
 * into the next day; 24:00 ends at midnight. Null hours: open 24/7.
 */
export const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Day = (typeof DAYS)[number];
export type Window = [string, string];
export type Hours = Partial<Record<Day, Window[]>>;

export const DAY_NAMES: Record<Day, string> = { MON: 'Monday', TUE: 'Tuesday', WED: 'Wednesday', THU: 'Thursday', FRI: 'Friday', SAT: 'Saturday', SUN: 'Sunday' };
/** What spec 02 allows per day. */
export const MAX_WINDOWS_PER_DAY = 8;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOf(t: string): number {
  return t === '24:00' ? 1440 : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
}

/** Why a window cannot be saved, in the API's terms; null when it can. */
export function windowProblem([start, end]: Window): string | null {
  if (!TIME.test(start)) return 'The start must be a time such as 08:00';
  if (!TIME.test(end) && end !== '24:00') return 'The end must be a time such as 18:00 (or 24:00)';
  if (minutesOf(start) === minutesOf(end)) return 'A window cannot start and end at the same time';
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

/** A one-line summary for a list: "Mon–Fri 06:00–23:00, Fri 22:00–02:00 (overnight)…" kept short. */
export function summary(hours: Hours | null): string {
  if (hours === null) return 'Open 24/7';
  const parts: string[] = [];
  for (const d of DAYS) for (const w of hours[d] ?? []) parts.push(`${DAY_NAMES[d].slice(0, 3)} ${w[0]}–${w[1]}${isOvernight(w) ? ' (overnight)' : ''}`);
  if (parts.length === 0) return 'Always closed';
  return parts.length > 3 ? `${parts.slice(0, 3).join(', ')} and ${parts.length - 3} more` : parts.join(', ');
}

/** The hours as the request body field: null for 24/7. */
export function hoursBody(hours: Hours | null): { [key: string]: string[][] } | null {
  return hours === null ? null : compact(hours);
}
