import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

/**
 * The catalogs of the converted console areas, read as the bundle reads them (src/areas/<area>/locales):
 * French must say everything English says, with the same placeholders and markup, and every key the
 * area's code asks for must exist.
 */
const AREAS = ['access', 'developers', 'recruiting', 'visitors'] as const;
const AREAS_DIR = new URL('../../src/areas/', import.meta.url);

type Catalog = { [key: string]: string | Catalog };

/** i18next's plural forms; English and French use `_one` and `_other`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function catalog(area: string, language: string): Catalog {
  return JSON.parse(readFileSync(new URL(`${area}/locales/${language}.json`, AREAS_DIR), 'utf8')) as Catalog;
}

function flatten(c: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/**
 * What a translation must carry over: its `{{placeholders}}` and the `<tag>…</tag>` pairs that `Trans`
 * fills (a lone `<company>` is prose, such as a path pattern, and is translated like the rest).
 */
function carried(text: string): string[] {
  const vars = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<(\w+)>.*?<\/\1>/g)].map((m) => m[1]!);
  return [...vars, ...tags].sort();
}

/**
 * The keys the area's code names: every quoted dotted literal whose first part is one of the
 * catalog's groups (`'grants.title'`, `'access:propagation.title'`), and template keys by their fixed
 * prefix (`t(\`days.${day}\`)`).
 */
function keysUsed(area: string, groups: Set<string>): { exact: Set<string>; prefixes: Set<string> } {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const dir = new URL(`${area}/`, AREAS_DIR);
  for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const m of source.matchAll(/['"](?:[a-z]+:)?([a-zA-Z]+)((?:\.[a-zA-Z0-9_]+)+)['"]/g)) if (groups.has(m[1]!)) exact.add(m[1]! + m[2]!);
    for (const m of source.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)) prefixes.add(m[1]!);
  }
  return { exact, prefixes };
}

describe('console catalogs of access, developers, recruiting and visitors', () => {
  for (const area of AREAS) {
    describe(area, () => {
      const en = flatten(catalog(area, 'en'));
      const fr = flatten(catalog(area, 'fr'));

      it('has the same keys in English and French', () => {
        expect([...fr.keys()].sort()).to.deep.equal([...en.keys()].sort());
      });

      it('keeps every placeholder and tag of English in French, and leaves no string empty', () => {
        for (const [key, text] of en) {
          expect(text.trim(), `en ${key}`).not.to.equal('');
          expect(fr.get(key)?.trim(), `fr ${key}`).not.to.equal('');
          expect(carried(fr.get(key) ?? ''), `fr ${key}`).to.deep.equal(carried(text));
        }
      });

      it('gives every plural both its one and other forms', () => {
        for (const key of en.keys()) {
          const base = key.replace(PLURAL, '');
          if (base === key) continue;
          expect(en.has(`${base}_one`) && en.has(`${base}_other`), key).to.equal(true);
        }
      });

      it('has every key its code asks for', () => {
        const { exact, prefixes } = keysUsed(area, new Set([...en.keys()].map((k) => k.split('.')[0]!)));
        expect(exact.size).to.be.greaterThan(0);
        for (const key of exact) expect(en.has(key) || en.has(`${key}_other`), key).to.equal(true);
        for (const prefix of prefixes) expect([...en.keys()].some((k) => k.startsWith(prefix)), prefix).to.equal(true);
      });
    });
  }
});
