import { z } from 'zod';
import { STAFFING_TARGET_SOURCES } from '@wfm/db/entities/auto-scheduler.entity';

/** A demand file of a year of hourly sales at a few outlets, within the 1 MB JSON body limit; larger files are split. */
export const MAX_DEMAND_CSV_CHARS = 900_000;
export const MAX_DEMAND_CSV_ROWS = 20_000;
/** Row errors listed in the answer; the totals count them all. */
export const MAX_LISTED_ERRORS = 100;

const Role = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ description: 'Stored trimmed and in lower case; compared with the job title of each person’s active contract', example: 'barista' });
const Weekday = z.number().int().min(1).max(7).meta({ description: 'ISO weekday: 1 = Monday … 7 = Sunday' });
const Hour = z.number().int().min(0).max(23).meta({ description: "Local hour in the outlet's timezone: 9 is 09:00–10:00" });
const Required = z.number().int().min(0).max(500).meta({ description: 'Heads needed in that hour' });

export const ListStaffingTargetsQuery = z.object({ outletId: z.uuid(), role: Role.optional() });
export type ListStaffingTargetsQuery = z.infer<typeof ListStaffingTargetsQuery>;

export const PutStaffingTargetsBody = z
  .strictObject({
    outletId: z.uuid(),
    role: Role,
    targets: z.array(z.strictObject({ weekday: Weekday, hour: Hour, required: Required })).max(168).meta({ description: 'The whole week of this outlet and role: hours not listed are removed' }),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.targets.forEach((t, i) => {
      const key = `${t.weekday}-${t.hour}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['targets', i], message: 'repeats a weekday and hour' });
      seen.add(key);
    });
  });
export type PutStaffingTargetsBody = z.infer<typeof PutStaffingTargetsBody>;

export const UpdateStaffingTargetBody = z.strictObject({ required: Required });
export type UpdateStaffingTargetBody = z.infer<typeof UpdateStaffingTargetBody>;

export const StaffingTargetIdParams = z.object({ id: z.uuid() });

export const ImportDemandBody = z.strictObject({
  role: Role,
  salesPerStaffHour: z.number().positive().max(1e9).meta({ description: 'Productivity ratio: sales (in the CSV’s units) one person handles in an hour', example: 120 }),
  csv: z
    .string()
    .min(1)
    .max(MAX_DEMAND_CSV_CHARS)
    .meta({
      description: `Header \`outlet,date,hour,sales\` (any order), then one row per outlet and hour: outlet code or id; a date (YYYY-MM-DD) or weekday (Mon…Sun); hour 0–23; sales ≥ 0. Rows of the same outlet, weekday and hour are averaged; at most ${MAX_DEMAND_CSV_ROWS} rows`,
    }),
});
export type ImportDemandBody = z.infer<typeof ImportDemandBody>;

export const StaffingTargetDto = z.object({
  id: z.uuid(),
  outletId: z.uuid(),
  role: z.string(),
  weekday: Weekday,
  hour: Hour,
  required: z.number().int(),
  source: z.enum(STAFFING_TARGET_SOURCES).meta({ description: 'ENTERED by hand, or derived from a DEMAND_CSV' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StaffingTargetDto = z.infer<typeof StaffingTargetDto>;

export const DemandImportDto = z.object({
  rows: z.number().int().meta({ description: 'Data rows read (the header excluded)' }),
  valid: z.number().int(),
  failed: z.number().int(),
  targets: z.array(StaffingTargetDto).meta({ description: 'The targets written: required = ceil(average sales / salesPerStaffHour)' }),
  errors: z.array(z.object({ line: z.number().int().meta({ description: 'Line of the file, from 1 (the header)' }), errors: z.array(z.string()) })).meta({ description: `The first ${MAX_LISTED_ERRORS} failed rows` }),
});
export type DemandImportDto = z.infer<typeof DemandImportDto>;
