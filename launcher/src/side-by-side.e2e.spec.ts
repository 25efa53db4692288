import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { PORT_OFFSETS } from './config.js';
import { freeBase, healthy, MAIN, postmastersOf, START_MS, STOP_MS } from './test-support/launcher-process.js';

const CLI = fileURLToPath(new URL('../../apps/api/dist/cli.js', import.meta.url));

describe('npm start twice on one machine, given only another PORT and DATA_DIR', function () {
  this.timeout(2 * START_MS);
  const runs: Array<{ dir: string; port: number; p: NodeProcess }> = [];

  before(async () => {
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'wfm-side-'));
      // Started as root, PostgreSQL runs as the postgres user, which must be able to reach the directory.
      chmodSync(dir, 0o755);
      const port = await freeBase();
      const p = spawnNode(MAIN, { DATA_DIR: dir, HOST: '127.0.0.1', PORT: String(port), ACCESS_DAEMON_HOST: '127.0.0.1', LOG_LEVEL: 'error', PASSWORD_HASH_COST: 'test' });
      runs.push({ dir, port, p });
      await healthy(p, `http://127.0.0.1:${port}/api/v1`);
    }
  });

  after(async () => {
    for (const { dir, p } of runs) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      for (const pid of postmastersOf(join(dir, 'pg'))) process.kill(pid, 'SIGQUIT');
    }
    for (const { dir } of runs) {
      for (let i = 0; i < 100 && postmastersOf(join(dir, 'pg')).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('both run, each on ports derived from its PORT, and each records them in its data directory', async () => {
    for (const { dir, port, p } of runs) {
      const record = JSON.parse(readFileSync(join(dir, 'instance.json'), 'utf8')) as { pid: number; port: number; embeddedPgPort: number };
      expect(record).to.include({ pid: p.child.pid, port, embeddedPgPort: port + PORT_OFFSETS.EMBEDDED_PG_PORT });
      for (const offset of [PORT_OFFSETS.API_METRICS_PORT, PORT_OFFSETS.WEBHOOK_METRICS_PORT, PORT_OFFSETS.ACCESS_METRICS_PORT]) {
        expect((await fetch(`http://127.0.0.1:${port + offset}/metrics`)).status, `metrics on PORT+${offset}`).to.equal(200);
      }
      expect((await fetch(`http://127.0.0.1:${port + PORT_OFFSETS.ACCESS_DAEMON_PORT}/api/v1/health`)).status).to.equal(200);
    }
  });

  it('the CLI finds the running start of its DATA_DIR, whatever its PORT', async () => {
    const [, second] = runs;
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'tenant:list'], { env: { PATH: process.env.PATH, DATA_DIR: second!.dir, PASSWORD_HASH_COST: 'test' } });
    const tenants = JSON.parse(stdout) as Array<{ slug: string }>;
    expect(tenants.map((t) => t.slug)).to.include('demo');
  });

  it('a stop removes its record', async () => {
    for (const { dir, p } of runs) {
      p.child.kill('SIGTERM');
      expect((await p.exit(STOP_MS)).code).to.equal(0);
      expect(existsSync(join(dir, 'instance.json'))).to.equal(false);
    }
  });
});
