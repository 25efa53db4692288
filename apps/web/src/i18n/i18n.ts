import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wfm/core/locale';

/** The console's languages, the API's list; English is complete by definition and the one a missing key falls back to. */
export { LANGUAGES, type Language };

type Catalog = Record<string, unknown>;

/**
 * Each folder's `locales/<language>.json` is one namespace named after the folder: an area
 * (`areas/rota/locales/fr.json` is `rota`), or `ui`, `layout`, `auth`. A page asks for its own
 * with `useTranslation('rota')`, so a new area brings its strings without touching this file.
 */
const files = import.meta.glob<Catalog>('../**/locales/*.json', { eager: true, import: 'default' });

function resources(): Record<string, Record<string, Catalog>> {
  const out: Record<string, Record<string, Catalog>> = {};
  for (const [path, catalog] of Object.entries(files)) {
    const m = /\/([^/]+)\/locales\/([a-z]{2})\.json$/.exec(path);
    if (!m) continue;
    const [, ns, lng] = m;
    (out[lng!] ??= {})[ns!] = catalog;
  }
  return out;
}

const catalogs = resources();

/**
 * Signed-out pages speak the first of the browser's languages the console has ("fr-BE" is French),
 * else English; once signed in, the person's own language (or their company's) replaces it.
 */
export function browserLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const match = LANGUAGES.find((l) => l === base);
    if (match) return match;
  }
  return 'en';
}

/** Speaks `language` from the next render on, and tells assistive technology and the browser's own texts which it is. */
export function speak(language: Language): void {
  document.documentElement.lang = language;
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

void i18next.use(initReactI18next).init({
  resources: catalogs,
  lng: browserLanguage(),
  fallbackLng: 'en',
  ns: Object.keys(catalogs.en ?? {}),
  defaultNS: 'ui',
  // Catalogs are bundled, so the first render already has every string.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = i18next.language;

export { i18next };
