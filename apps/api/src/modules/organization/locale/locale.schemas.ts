import { z } from 'zod';
import { Language, Locale } from '../tenants/tenants.schemas.js';

export const MyLocaleDto = z.object({
  timezone: z.string().meta({ description: "The company's time zone, in which the console shows every time" }),
  locale: Locale.meta({ description: 'How the console writes dates, times, numbers and amounts: the tenant\'s locale, or by its time zone when it has none' }),
  language: Language.meta({ description: "The language the console speaks to the caller: their own, else the tenant's" }),
  ownLanguage: Language.nullable().meta({ description: "The caller's own choice; null follows the tenant's" }),
  tenantLanguage: Language.meta({ description: "The tenant's default language" }),
});
export type MyLocaleDto = z.infer<typeof MyLocaleDto>;

export const UpdateMyLocaleBody = z.strictObject({
  language: Language.nullable().meta({ description: "The caller's language; null goes back to the tenant's" }),
});
export type UpdateMyLocaleBody = z.infer<typeof UpdateMyLocaleBody>;
