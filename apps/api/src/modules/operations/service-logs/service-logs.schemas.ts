import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { CalendarDate } from '../maintenance/maintenance.schemas.js';

const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals').meta({ example: 'GBP' });

export const CreateServiceLogBody = z
  .strictObject({
    performedOn: CalendarDate.meta({ description: "The day it was done; not after today at the asset's outlet (its time zone)" }),
    vendorId: z.uuid().optional().meta({ description: 'The vendor who did it; not with performedByUserId' }),
    performedByUserId: z.uuid().optional().meta({ description: 'The person of the tenant who did it; not with vendorId' }),
    description: z.string().trim().min(1).max(5000).meta({ description: 'What was done' }),
    costMinor: z.number().int().min(0).max(1e12).optional().meta({ description: 'In minor units of currency; with currency' }),
    currency: Currency.optional(),
    scheduleId: z.uuid().optional().meta({ description: "The maintenance schedule done: the asset's next due moves on from performedOn and its maintenance issue is resolved silently" }),
    issueId: z.uuid().optional().meta({ description: "An issue at the asset's outlet the service resolves, silently: no issue.resolved (spec 03)" }),
  })
  .superRefine((b, ctx) => {
    if (!b.vendorId === !b.performedByUserId) ctx.addIssue({ code: 'custom', path: ['performedByUserId'], message: 'or vendorId is required, not both' });
    if ((b.costMinor === undefined) !== (b.currency === undefined)) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'and costMinor go together' });
  });
export type CreateServiceLogBody = z.infer<typeof CreateServiceLogBody>;

export const AssetIdParams = z.object({ id: z.uuid() });

export const ListServiceLogsQuery = z.object({
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListServiceLogsQuery = z.infer<typeof ListServiceLogsQuery>;

export const ServiceLogDto = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  performedOn: CalendarDate,
  vendorId: z.uuid().nullable(),
  performedByUserId: z.uuid().nullable(),
  performedByName: z.string().nullable().meta({ description: "The vendor's or the person's name" }),
  description: z.string(),
  cost: z.object({ amountMinor: z.number().int(), currency: z.string() }).nullable(),
  scheduleId: z.uuid().nullable(),
  issueId: z.uuid().nullable(),
  recordedByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type ServiceLogDto = z.infer<typeof ServiceLogDto>;
