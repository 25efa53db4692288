import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { allOrNone, ms } from '../../../config-fields.js';
import type { VapidSettings } from './push.sender.js';

/** Web Push: the VAPID identity and the deadline of one push, spread into the API's schema. */
export const pushEnvFields = {
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address').optional(),
  PUSH_TIMEOUT_MS: ms(100).default(10_000),
};

type PushEnv = z.infer<z.ZodObject<typeof pushEnvFields>>;

export interface PushConfig {
  /** Null: push is off. */
  vapid: VapidSettings | null;
  timeoutMs: number;
}

const VAPID_REQUIRED = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** A VAPID pair that does not belong together signs tokens every push service refuses: caught at start. */
function checkVapidPair(publicKey: string, privateKey: string, ctx: z.RefinementCtx): void {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'is not a P-256 private key' });
    return;
  }
  if (!ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'))) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY' });
  }
}

export function checkPushEnv(e: PushEnv, ctx: z.RefinementCtx): void {
  if (allOrNone(e, VAPID_REQUIRED, ctx)) checkVapidPair(e.VAPID_PUBLIC_KEY!, e.VAPID_PRIVATE_KEY!, ctx);
}

export function toPushConfig(e: PushEnv): PushConfig {
  return {
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : null,
    timeoutMs: e.PUSH_TIMEOUT_MS,
  };
}
