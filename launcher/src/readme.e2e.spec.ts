import { expect } from 'chai';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { freeBase, healthy, MAIN, postmastersOf, START_MS } from './test-support/launcher-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RECEIVER = fileURLToPath(new URL('./test-support/webhook-receiver.js', import.meta.url));
const WALKTHROUGH_MS = 120_000;

interface Block {
  section: string;
  line: number;
  code: string;
  setup: boolean;
  expect: string[];
}

/**
 * The README's `sh` blocks, each with the `## ` section it is in and what the HTML comment just
 * above it says: `<!-- readme-test: skip (why) -->` leaves it out, `<!-- readme-test: setup -->`
 * is pasted before every walkthrough, `<!-- readme-test: expect "a" 'b' -->` names text its output
 * shows, in that order.
 */
function readmeBlocks(): Block[] {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const blocks: Block[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## ')) section = line.slice(3);
    if (line !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    const marker = /^<!-- readme-test: (skip|setup|expect)(.*)-->$/.exec(lines[i - 1] ?? '');
    if (marker?.[1] !== 'skip') {
      blocks.push({
        section,
        line: i + 1,
        code: lines.slice(i + 1, end).join('\n'),
        setup: marker?.[1] === 'setup',
        expect: marker?.[1] === 'expect' ? [...marker[2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!) : [],
      });
    }
    i = end;
  }
  return blocks;
}

/** One walkthrough: a section's blocks, in their order, as a newcomer pastes them into one shell. */
interface Walkthrough {
  section: string;
  blocks: Block[];
}

function walkthroughs(blocks: Block[]): Walkthrough[] {
  const bySection = new Map<string, Block[]>();
  for (const b of blocks.filter((x) => !x.setup)) bySection.set(b.section, [...(bySection.get(b.section) ?? []), b]);
  return [...bySection].map(([section, bs]) => ({ section, blocks: bs }));
}

/** Wallet passes are off without a pass type certificate: throw-away ones, as the README makes them. */
function walletSettings(dir: string): Record<string, string> {
  const cert = (name: string, cn: string) =>
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${cn}`, '-keyout', join(dir, `${name}.key`), '-out', join(dir, `${name}.pem`)], { stdio: 'ignore' });
  cert('signer', 'Pass Type ID: pass.com.example.door-access');
  cert('wwdr', 'Stand-in WWDR');
  return {
    WALLET_PASS_TYPE_IDENTIFIER: 'pass.com.example.door-access',
    WALLET_TEAM_IDENTIFIER: 'ABCDE12345',
    WALLET_SIGNER_CERT_FILE: join(dir, 'signer.pem'),
    WALLET_SIGNER_KEY_FILE: join(dir, 'signer.key'),
    WALLET_WWDR_CERT_FILE: join(dir, 'wwdr.pem'),
  };
}

/**
 * Spec 01 limits sign-in and the public routes per source address: each walkthrough comes from an
 * address of its own on the loopback network, as each newcomer's machine would.
 */
function curlFrom(home: string, address: string): void {
  writeFileSync(join(home, '.curlrc'), `ipv4\ninterface = ${address}\n`);
}

/**
 * `npm run webhook:receiver`, as the Webhooks section starts it in its first terminal; resolves
 * once it listens, its certificate written under `dataDir`.
 */
async function webhookReceiver(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [RECEIVER, '--port', String(port)], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`webhook receiver exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('Webhook receiver on')) resolve();
    });
  });
  return child;
}

/** The files git does not know of, ignored ones aside: what a walkthrough writing into the clone would add. */
const untracked = () => execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });

describe('README: every walkthrough runs as written, in any order, on any port', function () {
  this.timeout(START_MS + 4 * WALKTHROUGH_MS);
  const blocks = readmeBlocks();
  const setup = blocks.filter((b) => b.setup);
  const all = walkthroughs(blocks);
  let dir: string;
  let scratch: string;
  let port: number;
  let receiverPort: number;
  let receiver: ChildProcess | undefined;
  let p: NodeProcess;
  let untrackedBefore: string;

  before(async () => {
    untrackedBefore = untracked();
    dir = mkdtempSync(join(tmpdir(), 'wfm-readme-'));
    // Started as root, PostgreSQL runs as the postgres user, which must be able to reach the directory.
    chmodSync(dir, 0o755);
    scratch = join(dir, 'tmp');
    mkdirSync(scratch);
    port = await freeBase();
    receiverPort = await freePort();
    receiver = await webhookReceiver(dir, receiverPort);
    p = spawnNode(MAIN, {
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ACCESS_DAEMON_HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: 'test',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: join(dir, 'webhook-receiver', 'cert.pem'),
      ...walletSettings(dir),
    });
    await healthy(p, `http://127.0.0.1:${port}/api/v1`);
  });

  after(async () => {
    receiver?.kill();
    if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const pid of postmastersOf(join(dir, 'pg'))) process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && postmastersOf(join(dir, 'pg')).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    rmSync(dir, { recursive: true, force: true });
  });

  let walkthroughsRun = 0;
  function run(w: Walkthrough): void {
    walkthroughsRun += 1;
    curlFrom(scratch, `127.0.0.${10 + walkthroughsRun}`);
    const script = ['set -euo pipefail', ...setup.map((b) => b.code), ...w.blocks.map((b) => `echo "@@block ${b.line}"\n${b.code}`)].join('\n');
    // Only what a newcomer's shell would have: the instance's PORT and DATA_DIR, a temporary folder.
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: scratch, PORT: String(port), DATA_DIR: dir, RECEIVER_PORT: String(receiverPort), TMPDIR: scratch, PASSWORD_HASH_COST: 'test' };
    const r = spawnSync('bash', ['-c', script], { cwd: ROOT, env, encoding: 'utf8', timeout: WALKTHROUGH_MS, maxBuffer: 64 * 1024 * 1024 });
    const out = r.stdout ?? '';
    const where = `walkthrough "${w.section}" (README line ${w.blocks[0]!.line}) exited ${r.status}${r.signal ? ` (${r.signal})` : ''}:\n${out.slice(-4000)}\n${(r.stderr ?? '').slice(-4000)}`;
    expect(r.status, where).to.equal(0);
    for (const b of w.blocks) {
      const own = out.split(`@@block ${b.line}\n`)[1]?.split('@@block ')[0] ?? '';
      let from = 0;
      for (const text of b.expect) {
        const at = own.indexOf(text, from);
        expect(at, `README line ${b.line}: "${text}" in its output:\n${own.slice(-3000)}`).to.be.greaterThan(-1);
        from = at + text.length;
      }
    }
    expect(p.output(), `the server after "${w.section}"`).not.to.include('unhandled error');
  }

  it('has exactly one setup block and walkthroughs to run', () => {
    expect(setup).to.have.length(1);
    expect(all.length).to.be.greaterThan(10);
  });

  /** Every walkthrough of `order`, so that one run names each that fails. */
  function runAll(order: Walkthrough[]): void {
    const failures: string[] = [];
    for (const w of order) {
      try {
        run(w);
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures, failures.join('\n\n')).to.deep.equal([]);
  }

  it('runs each walkthrough in README order', () => runAll(all));

  it('runs them again, in reverse, on the same instance', () => runAll([...all].reverse()));

  it('leaves no file behind in the repository', () => {
    expect(untracked()).to.equal(untrackedBefore);
  });
});
