import { TZDate } from '@date-fns/tz';
import i18next from 'i18next';
import { localeOfZone } from '@wfm/core/locale';

/**
 * The zone every date and time in the console is shown and typed in: the company's (spec 01 reads
 * rosters, opening hours and leave days in it), not the browser's. A manager travelling, or a head
 * office in another country, reads 09:00–17:00 for a shift that starts at 09:00 where it is worked.
 * Until the company's zone is known (signed-out pages) it is the browser's.
 */
let zone = browserZone();
const formatters = new Map<string, Intl.DateTimeFormat>();

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function displayZone(): string {
  return zone;
}

/** Set by the signed-in shell once the company's zone is read, before any page renders. */
export function setDisplayZone(next: string): void {
  if (next === zone) return;
  zone = next;
  formatters.clear();
}

/**
 * The locale every date, time, number and amount is written in: the company's (GET /me/locale),
 * not the language the console speaks. Until it is known (signed-out pages) it goes by the zone as
 * the API does for a company without one (en-US for American zones, en-GB otherwise), whatever
 * language the browser is set to.
 */
let locale: string = localeOfZone(zone);

export function displayLocale(): string {
  return locale;
}

/** Set by the signed-in shell with the company's locale, before any page renders. */
export function setDisplayLocale(next: string): void {
  if (next === locale) return;
  locale = next;
  formatters.clear();
}

/**
 * An Intl formatter in `timeZone` (by default the display zone) with the company's locale,
 * made once per zone and options. An outlet in another zone than the company's is read in its own
 * zone but written the company's way.
 */
export function zoned(options: Intl.DateTimeFormatOptions, timeZone = zone): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An instant as a date whose getters and setters read the display zone's wall clock. Hand the API
 * `plain(...)` of it: a TZDate's toISOString writes the zone's offset, not UTC.
 */
export function inZone(instant: Date | string | number, timeZone = zone): TZDate {
  return new TZDate(new Date(instant).getTime(), timeZone);
}

/** The same instant as a plain Date, whose toISOString is UTC. */
export function plain(d: Date): Date {
  return new Date(d.getTime());
}

/** The instant the wall clock of `timeZone` (by default the display zone) shows `hhmm` (HH:MM) on `day` (YYYY-MM-DD). */
export function wallInstant(day: string, hhmm: string, timeZone = zone): TZDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, h, min, timeZone);
}

/** The instant of a datetime-local input's value (YYYY-MM-DDTHH:MM), read in the display zone. */
export function localInputInstant(value: string): Date {
  const [day = '', hhmm = ''] = value.split('T');
  return plain(wallInstant(day, hhmm.slice(0, 5)));
}

/** A datetime-local input's value (YYYY-MM-DDTHH:MM) for an instant, in `timeZone` (by default the display zone). */
export function localInputValue(instant: Date | string | number, timeZone = zone): string {
  const d = inZone(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Where the times are read, said when it is not the reader's own zone: "Paris time" for
 * Europe/Paris, "New York time" for America/New_York; empty when the browser is in that zone.
 */
export function zoneNote(timeZone = zone): string {
  return timeZone === browserZone() ? '' : zoneTime(timeZone);
}

/** "Paris time" for Europe/Paris, "New York time" for America/New_York. */
export function zoneTime(timeZone: string): string {
  return i18next.t('ui:zone.cityTime', { city: (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ') });
}
