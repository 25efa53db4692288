import { z } from 'zod';
import { ms } from '../../../config-fields.js';

/** Single sign-on: the platform's "Sign in with Google" app, SAML clock tolerance, provider timeout. */
export const ssoEnvFields = {
  GOOGLE_SIGN_IN_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_SIGN_IN_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_SIGN_IN_ISSUER: z.string().url().default('https://accounts.google.com'),
  SSO_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  SSO_TIMEOUT_MS: ms(100).default(10_000),
};

type SsoEnv = z.infer<z.ZodObject<typeof ssoEnvFields>>;

export interface SsoConfig {
  /** Null: "Sign in with Google" is not offered. */
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  clockSkewMs: number;
  timeoutMs: number;
}

export function toSsoConfig(e: SsoEnv): SsoConfig {
  return {
    google: e.GOOGLE_SIGN_IN_CLIENT_ID && e.GOOGLE_SIGN_IN_CLIENT_SECRET ? { issuer: e.GOOGLE_SIGN_IN_ISSUER, clientId: e.GOOGLE_SIGN_IN_CLIENT_ID, clientSecret: e.GOOGLE_SIGN_IN_CLIENT_SECRET } : null,
    clockSkewMs: e.SSO_CLOCK_SKEW_SECONDS * 1000,
    timeoutMs: e.SSO_TIMEOUT_MS,
  };
}
