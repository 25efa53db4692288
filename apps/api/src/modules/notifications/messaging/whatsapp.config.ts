import { z } from 'zod';
import { allOrNone, ms } from '../../../config-fields.js';
import type { WhatsAppSettings } from './whatsapp.client.js';

export type { WhatsAppSettings };

/** The platform's WhatsApp Cloud API number: the variables, spread into the API's schema. */
export const whatsAppEnvFields = {
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{1,32}$/, 'must be the numeric id of the phone number in WhatsApp Manager').optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  WHATSAPP_TEMPLATE_NAME: z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (lower-case letters, digits, underscores)').optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, 'must be a template language code such as en or en_US').default('en'),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v24.0'),
  WHATSAPP_TIMEOUT_MS: ms(100).default(10_000),
};

type WhatsAppEnv = z.infer<z.ZodObject<typeof whatsAppEnvFields>>;

const WHATSAPP_REQUIRED = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_TEMPLATE_NAME'] as const;

/** Half a WhatsApp set-up would send messages whose statuses never arrive, or the reverse: all or none. */
export function checkWhatsAppEnv(e: WhatsAppEnv, ctx: z.RefinementCtx): void {
  allOrNone(e, WHATSAPP_REQUIRED, ctx);
}

/** Null (unset) leaves messages to phones logged and unsent. */
export function toWhatsAppConfig(e: WhatsAppEnv): WhatsAppSettings | null {
  return e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN && e.WHATSAPP_TEMPLATE_NAME
    ? {
        apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
        accessToken: e.WHATSAPP_ACCESS_TOKEN,
        appSecret: e.WHATSAPP_APP_SECRET,
        verifyToken: e.WHATSAPP_VERIFY_TOKEN,
        templateName: e.WHATSAPP_TEMPLATE_NAME,
        templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
        timeoutMs: e.WHATSAPP_TIMEOUT_MS,
      }
    : null;
}
