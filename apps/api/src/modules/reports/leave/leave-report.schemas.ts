import { z } from 'zod';
import { LEAVE_TYPES } from '@wfm/db/entities/leave.entity';
import { LEAVE_UNITS } from '@wfm/db/entities/leave-accrual.entity';

export const LeaveReportRow = z.object({
  userId: z.uuid(),
  userName: z.string(),
  leaveType: z.enum(LEAVE_TYPES),
  takenDays: z.number().meta({ description: 'Approved leave on the period’s local days (the company’s zone): 1 a calendar day, 0.5 a half day' }),
  balance: z.number().nullable().meta({ description: 'ANNUAL rows of people with an accrual policy: the ledger balance at the end of the period' }),
  balanceUnit: z.enum(LEAVE_UNITS).nullable(),
});
export type LeaveReportRow = z.infer<typeof LeaveReportRow>;
