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
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LEN, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * scrypt on libuv's thread pool (never blocks the event loop). The parameters are stored with
 * each hash, so raising them later still verifies older hashes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly params: ScryptParams = OWASP_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, this.params);
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, n, r, p, salt, expected] = parts as [string, string, string, string, string, string];
    const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    const want = Buffer.from(expected, 'base64url');
    return want.length === key.length && timingSafeEqual(want, key);
  }
}
