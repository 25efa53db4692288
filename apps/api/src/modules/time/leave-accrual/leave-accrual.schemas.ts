import { z } from 'zod';
import { ACCRUAL_METHODS, LEAVE_UNITS, LEDGER_KINDS, ON_EXCEED } from '@wfm/db/entities/leave-accrual.entity';
import { clampedInt } from '../../../http/validation.js';

const Method = z.enum(ACCRUAL_METHODS).meta({ description: 'MONTHLY: an amount each calendar month; HOURS_WORKED: a share of the approved hours worked in each month' });
const Unit = z.enum(LEAVE_UNITS).meta({ description: 'What the balance counts; HOURS_WORKED counts HOURS' });
const OnExceed = z.enum(ON_EXCEED).meta({ description: "A request beyond the available balance: WARN (answered with balanceWarning) or REFUSE (409 'LEAVE_BALANCE_EXCEEDED')" });
const TWO_PLACES = 'must have at most two decimal places';
const Amount = z.number().min(0).max(10_000).multipleOf(0.01, TWO_PLACES);
const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });

/**
 * A contract's accrual policy, replaced whole. MONTHLY accrues `amountPerMonth`, or without it the
 * contract's annualLeaveDays / 12 (DAYS only); HOURS_WORKED accrues `rateBasisPoints` of the hours
 * worked (1207 = 12.07 %), in HOURS. A policy in HOURS states the hours a day of leave takes.
 */
export const PutAccrualPolicyBody = z
  .strictObject({
    method: Method,
    unit: Unit,
    amountPerMonth: Amount.optional().meta({ description: 'MONTHLY: a whole month’s amount in the unit' }),
    rateBasisPoints: z.number().int().min(1).max(10_000).optional().meta({ description: 'HOURS_WORKED: basis points of the hours worked (1207 = 12.07 %)', example: 1207 }),
    hoursPerDay: z.number().gt(0).max(24).multipleOf(0.01, TWO_PLACES).optional().meta({ description: 'HOURS: the hours one day of leave takes from the balance', example: 7.5 }),
    startsOn: CalendarDate.optional().meta({ description: 'The first day that accrues (not before the contract starts); the contract’s start date unless told' }),
    leaveYearStartMonth: z.number().int().min(1).max(12).default(1).meta({ description: 'The month a leave year starts (1 = January)' }),
    carryOverMax: Amount.nullable().default(null).meta({ description: 'What carries into the next leave year; null carries everything, 0 nothing' }),
    carryOverExpiryMonths: z.number().int().min(1).max(12).nullable().default(null).meta({ description: 'Carried leave not used within this many months of the new leave year expires; null never' }),
    balanceCap: Amount.nullable().default(null).meta({ description: 'Accrual stops at this balance; null for no cap' }),
    onExceed: OnExceed.default('WARN'),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'MONTHLY' && b.rateBasisPoints !== undefined) ctx.addIssue({ code: 'custom', path: ['rateBasisPoints'], message: 'is only for HOURS_WORKED' });
    if (b.method === 'HOURS_WORKED' && b.rateBasisPoints === undefined) ctx.addIssue({ code: 'custom', path: ['rateBasisPoints'], message: 'is required for HOURS_WORKED' });
    if (b.method === 'HOURS_WORKED' && b.amountPerMonth !== undefined) ctx.addIssue({ code: 'custom', path: ['amountPerMonth'], message: 'is only for MONTHLY' });
    if (b.method === 'HOURS_WORKED' && b.unit !== 'HOURS') ctx.addIssue({ code: 'custom', path: ['unit'], message: 'must be HOURS for HOURS_WORKED' });
    if (b.method === 'MONTHLY' && b.unit === 'HOURS' && b.amountPerMonth === undefined) ctx.addIssue({ code: 'custom', path: ['amountPerMonth'], message: 'is required for MONTHLY in HOURS' });
    if (b.unit === 'HOURS' && b.hoursPerDay === undefined) ctx.addIssue({ code: 'custom', path: ['hoursPerDay'], message: 'is required for HOURS' });
    if (b.unit === 'DAYS' && b.hoursPerDay !== undefined) ctx.addIssue({ code: 'custom', path: ['hoursPerDay'], message: 'is only for HOURS' });
    if (b.carryOverExpiryMonths !== null && b.carryOverMax === 0) ctx.addIssue({ code: 'custom', path: ['carryOverExpiryMonths'], message: 'has nothing to expire when carryOverMax is 0' });
  });
export type PutAccrualPolicyBody = z.infer<typeof PutAccrualPolicyBody>;

export const AccrualPolicyDto = z.object({
  contractId: z.uuid(),
  userId: z.uuid(),
  method: Method,
  unit: Unit,
  amountPerMonth: z.number().nullable(),
  rateBasisPoints: z.number().int().nullable(),
  hoursPerDay: z.number().nullable(),
  startsOn: z.string().meta({ description: 'YYYY-MM-DD' }),
  leaveYearStartMonth: z.number().int(),
  carryOverMax: z.number().nullable(),
  carryOverExpiryMonths: z.number().int().nullable(),
  balanceCap: z.number().nullable(),
  onExceed: OnExceed,
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AccrualPolicyDto = z.infer<typeof AccrualPolicyDto>;

export const ContractIdParams = z.object({ id: z.uuid() });
export const UserIdParams = z.object({ userId: z.uuid() });

export const LedgerLineDto = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  unit: Unit,
  amount: z.number().meta({ description: 'Signed, two places: accruals add, the rest take away' }),
  effectiveOn: z.string().meta({ description: 'YYYY-MM-DD' }),
  period: z.string().nullable().meta({ description: 'The month accrued (YYYY-MM), or the first month of the leave year closed or expired' }),
  leaveRequestId: z.uuid().nullable(),
  note: z.string().meta({ description: 'How the figure was reached, or the reason given for an adjustment' }),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type LedgerLineDto = z.infer<typeof LedgerLineDto>;

export const BalanceSummaryDto = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  contractId: z.uuid(),
  unit: Unit,
  balance: z.number().meta({ description: 'The sum of the ledger lines in the unit' }),
});
export type BalanceSummaryDto = z.infer<typeof BalanceSummaryDto>;

export const LeaveBalanceDto = z.object({
  userId: z.uuid(),
  policy: AccrualPolicyDto.nullable().meta({ description: "The policy of the person's ACTIVE contract; null when none (the ledger stays readable)" }),
  unit: Unit.nullable().meta({ description: "The policy's unit; without a policy, the unit of the latest line" }),
  balance: z.number().meta({ description: 'The sum of the ledger lines in the unit' }),
  pending: z.number().meta({ description: 'PENDING annual leave requests, in the unit' }),
  available: z.number().meta({ description: 'balance − pending: what a new request may take' }),
  lines: z.array(LedgerLineDto).meta({ description: 'Oldest first' }),
});
export type LeaveBalanceDto = z.infer<typeof LeaveBalanceDto>;

export const ListBalancesQuery = z.strictObject({
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListBalancesQuery = z.infer<typeof ListBalancesQuery>;

export const AdjustmentBody = z.strictObject({
  amount: z
    .number()
    .min(-10_000)
    .max(10_000)
    .multipleOf(0.01, TWO_PLACES)
    .refine((v) => v !== 0, 'must not be 0')
    .meta({ description: "Signed, in the unit of the person's policy" }),
  reason: z.string().trim().min(1).max(500),
  effectiveOn: CalendarDate.optional().meta({ description: "Today in the tenant's timezone unless told" }),
});
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;
