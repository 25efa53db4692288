import { isIP } from 'node:net';
import { z } from 'zod';
import { singleLine } from '@wfm/core/validation';
import { DENY_REASONS } from './decision.js';

/**
 * Spec 02's two door routes as one definition: the daemon validates with these schemas and the API
 * documents them, so the OpenAPI entry cannot drift from what a reader bridge is held to.
 */

/** The API's bound for a reader id (a zone's readerIds): any longer one could never match a zone. */
const READER_ID_MAX = 100;

export const VerifyBody = z
  .strictObject({
    credentialId: singleLine(4096).optional().meta({ description: 'The credential JWT the phone broadcast' }),
    readerId: singleLine(READER_ID_MAX).optional().meta({ description: 'The reader the phone was presented to; without it the tap is `Unknown reader`' }),
    source: singleLine(40).optional().meta({ description: 'An audit label; `BRIDGE_HTTP` when absent' }),
  })
  .meta({ example: { credentialId: 'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl', readerId: 'front-door-1', source: 'BRIDGE_HTTP' } });

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
