/**
 * A tenant's locale writes its dates, numbers and amounts (18:32 or 6:32 PM, 1,234.50 or
 * 1 234,50); a person's language is the words the console speaks. They are independent: a French
 * speaker in a Belgian company reads French words in fr-BE formats, an English speaker in the same
 * company reads English words in the same formats.
 */
export const LOCALES = ['en-GB', 'en-US', 'en-IE', 'en-AU', 'fr-FR', 'fr-BE', 'fr-CH', 'fr-CA', 'de-DE', 'de-AT', 'de-CH', 'nl-NL', 'nl-BE', 'es-ES', 'it-IT', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];

/** The console's languages, shared by the API and the console; a new one is added here and in the console's catalogs. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The locale of a tenant that has not chosen one, by its time zone: American zones read US style
 * (12-hour clock, month first), every other zone 24-hour and day first (en-GB). This is what the
 * console showed before tenants had a locale, so existing tenants see no change.
 */
export function localeOfZone(timeZone: string): Locale {
  return timeZone.startsWith('America/') || timeZone.startsWith('US/') || timeZone === 'Pacific/Honolulu' ? 'en-US' : 'en-GB';
}
