import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { LINE_CODES } from './payroll-engine.js';

const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as GBP').meta({ example: 'GBP' });
const Minor = z.number().int();

export const PutPayBody = z.strictObject({
  type: z.enum(['HOURLY', 'MONTHLY']),
  rateMinor: z.number().int().min(0).max(1e12).meta({ description: 'Per hour (HOURLY) or per month (MONTHLY), in integer minor units' }),
  currency: Currency,
  overtimeDailyMinutes: z.number().int().min(60).max(1440).optional().meta({ description: 'A standard day: minutes beyond it in one day are overtime; also a paid leave day. 480 unless told' }),
  overtimeMultiplierPct: z.number().int().min(100).max(400).optional().meta({ description: 'Overtime pay in percent of the rate; 150 unless told' }),
});
export type PutPayBody = z.infer<typeof PutPayBody>;

export const PayDto = z.object({
  userId: z.uuid(),
  type: z.enum(['HOURLY', 'MONTHLY']),
  rateMinor: Minor,
  currency: z.string(),
  overtimeDailyMinutes: z.number().int(),
  overtimeMultiplierPct: z.number().int(),
  updatedByUserId: z.uuid().nullable(),
  updatedAt: z.iso.datetime(),
});
export type PayDto = z.infer<typeof PayDto>;

export const CreateDeductionRuleBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    kind: z.enum(['PERCENT', 'FIXED']),
    basisPoints: z.number().int().min(0).max(10_000).optional().meta({ description: 'PERCENT: hundredths of a percent of the gross (2000 = 20 %)' }),
    amountMinor: z.number().int().min(0).max(1e12).optional().meta({ description: 'FIXED: the amount per payslip' }),
    accountCode: z.string().trim().min(1).max(20).meta({ description: 'The liability account the deduction is credited to in the journal' }),
  })
  .superRefine((b, ctx) => {
    if ((b.kind === 'PERCENT') !== (b.basisPoints !== undefined)) ctx.addIssue({ code: 'custom', path: ['basisPoints'], message: 'is required for PERCENT, and only for it' });
    if ((b.kind === 'FIXED') !== (b.amountMinor !== undefined)) ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'is required for FIXED, and only for it' });
  });
export type CreateDeductionRuleBody = z.infer<typeof CreateDeductionRuleBody>;

export const DeductionRuleDto = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['PERCENT', 'FIXED']),
  basisPoints: z.number().int().nullable(),
  amountMinor: Minor.nullable(),
  accountCode: z.string(),
  position: z.number().int(),
});

export const CreateRunBody = z.strictObject({ periodYearMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month in YYYY-MM format').meta({ example: '2026-01' }) });
export type CreateRunBody = z.infer<typeof CreateRunBody>;

export const RunIdParams = z.object({ id: z.uuid() });
export const PayslipParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const JournalQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });
export const ListRunsQuery = z.object({ limit: clampedInt(24, 1, 120), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER) });
export type ListRunsQuery = z.infer<typeof ListRunsQuery>;

export const RunDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  periodYearMonth: z.string(),
  status: z.enum(['DRAFT', 'FINALIZED', 'PAID']).meta({ description: 'DRAFT (recomputable) → FINALIZED (approved; the journal is exportable) → PAID' }),
  currency: z.string(),
  totalGrossMinor: Minor,
  totalDeductionsMinor: Minor,
  totalNetMinor: Minor,
  payslipCount: z.number().int(),
  leftOut: z
    .array(z.object({ userId: z.uuid(), fullName: z.string(), workedMinutes: z.number().int().meta({ description: 'Approved time they worked in the month, which this run does not pay' }) }))
    .meta({ description: 'People the run could not pay when it was computed: no pay settings (PUT /users/:id/pay) and no active contract with a salary. Recompute the draft once they have them' }),
  preparedByUserId: z.uuid().nullable(),
  approvedByUserId: z.uuid().nullable(),
  approvedAt: z.iso.datetime().nullable(),
  paidByUserId: z.uuid().nullable(),
  paidAt: z.iso.datetime().nullable(),
  exportedAt: z.iso.datetime().nullable(),
  exportReference: z.string().nullable(),
  computedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type RunDto = z.infer<typeof RunDto>;

export const PremiumReferenceDto = z
  .object({
    ruleId: z.string().meta({ example: 'us-ca.double-time' }),
    packId: z.string(),
    packVersion: z.number().int(),
    violationKey: z.string().nullable().meta({ description: "The breach's key as the compliance engine gives it; null when the engine flagged no breach for the band's day or week (it rounds seconds to the nearest minute, payroll counts whole minutes)" }),
    violationId: z.uuid().nullable().meta({ description: 'The breach as recorded in GET /compliance/violations, when compliance recorded it' }),
    date: z.string().meta({ description: "The local day the premium belongs to (the week's Monday for weekly overtime)" }),
    explanation: z.string().meta({ description: "The trace's sentence: why the rule fired" }),
    arithmetic: z.string().meta({ description: 'How the amount was computed before rounding (exact, then half up to the minor unit, once per line)', example: '4 h × 20.00 USD/h × 1.5 = 120.00 USD' }),
  })
  .meta({ description: 'PREMIUM_* lines: the working-time rule and breach that owe the premium' });

export const PayslipLineDto = z.object({
  code: z.enum(LINE_CODES).meta({
    description:
      'PREMIUM_* lines are owed by a working-time rule pack (issue 31): hours bands (daily overtime, double time, weekly overtime, seventh day) replace the OVERTIME line and are not on REGULAR; meal, rest, clopening and schedule-change premiums are paid on top',
  }),
  description: z.string(),
  quantity: z.number().meta({ description: 'Minutes for time lines (and the hour of pay of a meal or rest premium, 60), days for leave lines, 1 otherwise' }),
  amountMinor: Minor.meta({ description: 'Negative for deductions and unpaid leave' }),
  premium: PremiumReferenceDto.optional(),
});
export const PayslipDto = z.object({
  id: z.uuid(),
  runId: z.uuid(),
  userId: z.uuid(),
  periodYearMonth: z.string(),
  runStatus: z.enum(['DRAFT', 'FINALIZED', 'PAID']),
  currency: z.string(),
  grossMinor: Minor,
  deductionsMinor: Minor,
  netMinor: Minor,
  lines: z.array(PayslipLineDto),
});
export type PayslipDto = z.infer<typeof PayslipDto>;

export const JournalDto = z.object({
  currency: z.string(),
  periodYearMonth: z.string(),
  lines: z.array(z.object({ accountCode: z.string(), accountName: z.string(), description: z.string(), debitMinor: Minor, creditMinor: Minor })),
  totalDebitMinor: Minor,
  totalCreditMinor: Minor,
});
