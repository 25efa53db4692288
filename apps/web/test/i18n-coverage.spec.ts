import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Nothing the console shows is left in one language: every visible text goes through t(), and
 * every catalog has the same keys, with the same {{variables}}, in English and French.
 * This reads the sources (apps/web/src), so it needs no browser and no build of the console.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * Texts that are the same in every language: the product's name and abbreviations that are names
 * in French as well. Anything without a letter (—, ·, ×, →, digits) is never a text to translate.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['Workforce Platform', 'CSV', 'PDF', 'QR', 'API', 'URL', 'JSON', 'SCIM', 'SSO', 'PIN', 'IBAN', 'SMS', 'WhatsApp', '°C']);

/** JSX props people read or hear (screen readers). */
const VISIBLE_PROPS = new Set(['label', 'placeholder', 'title', 'subtitle', 'aria-label', 'description', 'alt', 'error', 'help', 'link', 'empty', 'loadingLabel', 'confirmLabel', 'cancelLabel', 'nothingFoundMessage']);
/** Object properties that end up on screen: notifications, table headers, select options, confirm dialogs. */
const VISIBLE_KEYS = new Set(['label', 'title', 'message', 'placeholder', 'description', 'header', 'confirmLabel', 'children', 'empty', 'text']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const rel = (path: string) => relative(SRC, path).split(sep).join('/');
const sources = walk(SRC).filter((p) => p.endsWith('.tsx'));

/** A catalog key ("nav.myShifts", "area.title") handed to t() later, as the area files do. */
const KEY = /^[a-z][\w-]*(\.[\w-]+)+$/i;

function isText(value: string): boolean {
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return /\p{L}/u.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.has(trimmed) && !KEY.test(trimmed);
}

/** A string literal that is compared, indexed or used as a key is code, not a text. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)) return true;
  if (ts.isElementAccessExpression(parent) || ts.isCaseClause(parent) || ts.isImportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
  return false;
}

/** Literal texts in an expression, not looking into calls (t('key'), formatDay(x)) nor into JSX, checked on its own. */
function textsIn(expr: ts.Node, out: ts.Node[]): void {
  // An object or array under a visible key is styles (`styles={{ label: {…} }}`) or data (a CSV
  // column's header aliases), never a text; a visible object's own keys are visited on their own.
  if (ts.isCallExpression(expr) || ts.isJsxElement(expr) || ts.isJsxSelfClosingElement(expr) || ts.isJsxFragment(expr) || ts.isArrowFunction(expr) || ts.isObjectLiteralExpression(expr) || ts.isArrayLiteralExpression(expr)) return;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
    if (isText(expr.text) && !isCode(expr)) out.push(expr);
    return;
  }
  if (ts.isTemplateExpression(expr)) {
    const literal = [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' ');
    if (isText(literal)) out.push(expr);
    return;
  }
  ts.forEachChild(expr, (child) => textsIn(child, out));
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The visible texts of a source file that do not go through t(). */
function textsOf(source: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && isText(node.text)) found.push(node);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) textsIn(node.expression, found);
    else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) {
        if (isText(init.text)) found.push(init);
      } else if (ts.isJsxExpression(init) && init.expression) textsIn(init.expression, found);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_KEYS.has(node.name.getText(source))) textsIn(node.initializer, found);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left.getText(source) === 'document.title') textsIn(node.right, found);
    else if (ts.isCallExpression(node) && /^(window\.)?(confirm|alert|prompt)$/.test(node.expression.getText(source))) node.arguments.forEach((a) => textsIn(a, found));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

