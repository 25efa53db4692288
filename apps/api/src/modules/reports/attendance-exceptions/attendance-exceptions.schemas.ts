import { z } from 'zod';

export const EXCEPTION_KINDS = ['LATE', 'MISSED_CLOCK_OUT', 'NO_SHOW'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const AttendanceExceptionRow = z.object({
  date: z.iso.date().meta({ description: 'The local day (the outlet’s zone) of the shift’s start' }),
  kind: z.enum(EXCEPTION_KINDS).meta({ description: 'LATE: clock-in more than 5 minutes after the start; MISSED_CLOCK_OUT: still clocked in after the end, or closed by the missed clock-out job; NO_SHOW: marked MISSED, or no clock-in by the end' }),
  userId: z.uuid(),
  userName: z.string(),
  outletId: z.uuid(),
  outletName: z.string(),
  shiftId: z.uuid(),
  scheduledStart: z.iso.datetime(),
  scheduledEnd: z.iso.datetime(),
  clockInAt: z.iso.datetime().nullable(),
  clockOutAt: z.iso.datetime().nullable(),
  minutesLate: z.number().int().nullable().meta({ description: 'LATE rows: whole minutes after the scheduled start' }),
});
export type AttendanceExceptionRow = z.infer<typeof AttendanceExceptionRow>;
