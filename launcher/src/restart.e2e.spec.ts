import { expect } from 'chai';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning } from '@wfm/core/pid-lock';
import { createTestDatabase } from '@wfm/testing/database';
import { freePort, NO_FIXED_OPERATOR_PORTS, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { healthy, MAIN, postmastersOf, recordedPostmaster, START_MS, STOP_MS } from './test-support/launcher-process.js';

/**
 * `npm start` as an operator runs it: the compiled launcher in its own process on a temporary
 * DATA_DIR with its embedded PostgreSQL. One data directory serves every test here, because
 * initialising a cluster costs seconds; each test works whether or not it was initialised yet.
 */

function holdPort(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

describe('npm start: crash recovery and start failures', function () {
  this.timeout(4 * START_MS);
  let dataDir: string;
  let pgDir: string;
  let env: Record<string, string>;
  let base: string;
  const started: NodeProcess[] = [];

  const launch = (overrides: Record<string, string> = {}) => {
    const p = spawnNode(MAIN, { ...env, ...overrides });
    started.push(p);
    return p;
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wfm-launcher-'));
    // Started as root, PostgreSQL runs as the postgres user, which must be able to reach the directory.
    chmodSync(dataDir, 0o755);
    pgDir = join(dataDir, 'pg');
    const [port, daemonPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    env = {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ACCESS_DAEMON_HOST: '127.0.0.1',
      ACCESS_DAEMON_PORT: String(daemonPort),
      EMBEDDED_PG_PORT: String(pgPort),
      ...NO_FIXED_OPERATOR_PORTS,
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: 'test',
    };
    base = `http://127.0.0.1:${port}/api/v1`;
    // One start and a clean stop make the data directory (initdb, migrations, the demo) that every
    // test below starts on, as after a first `npm start`.
    const first = launch();
    await healthy(first, base);
    first.child.kill('SIGTERM');
    expect((await first.exit(STOP_MS)).code).to.equal(0);
  });

  after(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const pid of postmastersOf(pgDir)) process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && postmastersOf(pgDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes back after kill -9: the orphaned PostgreSQL is stopped and started again; a second start beside it refuses, naming it; SIGTERM leaves none', async () => {
    const first = launch();
    await healthy(first, base);
    const orphan = recordedPostmaster(pgDir);
    first.child.kill('SIGKILL');
    expect((await first.exit(STOP_MS)).signal).to.equal('SIGKILL');
    expect(postmastersOf(pgDir)).to.deep.equal([orphan]);

    const second = launch();
    await healthy(second, base);
    expect(isRunning(orphan)).to.equal(false);
    const postmaster = recordedPostmaster(pgDir);
    expect(postmastersOf(pgDir)).to.deep.equal([postmaster]);

    const beside = launch({ PORT: String(await freePort()) });
    expect((await beside.exit(STOP_MS)).code).to.equal(1);
    expect(beside.output()).to.contain(`another npm start (pid ${second.child.pid}) is already running on the data directory ${dataDir}`);
    expect(beside.output()).not.to.match(/^\s+at /m);
    expect(postmastersOf(pgDir)).to.deep.equal([postmaster]);
    expect((await fetch(`${base}/health`)).status).to.equal(200);

    second.child.kill('SIGTERM');
    expect(await second.exit(STOP_MS)).to.deep.equal({ code: 0, signal: null });
    expect(postmastersOf(pgDir)).to.deep.equal([]);
    expect(existsSync(join(pgDir, 'postmaster.pid'))).to.equal(false);
  });

  it('starts when postmaster.pid names a live process that is not PostgreSQL (a pid reused after a reboot), leaving that process alone', async () => {
    // PostgreSQL itself takes a pid it may not signal for a dead one, so the bystander runs as the server's user.
    const asServer = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) } : {};
    const bystander = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore', ...asServer });
    try {
      writeFileSync(join(pgDir, 'postmaster.pid'), `${bystander.pid}\n${pgDir}\n`);

      const p = launch();
      await healthy(p, base);
      expect(isRunning(bystander.pid!)).to.equal(true);
      p.child.kill('SIGTERM');
      expect((await p.exit(STOP_MS)).code).to.equal(0);
    } finally {
      bystander.kill('SIGKILL');
    }
  });

  it('a taken API port fails the start with one line naming PORT, and leaves no PostgreSQL behind', async () => {
    const holder = await holdPort(Number(env.PORT));
    try {
      const p = launch();
      expect((await p.exit(START_MS)).code).to.equal(1);
      expect(p.output()).to.contain(`npm start: cannot start: 127.0.0.1:${env.PORT} is already in use: stop the program listening there or set PORT to a free port`);
      expect(p.output()).not.to.match(/^\s+at /m);
      expect(postmastersOf(pgDir)).to.deep.equal([]);
    } finally {
      holder.close();
    }
  });

  it('a taken embedded PostgreSQL port fails the start with one line naming EMBEDDED_PG_PORT', async () => {
    const holder = await holdPort(Number(env.EMBEDDED_PG_PORT));
    try {
      const p = launch();
      expect((await p.exit(START_MS)).code).to.equal(1);
      expect(p.output()).to.match(/^npm start: cannot start: embedded PostgreSQL \(data in .*\) did not start: .*Address already in use.*; set EMBEDDED_PG_PORT to a free port$/m);
      expect(p.output()).not.to.match(/undefined|^\s+at /m);
      expect(postmastersOf(pgDir)).to.deep.equal([]);
    } finally {
      holder.close();
    }
  });

  it('an unusable DATA_DIR or an invalid setting fails at once with one line saying what to change', async () => {
    const file = join(dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const underFile = launch({ DATA_DIR: join(file, 'data') });
    expect((await underFile.exit(STOP_MS)).code).to.equal(1);
    expect(underFile.output()).to.match(/^npm start: cannot start: cannot write the data directory .*not-a-directory\/data \(ENOTDIR.*\): make it writable by this user, or set DATA_DIR\n$/);

    const badPort = launch({ PORT: 'eighty' });
    expect((await badPort.exit(STOP_MS)).code).to.equal(1);
    expect(badPort.output()).to.match(/^npm start: cannot start: Invalid configuration: PORT: .*; fix these environment variables\n$/);
  });
});

describe('npm start on DATABASE_URL', function () {
  this.timeout(2 * START_MS);

  it('SIGTERM runs the whole graceful stop and exits 0', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'wfm-launcher-'));
    const port = await freePort();
    const p = spawnNode(MAIN, {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ACCESS_DAEMON_HOST: '127.0.0.1',
      ACCESS_DAEMON_PORT: String(await freePort()),
      ...NO_FIXED_OPERATOR_PORTS,
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: 'test',
    });
    try {
      await healthy(p, `http://127.0.0.1:${port}/api/v1`);
      p.child.kill('SIGTERM');
      expect(await p.exit(STOP_MS)).to.deep.equal({ code: 0, signal: null });
      expect(p.output()).to.contain('webhook worker stopped');
    } finally {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    }
  });
});
