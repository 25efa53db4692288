import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROFILE_DIR_ENV, type FileProfile } from './file-profile.js';

/**
 * `npm run test:profile [-- mocha args]`: runs the suite as `npm test` does (or the files given) and
 * prints each file's wall time and where it went, longest first, then the run's own wall time.
 */
const dir = mkdtempSync(join(tmpdir(), 'wfm-test-profile-'));
const started = performance.now();
const mocha = spawn(process.execPath, [join('node_modules', 'mocha', 'bin', 'mocha.js'), ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, [PROFILE_DIR_ENV]: dir } });
const code = await new Promise<number>((resolve) => mocha.once('exit', (c) => resolve(c ?? 1)));
const runS = (performance.now() - started) / 1000;
const files: FileProfile[] = readdirSync(dir).flatMap((f) =>
  readFileSync(join(dir, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FileProfile),
);
rmSync(dir, { recursive: true, force: true });
files.sort((a, b) => b.wallMs - a.wallMs);
const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
console.log(`\n${'wall s'.padStart(7)} ${'start'.padStart(7)} ${'each'.padStart(7)} ${'tests'.padStart(7)} ${'stop'.padStart(7)} ${'n'.padStart(4)}  file`);
for (const f of files) console.log(`${s(f.wallMs)} ${s(f.startMs)} ${s(f.eachMs)} ${s(f.testsMs)} ${s(f.stopMs)} ${String(f.tests).padStart(4)}  ${f.file}`);
const sum = (k: keyof Omit<FileProfile, 'file'>) => files.reduce((n, f) => n + f[k], 0);
console.log(`${s(sum('wallMs'))} ${s(sum('startMs'))} ${s(sum('eachMs'))} ${s(sum('testsMs'))} ${s(sum('stopMs'))} ${String(sum('tests')).padStart(4)}  all ${files.length} files (summed over workers)`);
console.log(`the run took ${runS.toFixed(1)} s of wall time (build not included)`);
process.exitCode = code;
