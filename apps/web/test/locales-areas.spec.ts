import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The catalogs of the console folders translated so far, checked without a browser: French says
 * everything English says, with the same placeholders and plural forms, and every key a page asks
 * for exists. The console reads `locales/<language>.json` as the folder's namespace (src/i18n/i18n.ts).
 */
const FOLDERS = ['areas/operations', 'areas/hr', 'areas/training', 'areas/compliance'] as const;
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Catalog = { [key: string]: string | Catalog };

function load(folder: string, language: string): Catalog {
  return JSON.parse(readFileSync(`${SRC}${folder}/locales/${language}.json`, 'utf8')) as Catalog;
}

/** Every text of a catalog by its dotted key. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** What a text fills in or wraps: its {{placeholders}} and <tags>, sorted. */
function slots(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();
}

/** Placeholders of all the forms of a key together: a plural's forms may differ between themselves. */
function slotsByBase(texts: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL, '');
    const set = out.get(base) ?? new Set<string>();
    for (const s of slots(text)) set.add(s);
    out.set(base, set);
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('console catalogs: operations, HR, training, compliance in English and French', () => {
  for (const folder of FOLDERS) {
    describe(folder, () => {
      const en = flatten(load(folder, 'en'));
      const fr = flatten(load(folder, 'fr'));

      it('has the same keys in French as in English, plurals given in both forms', () => {
        const bases = (texts: Map<string, string>) => [...new Set([...texts.keys()].map((k) => k.replace(PLURAL, '')))].sort();
        expect(bases(fr)).to.deep.equal(bases(en));
        for (const texts of [en, fr]) {
          for (const key of texts.keys()) {
            if (!PLURAL.test(key)) continue;
            const base = key.replace(PLURAL, '');
            expect(texts.has(`${base}_one`) && texts.has(`${base}_other`), `${base}: _one and _other`).to.equal(true);
          }
        }
      });

      it('fills in the same placeholders in French as in English', () => {
        const enSlots = slotsByBase(en);
        for (const [base, frSlots] of slotsByBase(fr)) expect(frSlots, base).to.deep.equal(enSlots.get(base));
      });

      it('has no empty text, and French is not English left untranslated', () => {
        for (const [key, text] of fr) expect(text.trim(), key).to.not.equal('');
        const same = [...en].filter(([key, text]) => fr.get(key) === text && /[a-z]{4,}/i.test(text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '')));
        // French shares some words with English (Description, Contact, Maintenance…); a catalog copied from English shares all.
        expect(same.length, same.map(([k]) => k).join(', ')).to.be.below(Math.max(5, en.size * 0.1));
      });

      it('has every key the folder’s pages ask for', () => {
        const code = sources(`${SRC}${folder}`).join('\n');
        const bases = new Set([...en.keys()].map((k) => k.replace(PLURAL, '')));
        const groups = new Set([...bases].flatMap((k) => k.split('.').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
        // Keys in t('…'), in <Trans i18nKey="…">, and the title keys of tables a page translates when it shows them.
        const literal = [...code.matchAll(/\bt\(\s*'([^']+)'/g), ...code.matchAll(/i18nKey="([^"]+)"/g), ...code.matchAll(/title: '([a-z]\w*(?:\.\w+)+)'/g)].map((m) => m[1]!);
        for (const key of literal) expect(bases.has(key), key).to.equal(true);
        // A key built from a value (`status.${s}`) needs its group.
        for (const m of code.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) expect(groups.has(m[1]!), `${m[1]}.*`).to.equal(true);
      });
    });
  }
});
