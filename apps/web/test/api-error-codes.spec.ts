import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Every code the API can answer in spec 01's error body has an English and a French text in the
 * console's `api` catalog (apps/web/src/api/locales), and the catalog has no code the API dropped.
 * The codes are read from the API's sources (apps/api/src, libs), so a new code fails this test
 * until it is translated.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CATALOG = join(ROOT, 'apps/web/src/api/locales');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-support' || name === 'node_modules' ? [] : walk(path);
    return /\.ts$/.test(name) && !/\.(spec|d)\.ts$/.test(name) ? [path] : [];
  });
}

const apiSources = () => [
  ...walk(join(ROOT, 'apps/api/src')),
  ...readdirSync(join(ROOT, 'libs'))
    .filter((lib) => lib !== 'testing' && lib !== 'api-client' && existsSync(join(ROOT, 'libs', lib, 'src')))
    .flatMap((lib) => walk(join(ROOT, 'libs', lib, 'src'))),
];

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);

interface Extracted {
  codes: Map<string, string[]>;
  unreadable: string[];
}

/**
 * The codes in `sources`, found the three ways the API gives one:
 * - the second argument of `new X(message, 'CODE')` or `super(message, 'CODE')`, X a class under
 *   StandardHttpError (libs/core/src/errors.ts); spread from a table (`...REFUSED[reason]`), the
 *   second string of each [message, code] pair in it;
 * - in a class whose body() answers spec 01's shape (it has `statusCode`): a `code: 'X'` it adds,
 *   or the string literals a constructor parameter named `code` may take (PortalLinkError).
 * A code argument that is none of these (a variable) cannot be checked, so it is reported.
 */
function extract(sources: Array<{ name: string; text: string }>): Extracted {
  const files = sources.map((s) => parse(s.name, s.text));
  const parents = new Map<string, string>();
  for (const f of files)
    f.forEachChild(function visit(n): void {
      if (ts.isClassDeclaration(n) && n.name) {
        const base = n.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        if (base) parents.set(n.name.text, base.expression.getText(f));
      }
      n.forEachChild(visit);
    });
  const standard = (name: string): boolean => {
    for (let c: string | undefined = name, hops = 0; c && hops < 20; c = parents.get(c), hops++) if (c === 'StandardHttpError') return true;
    return false;
  };

  const codes = new Map<string, string[]>();
  const unreadable: string[] = [];
  for (const f of files) {
    const where = (n: ts.Node) => `${f.fileName}:${f.getLineAndCharacterOfPosition(n.getStart(f)).line + 1}`;
    const add = (code: string, n: ts.Node) => codes.set(code, [...(codes.get(code) ?? []), where(n)]);
    /** The [message, code] pairs of the table a spread names, declared in the same file. */
    const fromTable = (spread: ts.SpreadElement): boolean => {
      let e: ts.Expression = spread.expression;
      while (ts.isElementAccessExpression(e) || ts.isPropertyAccessExpression(e)) e = e.expression;
      if (!ts.isIdentifier(e)) return false;
      let found = false;
      f.forEachChild(function visit(n): void {
        if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === (e as ts.Identifier).text && n.initializer)
          n.initializer.forEachChild(function pair(m): void {
            if (ts.isArrayLiteralExpression(m) && m.elements.length === 2 && ts.isStringLiteralLike(m.elements[1]!)) {
              add(m.elements[1].text, m.elements[1]);
              found = true;
            }
            m.forEachChild(pair);
          });
        n.forEachChild(visit);
      });
      return found;
    };
    const isParameter = (id: ts.Identifier): boolean => {
      for (let p: ts.Node | undefined = id.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p.parameters.some((q) => ts.isIdentifier(q.name) && q.name.text === id.text);
      return false;
    };
    const readArgs = (args: readonly ts.Expression[], at: ts.Node) => {
      const spread = args.find(ts.isSpreadElement);
      if (spread) {
        if (!fromTable(spread)) unreadable.push(`${where(at)} ${at.getText(f).slice(0, 100)}`);
        return;
      }
      const code = args[1];
      if (!code) return;
      if (ts.isStringLiteralLike(code)) add(code.text, code);
      else if (!(ts.isIdentifier(code) && isParameter(code))) unreadable.push(`${where(at)} ${at.getText(f).slice(0, 100)}`);
    };
    const enclosingClass = (n: ts.Node) => {
      for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
      return undefined;
    };
    f.forEachChild(function visit(n): void {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && standard(n.expression.text)) readArgs(n.arguments ?? [], n);
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword) {
        const cls = enclosingClass(n);
        const base = cls?.name ? parents.get(cls.name.text) : undefined;
        if (base && standard(base)) readArgs(n.arguments, n);
      }
      if (ts.isClassDeclaration(n)) {
        const body = n.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText(f) === 'body');
        const shapes: ts.ObjectLiteralExpression[] = [];
        body?.forEachChild(function objects(m): void {
          if (ts.isObjectLiteralExpression(m) && m.properties.some((p) => p.name?.getText(f) === 'statusCode' || ts.isSpreadAssignment(p))) shapes.push(m);
          m.forEachChild(objects);
        });
        if (shapes.length > 0) {
          for (const o of shapes) for (const p of o.properties) if (ts.isPropertyAssignment(p) && p.name.getText(f) === 'code' && ts.isStringLiteralLike(p.initializer)) add(p.initializer.text, p.initializer);
          const ctor = n.members.find(ts.isConstructorDeclaration);
          const param = ctor?.parameters.find((p) => p.name.getText(f) === 'code');
          if (param?.type && ts.isUnionTypeNode(param.type))
            for (const t of param.type.types) if (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)) add(t.literal.text, t.literal);
        }
      }
      n.forEachChild(visit);
    });
  }
  return { codes, unreadable };
}

