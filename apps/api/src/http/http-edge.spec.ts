import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

/*
 * Issue 29: http/ is the API's edge, not a base the rest builds on. It imports no module (what it
 * needs from one, such as turning a token into a principal, the composition root hands it through
 * an interface), and no service, repository or storage code imports it: only the files that make a
 * module's edge (its routes, and its request schemas, built with http/'s parsing helpers) and the
 * files that wire the app. The sources are read, not the build: type-only imports vanish from it.
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The files that put the app together, and so may import both sides: each domain's composer among them. */
const WIRING_FILES = new Set(['app.ts', 'composition.ts', 'main.ts', 'run-split.ts']);
const isWiring = (file: string) => WIRING_FILES.has(file) || file.startsWith('composition/') || file.endsWith('.composition.ts');
const MODULE_EDGE = /\.(routes|schemas)\.ts$/;

interface Arrow {
  from: string;
  to: string;
}

/** Paths relative to src/ with forward slashes, specs left out: a test wires whatever it tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

function arrows(): Arrow[] {
  return sources(SRC).flatMap((from) =>
    ts
      .preProcessFile(readFileSync(join(SRC, from), 'utf8'), true, true)
      .importedFiles.map((f) => f.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => ({ from, to: posix.join(posix.dirname(from), s).replace(/\.js$/, '.ts') })),
  );
}

const inHttp = (file: string) => file.startsWith('http/');
const shown = (a: Arrow) => `${a.from} -> ${a.to}`;

describe('the HTTP edge (apps/api/src/http)', () => {
  const all = arrows();

  it('reads the import arrows of the source tree', () => {
    expect(all.filter((a) => MODULE_EDGE.test(a.from) && inHttp(a.to)).length).to.be.greaterThan(50);
  });

  it('imports no module, and not the app that mounts it', () => {
    const inward = all.filter((a) => inHttp(a.from) && !inHttp(a.to) && (a.to.startsWith('modules/') || isWiring(a.to)));
    expect(inward.map(shown)).to.deep.equal([]);
  });

  it('is imported only by routes, request schemas and the wiring: never by a service, repository, policy or storage', () => {
    const outward = all.filter((a) => !inHttp(a.from) && inHttp(a.to) && !MODULE_EDGE.test(a.from) && !isWiring(a.from));
    expect(outward.map(shown)).to.deep.equal([]);
  });
});
