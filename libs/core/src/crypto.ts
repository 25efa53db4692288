import { createHmac, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, type KeyObject, createSecretKey } from 'node:crypto';

export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function uuid(): string {
  return randomUUID();
}

export function timingSafeEqualStr(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  // Compare against itself when lengths differ so the time taken does not reveal the length.
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/**
 * Keyed hash for high-entropy secrets (API keys, tokens, invite codes). A slow KDF buys nothing
 * for 256-bit random values; the pepper keeps a stolen table useless without the server key.
 */
export class SecretHasher {
  private readonly key: KeyObject;
  constructor(pepper: string | Buffer) {
    this.key = createSecretKey(Buffer.from(pepper));
  }
  hash(secret: string): string {
    return createHmac('sha256', this.key).update(secret).digest('hex');
  }
  matches(secret: string, storedHash: string): boolean {
    return timingSafeEqualStr(this.hash(secret), storedHash);
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A stored-hash string with the current parameters that no password matches: verifying against
   * it costs what a real verification costs, so an unknown account answers in the same time.
   */
  unmatchable(): string;
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** PASSWORD_HASH_COST=test: cheap parameters for test runs only, where thousands of users are created. */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

/** The parameters PASSWORD_HASH_COST names. */
export const scryptParamsFor = (cost: 'owasp' | 'test'): ScryptParams => (cost === 'test' ? TEST_SCRYPT : OWASP_SCRYPT);

export const SCRYPT_KEY_LEN = 32;

/** Node refuses scrypt above `maxmem`; 128·N·r bytes are needed, so twice that plus slack. */
export function scryptMaxmem(params: ScryptParams): number {
  return 256 * params.N * params.r + 1024 * 1024;
}

/** Derives a scrypt key; where the work runs (libuv's pool, a worker thread) is the implementation's business. */
export type ScryptDerive = (password: string, salt: Buffer, params: ScryptParams) => Promise<Buffer>;

/** scrypt on libuv's thread pool: never blocks the event loop, but shares that small pool with every other async crypto and fs call. */
export const scryptOnLibuv: ScryptDerive = (password, salt, params) =>
  new Promise((resolve, reject) =>
    scryptCb(password, salt, SCRYPT_KEY_LEN, { ...params, maxmem: scryptMaxmem(params) }, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * scrypt password hashes. The parameters are stored with each hash, so raising them later still
 * verifies older hashes. `derive` decides where the work runs: the API passes its own worker pool
 * (scrypt-pool.ts) so that sign-in floods cannot occupy libuv's pool, which the door path needs;
 * the default (libuv's pool) serves one-off callers such as the CLI, the demo seed and tests.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(
    private readonly params: ScryptParams = OWASP_SCRYPT,
    private readonly derive: ScryptDerive = scryptOnLibuv,
  ) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    return this.format(salt, await this.derive(password, salt, this.params));
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, n, r, p, salt, expected] = parts as [string, string, string, string, string, string];
    const key = await this.derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    const want = Buffer.from(expected, 'base64url');
    return want.length === key.length && timingSafeEqual(want, key);
  }

  /** Random salt and random "key": well formed, so verifying runs one full scrypt, and matching it is as likely as guessing a 256-bit key. */
  unmatchable(): string {
    return this.format(randomBytes(16), randomBytes(SCRYPT_KEY_LEN));
  }

  private format(salt: Buffer, key: Buffer): string {
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }
}
