import { z } from 'zod';

/** Bounds on the paid text messages that carry reset and invite links: the variables, spread into the API's schema. */
export const linkTextsEnvFields = {
  LINK_TEXTS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  LINK_TEXTS_PER_TENANT_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
};

type LinkTextsEnv = z.infer<z.ZodObject<typeof linkTextsEnvFields>>;

/**
 * Bounds on the paid text messages that carry reset and invite links (SMS pumping): per mobile
 * number in an hour, and per tenant in a day. A link past either bound is not sent.
 */
export interface LinkTextsConfig {
  perNumberPerHour: number;
  perTenantPerDay: number;
}

export function toLinkTextsConfig(e: LinkTextsEnv): LinkTextsConfig {
  return { perNumberPerHour: e.LINK_TEXTS_PER_NUMBER_PER_HOUR, perTenantPerDay: e.LINK_TEXTS_PER_TENANT_PER_DAY };
}
