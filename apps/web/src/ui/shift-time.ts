/**
 * A shift typed as a local day and two clock times, as the ISO instants the API takes. An end at or
 * before the start is the next morning: a night shift is typed as it is worked (22:00 – 06:00).
 */
export function shiftInstants(day: string, start: string, end: string): { scheduledStart: string; scheduledEnd: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end)) return null;
  const from = new Date(`${day}T${start}:00`);
  const to = new Date(`${day}T${end}:00`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  if (to <= from) to.setDate(to.getDate() + 1);
  return { scheduledStart: from.toISOString(), scheduledEnd: to.toISOString() };
}

/** Today as YYYY-MM-DD in the browser's timezone. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
