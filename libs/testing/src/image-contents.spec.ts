import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the image runs (the compose file's and the Dockerfile's commands) and the npm scripts that start the platform. */
const ENTRY_POINTS = [
  'apps/api/dist/main.js',
  'apps/api/dist/cli.js',
  'apps/access-daemon/dist/main.js',
  'apps/webhook-worker/dist/main.js',
  'launcher/dist/main.js',
  'launcher/dist/api.js',
];

/** What the Dockerfile removes after the build. */
function removedFromImage(file: string): boolean {
  const parts = relative(ROOT, file).split(sep);
  return (
    (parts[0] === 'libs' && (parts[1] === 'testing' || parts[1] === 'api-client')) ||
    parts[0] === 'examples' ||
    parts.includes('test-support') ||
    parts.includes('bench') ||
    parts[parts.length - 1]!.includes('.spec.')
  );
}

interface Walk {
  files: Set<string>;
  /** Bare imports that the importing package does not list in `dependencies` (`npm prune --omit=dev` may drop them). */
  undeclared: string[];
}

function packageOf(file: string): { dir: string; dependencies: Record<string, string> } {
  let dir = dirname(file);
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      return { dir, dependencies: json.dependencies ?? {} };
    } catch {
      dir = dirname(dir);
    }
  }
}

/** Every file reached from the entry points through static imports, literal dynamic imports and `new URL('./x.js', import.meta.url)` (assets included, not followed). */
function walk(entries: string[]): Walk {
  const files = new Set<string>();
  const undeclared: string[] = [];
  const queue = entries.map((e) => join(ROOT, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    // A file tsc did not emit (no declaration beside it) is an asset read at run time, e.g. the docs
    // page's Redoc bundle or the web console's built directory: it must ship, but it is not our code to follow.
    if (!file.endsWith('.js') || !existsSync(file.replace(/\.js$/, '.d.ts'))) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
    for (const m of source.matchAll(/new URL\(\s*'(\.[^']+)',\s*import\.meta\.url\s*\)/g)) specifiers.push(m[1]!);
    const pkg = packageOf(file);
    for (const s of specifiers) {
      if (s.startsWith('.')) {
        queue.push(resolve(dirname(file), s));
        continue;
      }
      if (s.startsWith('node:')) continue;
      const name = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
      if (!(name in pkg.dependencies)) undeclared.push(`${relative(ROOT, file)}: ${s}`);
      if (name.startsWith('@wfm/')) queue.push(realpathSync(createRequire(file).resolve(s)));
    }
  }
  return { files, undeclared };
}

describe('the image (Dockerfile)', () => {
  const reached = walk(ENTRY_POINTS);

  it('follows the imports of every entry point', () => {
    for (const entry of ENTRY_POINTS) expect(reached.files).to.include(join(ROOT, entry));
    expect(reached.files.size).to.be.greaterThan(100);
  });

  it('runs nothing it does not ship: no spec, test support or bench is imported by an entry point', () => {
    expect([...reached.files].filter(removedFromImage).map((f) => relative(ROOT, f))).to.deep.equal([]);
  });

  it('ships the web console the API serves: its built directory, not its sources', () => {
    const served = join(ROOT, 'apps/web/dist/public');
    expect(reached.files).to.include(served);
    expect(removedFromImage(served)).to.equal(false);
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.contain('apps/web/src apps/web/test apps/web/dist/test');
  });

  it('keeps what runs after `npm prune --omit=dev`: every package imported at run time is a dependency of its importer', () => {
    expect(reached.undeclared).to.deep.equal([]);
  });
});
