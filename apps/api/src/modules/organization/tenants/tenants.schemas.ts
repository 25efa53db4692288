import { z } from 'zod';
import { isValidTimezone, PLANS } from '@wfm/core/tenancy';
import { LANGUAGES, LOCALES } from '@wfm/core/locale';
import { AVAILABILITY_CONFLICT_MODES } from '@wfm/db/entities/availability.entity';

export const TenantName = z.string().trim().min(1).max(200);

/** Business dates and opening hours are computed in this zone, so only real IANA names are accepted. */
export const Timezone = z.string().refine(isValidTimezone, 'must be a valid IANA time zone');

export const Plan = z.enum(PLANS);

export const AvailabilityConflictMode = z.enum(AVAILABILITY_CONFLICT_MODES).meta({
  description: "What assigning a shift in someone's unavailability (weekly unavailable window, time off, approved leave) does: OFF nothing; WARN lets it through and GET /availability/conflicts lists it; BLOCK refuses it (409 AVAILABILITY_CONFLICT)",
});

/** From 5 minutes to 30 days; 72 hours unless the tenant chooses (docs/decisions.md, issue 27). */
export const OfflineWindowMinutes = z.number().int().min(5).max(43_200);

export const Locale = z.enum(LOCALES).meta({ description: 'How dates, times, numbers and amounts are written (BCP 47), independent of the language' });
export const Language = z.enum(LANGUAGES).meta({ description: 'A language the console speaks' });

export const TenantDto = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  plan: Plan,
  timezone: z.string(),
  publicApiEnabled: z.boolean(),
  ssoEnabled: z.boolean(),
  rosterApprovalRequired: z.boolean().meta({ description: 'Published rosters wait as drafts (PROPOSED) for an approver, AREA_MANAGER and above' }),
  payrollFourEyes: z.boolean().meta({ description: 'A payroll run is approved by someone other than the person who computed it' }),
  accessOfflineWindowMinutes: z.number().int().meta({ description: "How long a door daemon cut off from the platform keeps deciding this tenant's taps from what it knew; past it verify answers 503 (fail secure)" }),
  availabilityConflictMode: AvailabilityConflictMode,
  locale: Locale.nullable().meta({ description: 'How dates, times, numbers and amounts are written (BCP 47); null follows the time zone: en-US for American zones, en-GB otherwise' }),
  language: Language.meta({ description: 'The language of people who have not chosen their own' }),
  features: z.object({
    webhooks: z.boolean(),
    accessControl: z.boolean(),
    developerApi: z.boolean(),
    scim: z.boolean(),
    sso: z.boolean(),
  }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TenantDto = z.infer<typeof TenantDto>;

/** An empty PATCH is a client mistake, not a no-op worth a 200. */
export function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const UpdateTenantBody = z
  .strictObject({
    name: TenantName.optional(),
    timezone: Timezone.optional(),
    publicApiEnabled: z.boolean().optional(),
    rosterApprovalRequired: z.boolean().optional(),
    payrollFourEyes: z.boolean().optional(),
    accessOfflineWindowMinutes: OfflineWindowMinutes.optional(),
    availabilityConflictMode: AvailabilityConflictMode.optional(),
    locale: Locale.nullable().optional().meta({ description: 'null goes back to following the time zone' }),
    language: Language.optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: name, timezone, publicApiEnabled, rosterApprovalRequired, payrollFourEyes, accessOfflineWindowMinutes, availabilityConflictMode, locale, language');
export type UpdateTenantBody = z.infer<typeof UpdateTenantBody>;

/** The tenant's first user as returned when a tenant is provisioned. */
export const OwnerDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  fullName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.literal('TENANT_OWNER'),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  employeeCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OwnerDto = z.infer<typeof OwnerDto>;

export const ProvisionedTenantDto = z.object({ tenant: TenantDto, owner: OwnerDto });
