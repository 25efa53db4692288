import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { CalendarDate } from '../contracts/contracts.schemas.js';

export const OFFBOARDING_REASONS = ['RESIGNATION', 'TERMINATION', 'REDUNDANCY', 'RETIREMENT', 'END_OF_CONTRACT', 'MUTUAL_AGREEMENT', 'OTHER'] as const;
export const OFFBOARDING_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
/** What every offboarding starts with; HR adds their own. */
export const DEFAULT_CHECKLIST = ['Collect keys, uniform and equipment', 'Withdraw system and door access', 'Hold the exit interview', 'Confirm final pay details'] as const;

export const StartOffboardingBody = z.strictObject({
  userId: z.uuid(),
  reason: z.enum(OFFBOARDING_REASONS),
  lastWorkingDay: CalendarDate,
});
export type StartOffboardingBody = z.infer<typeof StartOffboardingBody>;

export const AddChecklistItemBody = z.strictObject({ title: z.string().trim().min(1).max(200) });
export const UpdateChecklistItemBody = z.strictObject({ done: z.boolean() });
export const OffboardingIdParams = z.object({ id: z.uuid() });
export const ChecklistItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });
export const ListOffboardingQuery = z.object({
  status: z.enum(OFFBOARDING_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListOffboardingQuery = z.infer<typeof ListOffboardingQuery>;

const Minor = z.number().int().nullable();
export const SettlementDto = z
  .object({
    currency: z.string().nullable(),
    annualLeaveEntitlementDays: z.number(),
    accruedLeaveDays: z.number(),
    leaveTakenDays: z.number(),
    leaveBalanceDays: z.number(),
    unpaidLeaveDays: z.number(),
    dailyRateMinor: Minor,
    leavePayMinor: Minor,
    unpaidDeductionMinor: Minor,
    netMinor: Minor.meta({ description: 'Leave pay less the unpaid-leave deduction, in integer minor units; null without a salary on the contract' }),
    leaveBalanceSource: z
      .literal('LEDGER')
      .optional()
      .meta({ description: "Present when the person's contract has a leave accrual policy: the balance is the leave ledger's, not the pro-rata computation" }),
  })
  .meta({ description: 'Never in an event' });

export const OffboardingDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  reason: z.enum(OFFBOARDING_REASONS),
  lastWorkingDay: z.string(),
  status: z.enum(OFFBOARDING_STATUSES),
  checklist: z.array(z.object({ id: z.uuid(), position: z.number().int(), title: z.string(), done: z.boolean(), doneByUserId: z.uuid().nullable(), doneAt: z.iso.datetime().nullable() })),
  settlement: SettlementDto.nullable().meta({ description: 'A preview while IN_PROGRESS, fixed at finalization' }),
  startedByUserId: z.uuid().nullable(),
  finalizedByUserId: z.uuid().nullable(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OffboardingDto = z.infer<typeof OffboardingDto>;
