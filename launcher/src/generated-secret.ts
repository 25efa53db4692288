import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomToken } from '@wfm/core/crypto';

/**
 * A secret the all-in-one start generates once and keeps under .data/ (owner-only), so tokens
 * stay valid across restarts without an operator having to invent one.
 */
export function fileBackedSecret(path: string, bytes = 48): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  // The directory stays traversable: as root, embedded PostgreSQL runs as the postgres user below it.
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomToken(bytes);
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
