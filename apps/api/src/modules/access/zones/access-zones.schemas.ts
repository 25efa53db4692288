import { z } from 'zod';
import { DAY_KEYS, validateHoursJson, type HoursJson } from '@wfm/access/hours';

const Name = z.string().trim().min(1).max(120);
const Description = z.string().trim().max(1000);

const ReaderIds = z
  .array(z.string().trim().min(1).max(100))
  .min(1)
  .max(100)
  .superRefine((ids, ctx) => {
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'must not contain duplicates' });
  });

const HOURS_SHAPE = {
  propertyNames: { enum: [...DAY_KEYS] },
  additionalProperties: { type: 'array', items: { type: 'array', items: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$' }, minItems: 2, maxItems: 2 } },
  example: { MON: [['08:00', '18:00']], FRI: [['08:00', '12:00'], ['13:00', '22:00']], SAT: [['22:00', '02:00']] },
};

/**
 * The shared hours rules (libs/access), reported through the usual 400 body: each message of
 * validateHoursJson starts with the path it is about, which becomes the issue's path.
 */
const HoursJsonInput = z
  .custom<HoursJson>()
  .superRefine((value, ctx) => {
    for (const problem of validateHoursJson(value, 'hoursJson')) {
      const space = problem.indexOf(' ');
      ctx.addIssue({ code: 'custom', path: problem.slice(0, space).split('.').slice(1), message: problem.slice(space + 1) });
    }
  })
  // A custom schema has no OpenAPI form of its own; this is the shape it accepts.
  .meta({ type: 'object', ...HOURS_SHAPE });

/**
 * Null (24/7) or the hours. The generator drops `.nullable()` over a custom schema's own form, so
 * the nullable wrapper states the type itself.
 */
const HoursJsonOrNull = HoursJsonInput.nullable().meta({ type: ['object', 'null'], ...HOURS_SHAPE });

const HOURS_DESCRIPTION =
  'Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7';

const HoursJsonDoc = z.partialRecord(z.enum(DAY_KEYS), z.array(z.tuple([z.string(), z.string()])));

export const CreateZoneBody = z.strictObject({
  name: Name,
  outletId: z.uuid().optional().meta({ description: "One of the tenant's outlets; omitted for a tenant-wide zone" }),
  readerIds: ReaderIds.meta({ description: 'At least one; a reader id belongs to at most one live zone of the tenant' }),
  hoursJson: HoursJsonOrNull.optional().meta({ description: HOURS_DESCRIPTION }),
  description: Description.optional(),
});
export type CreateZoneBody = z.infer<typeof CreateZoneBody>;

/** `null` clears outletId (tenant-wide), description, or hoursJson (24/7); readerIds replaces the bindings. */
export const UpdateZoneBody = z
  .strictObject({
    name: Name.optional(),
    description: Description.nullable().optional(),
    outletId: z.uuid().nullable().optional(),
    readerIds: ReaderIds.optional().meta({ description: 'Replaces every binding of the zone' }),
    hoursJson: HoursJsonOrNull.optional().meta({ description: HOURS_DESCRIPTION }),
    active: z.boolean().optional().meta({ description: 'An inactive zone denies every tap (Zone inactive)' }),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'must contain at least one of: name, description, outletId, readerIds, hoursJson, active');
export type UpdateZoneBody = z.infer<typeof UpdateZoneBody>;

export const ListZonesQuery = z.object({ outletId: z.uuid().optional() });
export type ListZonesQuery = z.infer<typeof ListZonesQuery>;

export const ZoneIdParams = z.object({ id: z.uuid() });

export const ZoneDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  outletId: z.uuid().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  readerIds: z.array(z.string()).meta({ description: 'The reader bindings, sorted' }),
  hoursJson: HoursJsonDoc.nullable().meta({ description: HOURS_DESCRIPTION }),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
  outlet: z.object({ id: z.uuid(), name: z.string(), code: z.string() }).nullable(),
});
export type ZoneDto = z.infer<typeof ZoneDto>;

export const DeletedZoneDto = z.object({
  deleted: z.literal(true),
  id: z.uuid(),
  revokedGrants: z.number().int().meta({ description: 'Active grants (user and visitor) revoked with the zone' }),
});
export type DeletedZoneDto = z.infer<typeof DeletedZoneDto>;

export const ReaderDto = z.object({
  id: z.uuid(),
  readerId: z.string(),
  firmwareVersion: z.string().nullable(),
  ipAddress: z.string().nullable(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  online: z.boolean().meta({ description: 'A heartbeat within the last 15 minutes' }),
  zone: z.object({ id: z.uuid(), name: z.string() }).nullable().meta({ description: 'The live zone the reader is bound to' }),
});
export type ReaderDto = z.infer<typeof ReaderDto>;

export const ReaderIdParams = z.object({ readerId: z.string().min(1).max(100) });

export const DeletedReaderDto = z.object({ deleted: z.literal(true), readerId: z.string() });
export type DeletedReaderDto = z.infer<typeof DeletedReaderDto>;
