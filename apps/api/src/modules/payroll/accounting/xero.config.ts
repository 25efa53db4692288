import { z } from 'zod';
import { ms } from '../../../config-fields.js';
import type { XeroSettings } from './xero.client.js';

/** The platform's Xero app: the variables, spread into the API's schema. */
export const xeroEnvFields = {
  ACCOUNTING_XERO_CLIENT_ID: z.string().min(1).optional(),
  ACCOUNTING_XERO_CLIENT_SECRET: z.string().min(1).optional(),
  ACCOUNTING_XERO_AUTHORIZE_URL: z.string().url().default('https://login.xero.com/identity/connect/authorize'),
  ACCOUNTING_XERO_TOKEN_URL: z.string().url().default('https://identity.xero.com/connect/token'),
  ACCOUNTING_XERO_API_URL: z.string().url().default('https://api.xero.com'),
  ACCOUNTING_TIMEOUT_MS: ms(100).default(15_000),
};

type XeroEnv = z.infer<z.ZodObject<typeof xeroEnvFields>>;

/** Null (unset client id) switches the accounting integration off. */
export function toXeroConfig(e: XeroEnv): XeroSettings | null {
  return e.ACCOUNTING_XERO_CLIENT_ID && e.ACCOUNTING_XERO_CLIENT_SECRET
    ? {
        clientId: e.ACCOUNTING_XERO_CLIENT_ID,
        clientSecret: e.ACCOUNTING_XERO_CLIENT_SECRET,
        authorizeUrl: e.ACCOUNTING_XERO_AUTHORIZE_URL,
        tokenUrl: e.ACCOUNTING_XERO_TOKEN_URL,
        apiUrl: e.ACCOUNTING_XERO_API_URL.replace(/\/$/, ''),
        timeoutMs: e.ACCOUNTING_TIMEOUT_MS,
      }
    : null;
}