const catalog = (language: string) => (JSON.parse(readFileSync(join(CATALOG, `${language}.json`), 'utf8')) as { code?: Record<string, string> }).code ?? {};

describe('API error codes: each has an English and a French text in the console (apps/web/src/api/locales)', () => {
  const api = extract(apiSources().map((path) => ({ name: relative(ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') })));

  it('reads every code the API can answer, from the way each is given (the check itself)', () => {
    const probe = extract([
      { name: 'errors.ts', text: 'abstract class StandardHttpError extends HttpError {}\nexport class ConflictError extends StandardHttpError {}\nexport class UnprocessableEntityError extends StandardHttpError {}' },
      {
        name: 'probe.ts',
        text: `class Busy extends ConflictError { constructor() { super('busy', 'BUSY_CODE'); } }
          class Portal extends HttpError { constructor(readonly code: 'LinkGone' | 'LinkBad') { super(code); } body() { return { message: 'x', error: this.code, statusCode: 401 }; } }
          class Ack extends ConflictError { override body() { return { ...super.body(), code: 'ACK_CODE' }; } }
          class OAuth extends HttpError { constructor(readonly code: 'invalid_request') { super(code); } body() { return { error: this.code }; } }
          const TABLE = { a: ['message', 'TABLE_CODE'] };
          throw new ConflictError('x', 'PLAIN_CODE');
          throw new UnprocessableEntityError(...TABLE[reason]);
          throw new Error('not an HTTP error', 'NOT_A_CODE');
          throw new ConflictError('x', someVariable);`,
      },
    ]);
    expect([...probe.codes.keys()].sort()).to.deep.equal(['ACK_CODE', 'BUSY_CODE', 'LinkBad', 'LinkGone', 'PLAIN_CODE', 'TABLE_CODE']);
    expect(probe.unreadable).to.have.length(1);
    // The real sources: one code of each way, so a change in how the API gives codes is noticed here.
    expect([...api.codes.keys()]).to.include.members(['SHIFT_OVERLAP', 'AVAILABILITY_CONFLICT', 'MIXED_TIMEZONES', 'PDF_ENCRYPTED', 'PortalLinkRevoked', 'POLICY_ACK_REQUIRED', 'ModuleNotEntitled']);
  });

  it('finds no code it cannot read (a code passed in a variable)', () => {
    expect(api.unreadable).to.deep.equal([]);
  });

  for (const language of ['en', 'fr']) {
    it(`has a ${language} text for every code, and none for a code the API no longer answers`, () => {
      const texts = catalog(language);
      const missing = [...api.codes].filter(([code]) => !texts[code]?.trim()).map(([code, at]) => `${code} (${at[0]})`);
      const stale = Object.keys(texts).filter((code) => !api.codes.has(code));
      expect({ missing, stale }).to.deep.equal({ missing: [], stale: [] });
    });
  }
});
