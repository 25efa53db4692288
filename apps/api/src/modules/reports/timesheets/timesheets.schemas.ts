import { z } from 'zod';

export const TimesheetRow = z.object({
  date: z.iso.date().meta({ description: 'The local day (the outlet’s zone) of the shifts’ starts and the clock-ins' }),
  userId: z.uuid(),
  userName: z.string(),
  scheduledMinutes: z.number().int().meta({ description: 'Shifts on the roster (not proposed, not cancelled) starting that day' }),
  clockedMinutes: z.number().int().meta({ description: 'Closed clock records not rejected, each in whole minutes' }),
  breakMinutes: z.number().int().meta({ description: 'Gaps under 3 hours between that day’s clock records' }),
  overtimeMinutes: z.number().int().meta({ description: 'Clocked minutes beyond the pay setting’s standard day (480 without one)' }),
  openClockIns: z.number().int().meta({ description: 'Clock-ins of the day with no clock-out yet' }),
});
export type TimesheetRow = z.infer<typeof TimesheetRow>;
