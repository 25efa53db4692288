import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { Priority } from '../issues/issues.schemas.js';

export const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
export const INTERVAL_UNITS = ['DAYS', 'WEEKS', 'MONTHS', 'USAGE'] as const;
const IntervalUnit = z.enum(INTERVAL_UNITS);
/** Longest window GET /maintenance/due answers for: a quarter, more than any month grid shows. */
export const MAX_DUE_WINDOW_DAYS = 92;

const Meter = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9 _-]{0,39}$/, 'must be a name of up to 40 letters, digits, spaces, - or _ starting with a letter')
  .meta({ description: 'What the meter counts, e.g. hours or cycles (case-insensitive)', example: 'hours' });

const ScheduleFields = {
  title: z.string().trim().min(1).max(200),
  instructions: z.string().trim().min(1).max(5000).nullable().optional(),
  priority: Priority,
  intervalUnit: IntervalUnit.meta({ description: 'DAYS, WEEKS or MONTHS after the last service; USAGE: every intervalValue units of the meter' }),
  intervalValue: z.number().int().min(1).max(3650),
  meter: Meter.nullable().optional().meta({ description: 'Required with USAGE, absent otherwise' }),
  startsOn: CalendarDate.optional().meta({ description: "First due date of each asset covered (calendar units); default today at the asset's outlet (its time zone), or for a category in the company's" }),
  vendorId: z.uuid().nullable().optional().meta({ description: 'The vendor who usually does it' }),
  active: z.boolean().optional().meta({ description: 'Inactive schedules fall due nowhere; default true' }),
};

export const CreateScheduleBody = z.strictObject(ScheduleFields).superRefine((b, ctx) => {
  if (b.intervalUnit === 'USAGE' && !b.meter) ctx.addIssue({ code: 'custom', path: ['meter'], message: 'is required when intervalUnit is USAGE' });
  if (b.intervalUnit !== 'USAGE' && b.meter) ctx.addIssue({ code: 'custom', path: ['meter'], message: 'is only for intervalUnit USAGE' });
});
export type CreateScheduleBody = z.infer<typeof CreateScheduleBody>;

export const UpdateScheduleBody = z.strictObject({
  title: ScheduleFields.title.optional(),
  instructions: ScheduleFields.instructions,
  priority: Priority.optional(),
  intervalUnit: IntervalUnit.optional(),
  intervalValue: ScheduleFields.intervalValue.optional(),
  meter: ScheduleFields.meter,
  startsOn: ScheduleFields.startsOn,
  vendorId: ScheduleFields.vendorId,
  active: z.boolean().optional(),
});
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

export const IdParams = z.object({ id: z.uuid() });

export const ListSchedulesQuery = z.object({
  assetId: z.uuid().optional().meta({ description: "The asset's own schedules and its category's" }),
  categoryId: z.uuid().optional(),
  outletId: z.uuid().optional().meta({ description: 'Schedules covering an asset at this outlet' }),
  limit: clampedInt(100, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuery>;

export const ScheduleDto = z.object({
  id: z.uuid(),
  assetId: z.uuid().nullable().meta({ description: 'Set for a schedule of one asset' }),
  categoryId: z.uuid().nullable().meta({ description: 'Set for a schedule of every asset of the category, those added later included' }),
  targetName: z.string().meta({ description: "The asset's name, or the category's" }),
  title: z.string(),
  instructions: z.string().nullable(),
  priority: Priority,
  intervalUnit: IntervalUnit,
  intervalValue: z.number().int(),
  meter: z.string().nullable(),
  startsOn: CalendarDate,
  vendorId: z.uuid().nullable(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ScheduleDto = z.infer<typeof ScheduleDto>;

export const DueQuery = z.object({
  from: CalendarDate,
  to: CalendarDate.meta({ description: `On or after from, at most ${MAX_DUE_WINDOW_DAYS} days after it` }),
  outletId: z.uuid().optional(),
  assetId: z.uuid().optional(),
});
export type DueQuery = z.infer<typeof DueQuery>;

export const DueDto = z.object({
  scheduleId: z.uuid(),
  assetId: z.uuid(),
  assetName: z.string(),
  outletId: z.uuid(),
  title: z.string(),
  priority: Priority,
  intervalUnit: IntervalUnit,
  dueOn: CalendarDate.meta({ description: 'The date it falls due; for a USAGE schedule already due, today' }),
  overdue: z.boolean().meta({ description: "Due before today (the asset's outlet's time zone) and not yet serviced" }),
  projected: z.boolean().meta({ description: 'A later recurrence, assuming the maintenance before it is done on its date' }),
  meter: z.string().nullable(),
  nextDueReading: z.number().nullable(),
  currentReading: z.number().nullable(),
  openIssueId: z.uuid().nullable().meta({ description: 'The maintenance issue the daily job raised for it, while OPEN or IN_PROGRESS' }),
});
export type DueDto = z.infer<typeof DueDto>;

export const MeterReadingBody = z.strictObject({
  meter: Meter,
  value: z.number().min(0).max(1e12),
});
export type MeterReadingBody = z.infer<typeof MeterReadingBody>;

export const ListMeterReadingsQuery = z.object({
  meter: Meter.optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListMeterReadingsQuery = z.infer<typeof ListMeterReadingsQuery>;

export const MeterReadingDto = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  meter: z.string(),
  value: z.number(),
  recordedByUserId: z.uuid().nullable(),
  recordedAt: z.iso.datetime(),
});
export type MeterReadingDto = z.infer<typeof MeterReadingDto>;
