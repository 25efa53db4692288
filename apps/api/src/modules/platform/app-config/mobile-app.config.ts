import { z } from 'zod';

const appVersion = z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'must be a version such as 2.4.0');
const httpsOrHttpUrl = z.url({ protocol: /^https?$/ });

/** Feature flags the API itself decides; the operator's flags may not shadow them. */
export const DERIVED_APP_FLAGS = ['googleSignIn'] as const;
const FLAG = /^([a-z][a-zA-Z0-9]{0,39})(?:=(true|false))?$/;

/** APP_FEATURE_FLAGS: `name` or `name=true|false`, comma-separated (a bare name is on). */
const appFeatureFlags = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const flags: Record<string, boolean> = {};
    for (const entry of v.split(',').map((e) => e.trim()).filter(Boolean)) {
      const m = FLAG.exec(entry);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `'${entry}' is not name or name=true|false (a name is a letter then up to 39 letters or digits, starting lower-case)` });
        continue;
      }
      if ((DERIVED_APP_FLAGS as readonly string[]).includes(m[1]!)) ctx.addIssue({ code: 'custom', message: `${m[1]} is decided by the API's own configuration` });
      flags[m[1]!] = m[2] !== 'false';
    }
    return flags;
  });

/** GET /app/config: what the mobile apps read before anyone signs in; the variables, spread into the API's schema. */
export const mobileAppEnvFields = {
  APP_MIN_VERSION_IOS: appVersion.default('1.0.0'),
  APP_MIN_VERSION_ANDROID: appVersion.default('1.0.0'),
  APP_STORE_URL_IOS: httpsOrHttpUrl.optional(),
  APP_STORE_URL_ANDROID: httpsOrHttpUrl.optional(),
  APP_SUPPORT_EMAIL: z.email().optional(),
  APP_SUPPORT_URL: httpsOrHttpUrl.optional(),
  APP_TERMS_URL: httpsOrHttpUrl.optional(),
  APP_PRIVACY_URL: httpsOrHttpUrl.optional(),
  APP_FEATURE_FLAGS: appFeatureFlags,
  APP_NOTICE: z.string().max(500).regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'must be one line of text').optional(),
};

type MobileAppEnv = z.infer<z.ZodObject<typeof mobileAppEnvFields>>;

export interface MobileAppSettings {
  /** Older app builds must update before they may sign in. */
    minimumVersions: { ios: string; android: string };
    storeUrls: { ios: string | null; android: string | null };
    support: { email: string | null; url: string | null };
    legal: { termsUrl: string | null; privacyUrl: string | null };
  /** The operator's own switches for app features, beside those the API derives (DERIVED_APP_FLAGS). */
    featureFlags: Record<string, boolean>;
  /** One line shown on the sign-in screen (planned maintenance); null for none. */
    notice: string | null;
}

export function toMobileAppSettings(e: MobileAppEnv): MobileAppSettings {
  return {
    minimumVersions: { ios: e.APP_MIN_VERSION_IOS, android: e.APP_MIN_VERSION_ANDROID },
    storeUrls: { ios: e.APP_STORE_URL_IOS ?? null, android: e.APP_STORE_URL_ANDROID ?? null },
    support: { email: e.APP_SUPPORT_EMAIL ?? null, url: e.APP_SUPPORT_URL ?? null },
    legal: { termsUrl: e.APP_TERMS_URL ?? null, privacyUrl: e.APP_PRIVACY_URL ?? null },
    featureFlags: e.APP_FEATURE_FLAGS,
    notice: e.APP_NOTICE ?? null,
  };
}
