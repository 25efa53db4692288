import { z } from 'zod';
import { MAX_REPORT_DAYS } from './report-limits.js';

const LocalDate = z.iso.date({ message: 'must be a date in YYYY-MM-DD format' });

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The filters every report takes; days are local days of the place each row belongs to. */
export const ReportQuery = z.object({
  from: LocalDate.meta({ description: 'First local day, inclusive' }),
  to: LocalDate.meta({ description: `Last local day, inclusive; at most ${MAX_REPORT_DAYS} days after from, counting both` }),
  outletId: z.uuid().optional().meta({ description: 'Only this outlet (an OUTLET_MANAGER: one of theirs)' }),
  userId: z.uuid().optional().meta({ description: 'Only this person (an OUTLET_MANAGER: one assigned to their outlets)' }),
  format: z.enum(REPORT_FORMATS).default('json').meta({ description: 'json (default), csv (spreadsheet-safe) or pdf' }),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** The answer of every report as JSON: the period, the zone days fall back to, the rows. */
export function reportEnvelope<R extends z.ZodType>(row: R) {
  return z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timezone: z.string().meta({ description: "The company's zone: days of rows without an outlet of their own (leave) and of outlets without a zone are counted in it" }),
    rows: z.array(row),
  });
}
