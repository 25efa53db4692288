import i18next from 'i18next';
import { displayLocale, displayZone, zoned, zoneTime } from './zone';

/** Dates, times, numbers and amounts in the company's zone and locale (ui/zone.ts); the API's values are ISO instants (or YYYY-MM-DD days). */
const DATE_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** A moment to the minute, in `timeZone` (an outlet's) or by default the company's: "Mon 2 Dec, 08:00". */
export function formatDateTime(iso: string | null | undefined, timeZone = displayZone()): string {
  return iso ? zoned(DATE_TIME, timeZone).format(new Date(iso)) : '—';
}

/** A moment to the second, for logs: "2 Dec, 08:00:05". */
export function formatInstant(iso: string): string {
  return zoned({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));
}

/** A clock time: "08:00" (or "8:00 AM" for an American company). */
export function formatTime(iso: string, timeZone = displayZone()): string {
  return zoned(TIME, timeZone).format(new Date(iso));
}

/** A shift's span in its outlet's zone (by default the company's): "Mon 2 Dec, 08:00 – 16:00". */
export function formatSpan(startIso: string, endIso: string, timeZone = displayZone()): string {
  return `${formatDateTime(startIso, timeZone)} – ${formatTime(endIso, timeZone)}`;
}

/** A shift's span in its outlet's zone, naming that zone when it is not the company's: "Mon 2 Dec, 09:00 – 17:00 (Paris time)". */
export function formatShiftSpan(startIso: string, endIso: string, timeZone: string): string {
  const span = formatSpan(startIso, endIso, timeZone);
  return timeZone === displayZone() ? span : `${span} (${zoneTime(timeZone)})`;
}

/**
 * An enum value for people: PENDING_APPROVAL → "Pending approval" (ui's `values.PENDING_APPROVAL`
 * in another language). A value the catalog lacks reads as its English words rather than its code.
 */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ').toLowerCase();
  return i18next.t(`ui:values.${value}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}

/** A role as people read it: `OUTLET_MANAGER` → "outlet manager". */
export function roleLabel(role: string): string {
  return i18next.t(`ui:roles.${role}`, { defaultValue: role.replace(/_/g, ' ').toLowerCase() });
}

/** A calendar day (YYYY-MM-DD) in the company's conventions, the same day wherever the reader is: a date, not an instant. */
export function formatDay(ymd: string | null | undefined): string {
  return ymd ? new Intl.DateTimeFormat(displayLocale(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`)) : '—';
}

/** A duration in whole minutes as hours and minutes: "8 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return i18next.t('ui:duration.minutes', { m });
  return m === 0 ? i18next.t('ui:duration.hours', { h }) : i18next.t('ui:duration.hoursMinutes', { h, m });
}

/** A number in the company's locale: "1,234.5" in en-GB, "1 234,5" in fr-FR. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(displayLocale(), options).format(value);
}

/** An amount in integer minor units (pence, cents) in its currency, in the company's locale: "£12.50", "12,50 €". */
export function formatMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat(displayLocale(), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
