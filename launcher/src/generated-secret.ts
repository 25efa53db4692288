import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * A VAPID key pair for Web Push, generated once (P-256, base64url as push services expect) and kept
 * owner-only beside the other secrets: a new pair would silently void every browser's subscription.
 */
export function fileBackedVapidKeys(path: string): { publicKey: string; privateKey: string } {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dirname(path), { recursive: true });
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys().toString('base64url');
  const secret = ecdh.getPrivateKey();
  const keys = { publicKey, privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url') };
  writeFileSync(path, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * Web Push for `npm start`: the operator's VAPID_* when set, else the kept pair, with the mail
 * sender's address as the contact push services may write to.
 */
export function vapidEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) return {};
  const keys = fileBackedVapidKeys(join(dataDir, 'vapid-keys.json'));
  const from = env.MAIL_FROM ?? 'no-reply@localhost';
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: env.VAPID_SUBJECT || `mailto:${address.trim()}` };
}
