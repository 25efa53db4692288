import { isIP } from 'node:net';
import { z } from 'zod';
import { isSafeSingleLine, singleLine } from '@wfm/core/validation';
import { DENY_REASONS } from './decision.js';

/**
 * Spec 02's two door routes as one definition: the daemon validates with these schemas and the API
 * documents them, so the OpenAPI entry cannot drift from what a reader bridge is held to.
 */

/** The API's bound for a reader id (a zone's readerIds): any longer one could never match a zone. */
const READER_ID_MAX = 100;
/** Each field of a verify body and its longest value. */
const VERIFY_FIELDS = new Map([
  ['credentialId', 4096],
  ['readerId', READER_ID_MAX],
  ['source', 40],
]);
const verifyField = (name: string) => singleLine(VERIFY_FIELDS.get(name)!).optional();

export const VerifyBody = z
  .strictObject({
    credentialId: verifyField('credentialId').meta({ description: 'The credential JWT the phone broadcast' }),
    readerId: verifyField('readerId').meta({ description: 'The reader the phone was presented to; without it the tap is `Unknown reader`' }),
    source: verifyField('source').meta({ description: 'An audit label; `BRIDGE_HTTP` when absent' }),
  })
  .meta({ example: { credentialId: 'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl', readerId: 'front-door-1', source: 'BRIDGE_HTTP' } });

/**
 * A verify body of the usual shape, checked without the schema: an object whose own keys are all
 * verify fields, each a safe one-line string within its bound, is exactly what `VerifyBody` (and
 * the body check for unsafe text) accepts, and it is every tap's body. Null for anything else,
 * which goes through `VerifyBody` for its exact 400.
 */
export function plainVerifyBody(body: unknown): z.infer<typeof VerifyBody> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  for (const key in body) {
    const max = VERIFY_FIELDS.get(key);
    if (max === undefined || !Object.hasOwn(body, key) || !isSafeSingleLine((body as Record<string, unknown>)[key], max)) return null;
  }
  return body as z.infer<typeof VerifyBody>;
}

const Replay = z.literal(true).optional().meta({ description: 'Present, and true, only when the same credential was presented at the same reader within 2 seconds: the original decision, no second audit row' });

export const VerifyAnswer = z
  .discriminatedUnion('decision', [
    z.object({
      decision: z.literal('GRANT'),
      userId: z.uuid().optional().meta({ description: 'Omitted for a visitor pass' }),
      userName: z.string().meta({ description: "The user's name, or the visitor's for a visitor pass" }),
      zoneId: z.uuid(),
      zoneName: z.string(),
      replay: Replay,
    }),
    z.object({
      decision: z.literal('DENY'),
      reason: z.enum(DENY_REASONS.map((r) => r.reason)).meta({ description: 'Branch on `decision`, not on this wording' }),
      replay: Replay,
    }),
  ])
  .meta({
    description: 'Every decision is HTTP 200; a DENY carries only `decision` and `reason`',
    examples: [
      { decision: 'GRANT', userId: '0b6a1a84-5d33-4b8e-9d55-0d2f0f4a3c11', userName: 'Ada Lovelace', zoneId: '6f1c2a9e-7f0b-4d8e-b1a4-2e5c9d3f7a10', zoneName: 'Stockroom' },
      { decision: 'DENY', reason: 'No access to this zone' },
    ],
  });

export const HeartbeatBody = z
  .strictObject({
    readerId: singleLine(READER_ID_MAX).min(1),
    firmwareVersion: singleLine(100).min(1),
    ipAddress: singleLine(64)
      .refine((v) => isIP(v) !== 0, { message: 'must be an IPv4 or IPv6 address' })
      .meta({ description: 'An IPv4 or IPv6 address' }),
  })
  .meta({ example: { readerId: 'front-door-1', firmwareVersion: '2.4.1', ipAddress: '10.0.4.17' } });
export type HeartbeatBody = z.infer<typeof HeartbeatBody>;

export const HeartbeatAnswer = z.object({ ok: z.literal(true) }).meta({ example: { ok: true } });
