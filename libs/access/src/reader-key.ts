import { hash, randomBytes } from 'node:crypto';

/**
 * Reader-bridge keys (spec 02): `mk_` + 32 base64url characters from 24 random bytes. Stored as an
 * unkeyed SHA-256: 192 random bits need no pepper, and daemons at the edge can then check keys
 * without holding any platform secret.
 */
export const READER_KEY_PREFIX = 'mk_';
const READER_KEY = /^mk_[A-Za-z0-9_-]{32}$/;

export function newReaderKey(): string {
  return `${READER_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

export function isReaderKeyFormat(value: string): boolean {
  return READER_KEY.test(value);
}

/** One-shot `hash`: a quarter of `createHash`'s cost, and the daemon hashes the key of every tap. */
export function hashReaderKey(key: string): string {
  return hash('sha256', key, 'hex');
}