function untranslated(path: string): Finding[] {
  const source = parse(path, readFileSync(path, 'utf8'));
  return textsOf(source).map((n) => ({ file: rel(path), line: source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1, text: n.getText(source).replace(/\s+/g, ' ').trim().slice(0, 80) }));
}

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(catalog)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Plural forms differ by language (French has a "many"), so keys are compared without their plural suffix. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
/** What a text fills in or wraps: its {{variables}} and <Trans> tags (by their closing tag: "/careers/<company>" is text). */
const variables = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`))].sort();

function catalogOf(dir: string, language: string): Map<string, string> | null {
  const path = join(dir, 'locales', `${language}.json`);
  return existsSync(path) ? flatten(JSON.parse(readFileSync(path, 'utf8')) as Catalog) : null;
}

const localeDirs = walk(SRC)
  .filter((p) => /\/locales\/en\.json$/.test(p.split(sep).join('/')))
  .map((p) => dirname(dirname(p)));

describe('i18n: no visible text left untranslated (apps/web/src)', () => {
  it('sends every visible text through t(): JSX text, visible props, notifications, document.title, confirm', () => {
    const findings = sources.flatMap(untranslated);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).to.deep.equal([]);
  });

  it('finds the texts it is meant to find, and leaves code and t() alone (the check itself)', () => {
    const source = parse(
      'probe.tsx',
      `const a = <Button title="Save it" aria-label={x ? 'Open' : 'Closed'} data-testid="not-a-text">Hello {name}</Button>;
       document.title = \`\${n} · Shifts\`;
       notifications.show({ message: 'Saved' });
       if (window.confirm('Remove it?')) go();
       const b = <Text title={t('ok')}>{t('ok')} — {s === 'ACTIVE' ? t('x') : '—'} Workforce Platform</Text>;`,
    );
    expect(textsOf(source).map((n) => n.getText(source).trim())).to.deep.equal(['"Save it"', "'Open'", "'Closed'", 'Hello', '`${n} · Shifts`', "'Saved'", "'Remove it?'"]);
  });

  it('has a French catalog for every English one, with the same keys, {{variables}} and <tags>, plurals in both forms', () => {
    const problems: string[] = [];
    for (const dir of localeDirs) {
      const folder = rel(dir);
      const en = catalogOf(dir, 'en')!;
      const fr = catalogOf(dir, 'fr');
      if (!fr) {
        problems.push(`${folder}: no locales/fr.json`);
        continue;
      }
      const enBases = new Map([...en].map(([k, v]) => [base(k), v]));
      const frBases = new Map([...fr].map(([k, v]) => [base(k), v]));
      for (const [k, v] of enBases) {
        if (!frBases.has(k)) problems.push(`${folder}: "${k}" missing in French`);
        else if (variables(v).join() !== variables(frBases.get(k)!).join()) problems.push(`${folder}: "${k}" has {{${variables(v).join(', ')}}} in English, {{${variables(frBases.get(k)!).join(', ')}}} in French`);
      }
      for (const k of frBases.keys()) if (!enBases.has(k)) problems.push(`${folder}: "${k}" is in French only`);
      for (const [k, v] of fr) if (!v.trim()) problems.push(`${folder}: "${k}" is empty in French`);
      for (const catalog of [en, fr])
        for (const k of catalog.keys()) if (PLURAL.test(k) && !(catalog.has(`${base(k)}_one`) && catalog.has(`${base(k)}_other`))) problems.push(`${folder}: "${base(k)}" lacks its _one or _other form`);
      // French shares some words with English (Description, Contact, Maintenance…); a catalog copied from English shares all.
      const same = [...en].filter(([k, v]) => fr.get(k) === v && /[a-z]{4,}/i.test(v.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '')));
      if (same.length >= Math.max(5, en.size * 0.1)) problems.push(`${folder}: ${same.length} texts left in English in French (${same.map(([k]) => k).join(', ')})`);
    }
    expect(problems).to.deep.equal([]);
  });

  it('asks only for keys that exist: every t("literal"), Trans i18nKey and t(`group.${value}`) is in its namespace’s English catalog', () => {
    const catalogs = new Map(localeDirs.map((dir) => [dir.split(sep).pop()!, new Set([...catalogOf(dir, 'en')!.keys()].map(base))]));
    const missing: string[] = [];
    for (const path of sources) {
      const text = readFileSync(path, 'utf8');
      // `useTranslation('auth', { keyPrefix: 'passwordPages' })` asks for `passwordPages.<key>`.
      const namespaces = [...text.matchAll(/useTranslation\(\s*'([\w-]+)'(?:\s*,\s*\{\s*keyPrefix:\s*'([\w.-]+)'\s*\})?/g)].map((m) => ({ ns: m[1]!, prefix: m[2] ? `${m[2]}.` : '' }));
      if (/useTranslation\(\s*\)/.test(text)) namespaces.push({ ns: 'ui', prefix: '' });
      if (namespaces.length === 0) continue;
      // A key built from a value (`t(`status.${s}`)`) needs its group to exist.
      for (const m of text.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g))
        if (!namespaces.some((c) => [...(catalogs.get(c.ns) ?? [])].some((k) => k.startsWith(`${c.prefix}${m[1]}.`)))) missing.push(`${rel(path)}: ${m[1]}.* (${namespaces.map((c) => c.ns).join(', ')})`);
      for (const m of [...text.matchAll(/\bt\(\s*'([\w.:-]+)'\s*[,)]/g), ...text.matchAll(/i18nKey="([\w.:-]+)"/g)]) {
        const [ns, key] = m[1]!.includes(':') ? (m[1]!.split(':') as [string, string]) : [null, m[1]!];
        const candidates = ns ? [{ ns, prefix: '' }] : namespaces;
        if (!candidates.some((c) => catalogs.get(c.ns)?.has(c.prefix + key))) missing.push(`${rel(path)}: ${m[1]} (${[...new Set(candidates.map((c) => c.ns))].join(', ')})`);
      }
    }
    expect(missing).to.deep.equal([]);
  });
});
