import { z } from 'zod';
import { envBool } from '@wfm/core/config';
import { allOrNone, ms } from '../../../config-fields.js';
import { TWILIO_WEBHOOK_PATH, type TwilioSettings } from './twilio.client.js';

export type { TwilioSettings };

/** The platform's Twilio account for SMS: the variables, spread into the API's schema. */
export const twilioEnvFields = {
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be the account SID (AC and 32 hex digits)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'must be a number in E.164 (+447700900000) or an alphanumeric sender id of at most 11 characters')
    .optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_STATUS_CALLBACKS: envBool.default(true),
  TWILIO_TIMEOUT_MS: ms(100).default(10_000),
};

type TwilioEnv = z.infer<z.ZodObject<typeof twilioEnvFields>>;

const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

export function checkTwilioEnv(e: TwilioEnv, ctx: z.RefinementCtx): void {
  allOrNone(e, TWILIO_REQUIRED, ctx);
}

/** Null (unset) leaves text messages logged and unsent; `publicAppUrl` is where Twilio reports delivery. */
export function toTwilioConfig(e: TwilioEnv, publicAppUrl: string): TwilioSettings | null {
  return e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
    ? {
        apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        // Twilio signs each report over the exact URL it was given, so it is built once, here.
        statusCallbackUrl: e.TWILIO_STATUS_CALLBACKS ? `${publicAppUrl.replace(/\/$/, '')}/api/v1${TWILIO_WEBHOOK_PATH}` : null,
        timeoutMs: e.TWILIO_TIMEOUT_MS,
      }
    : null;
}
