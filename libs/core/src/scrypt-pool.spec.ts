import { generateKeyPairSync, pbkdf2, randomBytes, scryptSync, sign, verify } from 'node:crypto';
import { expect } from 'chai';
import { ScryptPasswordHasher, scryptMaxmem, TEST_SCRYPT, type ScryptDerive, type ScryptParams } from './crypto.js';
import { PasswordHashingBusyError, ScryptWorkerPool } from './scrypt-pool.js';
import { ServiceUnavailableError } from './errors.js';

/** Slow enough (hundreds of ms) that a burst of these holds every hashing thread. */
const SLOW: ScryptParams = { N: 2 ** 16, r: 8, p: 1 };

/** Libuv's default pool size; a burst larger than this fills it when hashing runs there. */
const LIBUV_THREADS = 4;

/** Starts `count` slow derivations; `done()` says how many have finished so far. */
function burst(derive: ScryptDerive, count: number): { all: Promise<unknown>; done(): number } {
  let finished = 0;
  const jobs = Array.from({ length: count }, () => derive('a password', randomBytes(16), SLOW).then(() => finished++));
  return { all: Promise.all(jobs), done: () => finished };
}

/** Resolves, once a libuv-pool operation completes, with how many burst jobs had finished by then. */
function libuvOpFinishedAfter(op: (cb: () => void) => void, done: () => number): Promise<number> {
  return new Promise((resolve) => op(() => resolve(done())));
}

describe('ScryptWorkerPool', () => {
  const pools: ScryptWorkerPool[] = [];
  const pool = (workers: number, maxQueue: number) => {
    const p = new ScryptWorkerPool({ workers, maxQueue });
    pools.push(p);
    return p;
  };
  after(async () => Promise.all(pools.map((p) => p.close())));

  it('derives the same key as scrypt itself, and its hashes verify anywhere', async () => {
    const p = pool(2, 4);
    const salt = randomBytes(16);
    const key = await p.derive('correct horse', salt, TEST_SCRYPT);
    expect(key.equals(scryptSync('correct horse', salt, 32, { ...TEST_SCRYPT, maxmem: scryptMaxmem(TEST_SCRYPT) }))).to.equal(true);
    const pooled = new ScryptPasswordHasher(TEST_SCRYPT, p.derive);
    const onLibuv = new ScryptPasswordHasher(TEST_SCRYPT);
    const stored = await pooled.hash('correct horse');
    expect(await onLibuv.verify('correct horse', stored)).to.equal(true);
    expect(await pooled.verify('correct horse', await onLibuv.hash('correct horse'))).to.equal(true);
    expect(await pooled.verify('wrong horse', stored)).to.equal(false);
    expect(await pooled.verify('correct horse', pooled.unmatchable())).to.equal(false);
  });

  it('rejects bad parameters without losing the worker', async () => {
    const p = pool(1, 0);
    let err: unknown;
    await p.derive('x', randomBytes(16), { N: 1000, r: 8, p: 1 }).catch((e: unknown) => (err = e));
    expect(err).to.be.instanceOf(Error);
    expect((await p.derive('x', randomBytes(16), TEST_SCRYPT)).length).to.equal(32);
  });

  it('refuses work beyond its workers and queue with a 503 carrying Retry-After, and finishes what it accepted', async () => {
    const p = pool(1, 2);
    const accepted = [0, 1, 2].map(() => p.derive('pw', randomBytes(16), TEST_SCRYPT));
    let refused: unknown;
    await p.derive('pw', randomBytes(16), TEST_SCRYPT).catch((e: unknown) => (refused = e));
    expect(refused).to.be.instanceOf(PasswordHashingBusyError);
    const busy = refused as PasswordHashingBusyError;
    expect(busy.status).to.equal(503);
    expect(busy.body()).to.deep.equal({ message: 'Too many sign-in requests are being processed; retry shortly', error: 'Service Unavailable', statusCode: 503 });
    expect(Number(busy.headers()['Retry-After'])).to.be.at.least(1);
    expect((await Promise.all(accepted)).map((k) => k.length)).to.deep.equal([32, 32, 32]);
    expect((await p.derive('pw', randomBytes(16), TEST_SCRYPT)).length).to.equal(32);
  });

  it('leaves libuv\u2019s pool free: door-style crypto completes while every hashing thread is busy', async function () {
    this.timeout(60_000);
    const p = pool(2, LIBUV_THREADS * 2);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const message = Buffer.from('credential signing input');
    const signature = sign(null, message, privateKey);
    const hashing = burst(p.derive, LIBUV_THREADS + 2);
    const [afterEd25519, afterPbkdf2] = await Promise.all([
      libuvOpFinishedAfter((cb) => verify(null, message, publicKey, signature, (err, ok) => (expect(err).to.equal(null), expect(ok).to.equal(true), cb())), hashing.done),
      libuvOpFinishedAfter((cb) => pbkdf2('x', 'salt', 1, 32, 'sha256', cb), hashing.done),
    ]);
    // On libuv's pool these would have waited behind the burst: at least one derivation first.
    expect(afterEd25519).to.equal(0);
    expect(afterPbkdf2).to.equal(0);
    await hashing.all;
    expect(hashing.done()).to.equal(LIBUV_THREADS + 2);
  });

  it('keeps the event loop free while hashing', async function () {
    this.timeout(60_000);
    const p = pool(1, 4);
    const hashing = burst(p.derive, 2);
    let turns = 0;
    while (hashing.done() === 0 && turns < 1_000_000) {
      await new Promise((r) => setImmediate(r));
      turns++;
    }
    // scrypt run on this thread would have let no turn happen before the first derivation ended.
    expect(turns).to.be.greaterThan(1);
    await hashing.all;
  });

  it('close fails queued work with 503, ends the workers and refuses new work', async () => {
    const p = new ScryptWorkerPool({ workers: 1, maxQueue: 4 });
    const running = p.derive('pw', randomBytes(16), SLOW);
    const queued = p.derive('pw', randomBytes(16), SLOW);
    const outcomes = Promise.allSettled([running, queued]);
    await p.close();
    for (const o of await outcomes) {
      expect(o.status).to.equal('rejected');
      expect((o as PromiseRejectedResult).reason).to.be.instanceOf(ServiceUnavailableError);
    }
    const after = await p.derive('pw', randomBytes(16), TEST_SCRYPT).catch((e: unknown) => e);
    expect(after).to.be.instanceOf(ServiceUnavailableError);
  });
});
