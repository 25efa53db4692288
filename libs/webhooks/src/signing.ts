import { createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualStr } from '@wfm/core/crypto';

/**
 * Two signatures on every delivery, so receivers can verify either way:
 *
 * 1. Spec 03's `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the raw body, keyed by the
 *    whole secret string as UTF-8 (`whsec_` included), exactly as the spec's receiver rules say.
 * 2. Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix seconds of
 *    this attempt) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed
 *    by the base64-decoded part after `whsec_` — the convention of the Standard Webhooks libraries,
 *    which take the `whsec_` string as is. The timestamp lets receivers refuse replays; the id is the
 *    delivery id, identical across attempts, for de-duplication.
 */

export const SECRET_PREFIX = 'whsec_';
export const USER_AGENT = 'Service-Webhook/1.0';

/** `whsec_` + standard base64 of 32 random bytes: what both signature schemes expect. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function bodySignature(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex');
}

function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function standardSignature(secret: string, id: string, timestampS: number, body: string): string {
  return 'v1,' + createHmac('sha256', standardKey(secret)).update(`${id}.${timestampS}.${body}`, 'utf8').digest('base64');
}

export interface SignInput {
  secret: string;
  body: string;
  event: string;
  /** The delivery id; null for the test route, which sends no X-Service-Delivery (spec 03). */
  deliveryId: string | null;
  /** `webhook-id` when there is no delivery id. */
  messageId: string;
  at: Date;
}

export function signedHeaders(input: SignInput): Record<string, string> {
  const id = input.deliveryId ?? input.messageId;
  const timestamp = Math.floor(input.at.getTime() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Event': input.event,
    'X-Service-Signature': bodySignature(input.secret, input.body),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(input.secret, id, timestamp, input.body),
  };
  if (input.deliveryId) headers['X-Service-Delivery'] = input.deliveryId;
  return headers;
}

/** Receiver side of spec 03's rules 2–3: constant-time comparison of the hex signature. */
export function verifyBodySignature(secret: string, rawBody: string, header: string | undefined): boolean {
  return typeof header === 'string' && timingSafeEqualStr(bodySignature(secret, rawBody), header);
}

/**
 * Receiver side of Standard Webhooks: the timestamp must be within `toleranceS` of `now`, and one
 * of the space-separated `v1,` signatures must match.
 */
export function verifyStandardSignature(
  secret: string,
  rawBody: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  now: Date,
  toleranceS = 300,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - ts) > toleranceS) return false;
  const expected = standardSignature(secret, id, ts, rawBody);
  return signature.split(' ').some((candidate) => timingSafeEqualStr(candidate, expected));
}
