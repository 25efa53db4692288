import { z } from 'zod';
import { isoInstant } from '../../../http/validation.js';
import { ShiftDto } from '../shifts/shifts.schemas.js';
import { MAX_ROSTER_ROWS } from '../rosters/rosters.schemas.js';

const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const WeekStart = CalendarDate.meta({ description: "First day of the week, in the outlet's zone; the week is the 7 days from it" });

export const WeekQuery = z.object({ outletId: z.uuid(), weekStart: WeekStart });
export type WeekQuery = z.infer<typeof WeekQuery>;

export const PlannedShift = z.strictObject({
  id: z.uuid().optional().meta({ description: 'A shift of the week as stored, wherever it now is; absent for a new one' }),
  userId: z.uuid(),
  scheduledStart: isoInstant(),
  scheduledEnd: isoInstant(),
});
export type PlannedShift = z.infer<typeof PlannedShift>;

export const PreviewWeekBody = z.strictObject({
  outletId: z.uuid(),
  weekStart: WeekStart,
  shifts: z.array(PlannedShift).max(MAX_ROSTER_ROWS).meta({ description: 'The whole week as it would be published; a stored shift left out is removed' }),
});
export type PreviewWeekBody = z.infer<typeof PreviewWeekBody>;

const Money = z.object({ currency: z.string(), amountMinor: z.number().int() });
const Interval = z.object({ start: z.iso.datetime(), end: z.iso.datetime() });

export const WeekTotalsDto = z.object({
  people: z.array(
    z.object({
      userId: z.uuid(),
      minutes: z.number().int(),
      dayMinutes: z.array(z.number().int()).meta({ description: 'Minutes per day, in the order of `days`' }),
      payType: z.enum(['HOURLY', 'MONTHLY']).nullable(),
      cost: Money.nullable().meta({ description: 'HOURLY: the rate per hour, daily overtime at its multiplier; MONTHLY: monthly × 12 / 52 when rostered; null without pay settings' }),
    }),
  ),
  days: z.array(z.object({ date: z.string(), minutes: z.number().int(), costs: z.array(Money).meta({ description: 'One amount per currency; hourly pay only' }) })),
  minutes: z.number().int(),
  costs: z.array(Money),
  unpriced: z.array(z.uuid()).meta({ description: 'People with scheduled time and no pay settings' }),
});

export const WeekDto = z.object({
  outletId: z.uuid(),
  timezone: z.string().meta({ description: "The outlet's zone (its own, or the company's): days and clock times are read in it" }),
  weekStart: z.string(),
  days: z.array(z.string()),
  people: z.array(
    z.object({
      userId: z.uuid(),
      fullName: z.string(),
      role: z.string(),
      atOutlet: z.boolean().meta({ description: 'false: not on the outlet’s staff, here for a shift of this week' }),
      unavailable: z.array(Interval.extend({ source: z.enum(['WEEKLY', 'TIME_OFF', 'LEAVE']) })).meta({ description: 'Hard unavailability overlapping the week' }),
      preferred: z.array(Interval).meta({ description: 'Preferred windows (where a shift raises no conflict), clipped to the week' }),
    }),
  ),
  shifts: z.array(ShiftDto).meta({ description: 'The outlet’s shifts starting in the week, not cancelled' }),
  totals: WeekTotalsDto,
});

const Change = z.object({ id: z.uuid().nullable(), start: z.iso.datetime(), end: z.iso.datetime() });

export const WeekPreviewDto = z.object({
  changes: z.array(
    z.object({
      userId: z.uuid(),
      fullName: z.string(),
      added: z.array(Change).meta({ description: 'New shifts, and shifts moved to this person from someone else' }),
      moved: z.array(Change.extend({ from: Interval })).meta({ description: 'Shifts of this person at other times' }),
      removed: z.array(Change).meta({ description: 'Shifts taken away: removed, or moved to someone else' }),
    }),
  ),
  totals: WeekTotalsDto,
});
export type WeekPreviewDto = z.infer<typeof WeekPreviewDto>;
