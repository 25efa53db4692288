import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquirePidLock, isRunning, LockHeldError } from './pid-lock.js';

describe('acquirePidLock', () => {
  let dir: string;
  let lockPath: string;
  let other: ChildProcess;

  before(async () => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
  });
  after(() => other.kill('SIGKILL'));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pid-lock-'));
    lockPath = join(dir, 'x.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records this process and removes the file on release', () => {
    const lock = acquirePidLock(lockPath);
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).to.equal(process.pid);
    lock.release();
    expect(existsSync(lockPath)).to.equal(false);
  });

  it('refuses while another live process holds it', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: other.pid }));
    expect(() => acquirePidLock(lockPath)).to.throw(LockHeldError).with.property('pid', other.pid);
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).to.equal(other.pid);
  });

  it('takes over a lock whose holder died, or whose pid now belongs to another process', async () => {
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    for (const stale of [{ pid: dead.pid }, { pid: other.pid, started: 'an earlier process with this pid' }, 'not json']) {
      writeFileSync(lockPath, typeof stale === 'string' ? stale : JSON.stringify(stale));
      const lock = acquirePidLock(lockPath);
      expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).to.equal(process.pid);
      lock.release();
    }
  });

  it('release leaves alone a lock that is no longer its own', () => {
    const lock = acquirePidLock(lockPath);
    writeFileSync(lockPath, JSON.stringify({ pid: other.pid }));
    lock.release();
    expect(existsSync(lockPath)).to.equal(true);
  });
});

describe('isRunning', () => {
  it('is true for a live process and false once it has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    expect(isRunning(child.pid!)).to.equal(true);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isRunning(child.pid!)).to.equal(false);
  });
});
