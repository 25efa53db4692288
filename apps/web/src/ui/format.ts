/** Dates and times in the reader's locale; the API's values are ISO instants (or YYYY-MM-DD days). */
const dateTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

const instant = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A moment to the second, for logs: "2 Dec, 08:00:05". */
export function formatInstant(iso: string): string {
  return instant.format(new Date(iso));
}

/** A shift's span: "Mon 2 Dec, 08:00 – 16:00". */
export function formatSpan(startIso: string, endIso: string): string {
  return `${dateTime.format(new Date(startIso))} – ${time.format(new Date(endIso))}`;
}

/** An enum value for people: PENDING_APPROVAL → "Pending approval". */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A role as people read it: `OUTLET_MANAGER` → "outlet manager". */
export function roleLabel(role: string): string {
  return role.replace(/_/g, ' ').toLowerCase();
}

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) in the reader's locale, the same day wherever they are. */
export function formatDay(ymd: string | null | undefined): string {
  return ymd ? day.format(new Date(`${ymd}T00:00:00Z`)) : '—';
}

/** A duration in whole minutes as hours and minutes: "8 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
