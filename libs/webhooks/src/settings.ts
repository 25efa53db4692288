import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { envBool } from '@wfm/core/config';
import { DEFAULT_RETRY_WAITS_S, MAX_ATTEMPTS } from './attempt.js';
import { parseAllowedTargets, type AllowedTargets } from './egress.js';

/**
 * Webhook timings and limits, shared by the worker and the API (test and redeliver attempt too).
 * The spec's values are the defaults; tests shrink them.
 */
export interface WebhookSettings {
  allowedTargets: AllowedTargets;
  timeoutMs: number;
  /** Waits after failed attempts 1–5, in seconds. */
  retryWaitsS: readonly number[];
  sweepIntervalMs: number;
  maxInFlight: number;
  maxInFlightPerTenant: number;
  /** PEM of a CA trusted for receivers besides the system roots (WEBHOOK_CA_FILE). */
  extraCa?: string;
  /** Send the attempt's W3C `traceparent` to receivers (WEBHOOK_SEND_TRACEPARENT); only while tracing is on. */
  sendTraceparent: boolean;
}

const positiveInt = z.coerce.number().int().positive();

export const webhookEnvSchema = z.object({
  WEBHOOK_ALLOWED_TARGETS: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowedTargets(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  WEBHOOK_TIMEOUT_MS: positiveInt.default(15_000),
  WEBHOOK_RETRY_WAITS_S: z
    .string()
    .default(DEFAULT_RETRY_WAITS_S.join(','))
    .refine(
      (v) => {
        const waits = v.split(',').map((w) => Number(w.trim()));
        return waits.length === MAX_ATTEMPTS - 1 && waits.every((w) => Number.isFinite(w) && w > 0);
      },
      { message: `must be ${MAX_ATTEMPTS - 1} comma-separated positive numbers of seconds` },
    ),
  WEBHOOK_SWEEP_INTERVAL_MS: positiveInt.default(120_000),
  WEBHOOK_MAX_IN_FLIGHT: positiveInt.default(64),
  WEBHOOK_MAX_IN_FLIGHT_PER_TENANT: positiveInt.optional(),
  WEBHOOK_CA_FILE: z
    .string()
    .optional()
    .refine((v) => v === undefined || existsSync(v), 'must name an existing PEM file'),
  WEBHOOK_SEND_TRACEPARENT: envBool.default(false),
});

export function webhookSettingsFrom(e: z.infer<typeof webhookEnvSchema>): WebhookSettings {
  return {
    allowedTargets: parseAllowedTargets(e.WEBHOOK_ALLOWED_TARGETS),
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    retryWaitsS: e.WEBHOOK_RETRY_WAITS_S.split(',').map((w) => Number(w.trim())),
    sweepIntervalMs: e.WEBHOOK_SWEEP_INTERVAL_MS,
    maxInFlight: e.WEBHOOK_MAX_IN_FLIGHT,
    // A quarter of the slots by default: a tenant whose receiver hangs can never take them all.
    maxInFlightPerTenant: Math.min(e.WEBHOOK_MAX_IN_FLIGHT_PER_TENANT ?? Math.max(1, Math.ceil(e.WEBHOOK_MAX_IN_FLIGHT / 4)), e.WEBHOOK_MAX_IN_FLIGHT),
    sendTraceparent: e.WEBHOOK_SEND_TRACEPARENT,
    ...(e.WEBHOOK_CA_FILE === undefined ? {} : { extraCa: readFileSync(e.WEBHOOK_CA_FILE, 'utf8') }),
  };
}
