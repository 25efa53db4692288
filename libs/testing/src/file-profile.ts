import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Context, Hook, Suite } from 'mocha';

/** Where `npm run test:profile` collects one line per test file; unset, the hooks below record nothing. */
export const PROFILE_DIR_ENV = 'TEST_PROFILE_DIR';

/** One test file's wall time and what it went on, as `npm run test:profile` prints it. */
export interface FileProfile {
  file: string;
  wallMs: number;
  /** `before` hooks: servers, browsers, databases started for the file. */
  startMs: number;
  /** `beforeEach`/`afterEach` hooks. */
  eachMs: number;
  /** The tests themselves, waits inside them included. */
  testsMs: number;
  /** `after` hooks: what was started being stopped. */
  stopMs: number;
  tests: number;
}

function hookTime(hooks: Hook[]): number {
  return hooks.reduce((sum, h) => sum + (h.duration ?? 0), 0);
}

function walk(suite: Suite, into: FileProfile): void {
  const s = suite as unknown as { _beforeAll: Hook[]; _afterAll: Hook[] };
  into.startMs += hookTime(s._beforeAll);
  into.stopMs += hookTime(s._afterAll);
  for (const t of suite.tests) {
    into.testsMs += t.duration ?? 0;
    if (t.state) into.tests++;
  }
  for (const child of suite.suites) walk(child, into);
}

let startedAt = 0;
let testStartedAt = 0;
/** From the root beforeEach to the root afterEach of each test: its own each-hooks and the test. */
let aroundTestsMs = 0;

/**
 * Root hooks (mocha runs them once per file in parallel mode): the file's wall time from before its
 * first hook to after its last, split by where it went.
 */
export const mochaHooks = {
  beforeAll(): void {
    startedAt = performance.now();
    aroundTestsMs = 0;
  },
  beforeEach(): void {
    testStartedAt = performance.now();
  },
  afterEach(): void {
    aroundTestsMs += performance.now() - testStartedAt;
  },
  afterAll(this: Context): void {
    const dir = process.env[PROFILE_DIR_ENV];
    const root = this.test?.parent;
    if (!dir || !root) return;
    const file = root.suites.find((s) => s.file)?.file ?? root.file ?? 'unknown';
    const profile: FileProfile = { file: file.replace(`${process.cwd()}/`, ''), wallMs: performance.now() - startedAt, startMs: 0, eachMs: 0, testsMs: 0, stopMs: 0, tests: 0 };
    for (const child of root.suites) walk(child, profile);
    profile.eachMs = Math.max(0, aroundTestsMs - profile.testsMs);
    appendFileSync(join(dir, `${process.pid}.ndjson`), `${JSON.stringify(profile)}\n`);
  },
};
