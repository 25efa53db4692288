import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'FIXED_TERM', 'CASUAL', 'INTERN', 'CONTRACTOR'] as const;
export const CONTRACT_STATUSES = ['DRAFT', 'ACTIVE', 'TERMINATED', 'EXPIRED'] as const;

export const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const JobTitle = z.string().trim().min(1).max(200);
const EmploymentType = z.enum(EMPLOYMENT_TYPES);
const SalaryMinor = z.number().int().min(0).max(1e12).meta({ description: 'Yearly gross salary in integer minor units (pence, cents); seen only by HR roles, never in an event' });
const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as GBP').meta({ example: 'GBP' });
const AnnualLeaveDays = z.number().min(0).max(366).multipleOf(0.5).meta({ description: 'Paid annual leave days per year, for the final settlement (28 unless told)' });

/** salaryMinor and currency come together; an end date is not before the start. */
function coherent(b: { salaryMinor?: number | null; currency?: string | null; startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx): void {
  if ((b.salaryMinor === undefined) !== (b.currency === undefined)) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'must be given with salaryMinor, and only with it' });
  if (b.startDate && b.endDate && b.endDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
}

export const CreateContractBody = z
  .strictObject({
    userId: z.uuid(),
    jobTitle: JobTitle,
    employmentType: EmploymentType,
    startDate: CalendarDate,
    endDate: CalendarDate.nullable().optional(),
    salaryMinor: SalaryMinor.optional(),
    currency: Currency.optional(),
    annualLeaveDays: AnnualLeaveDays.optional(),
  })
  .superRefine(coherent);
export type CreateContractBody = z.infer<typeof CreateContractBody>;

export const UpdateContractBody = z
  .strictObject({
    jobTitle: JobTitle.optional(),
    employmentType: EmploymentType.optional(),
    startDate: CalendarDate.optional(),
    endDate: CalendarDate.nullable().optional(),
    salaryMinor: SalaryMinor.optional(),
    currency: Currency.optional(),
    annualLeaveDays: AnnualLeaveDays.optional(),
  })
  .superRefine(coherent)
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: jobTitle, employmentType, startDate, endDate, salaryMinor, currency, annualLeaveDays');
export type UpdateContractBody = z.infer<typeof UpdateContractBody>;

export const TerminateContractBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type TerminateContractBody = z.infer<typeof TerminateContractBody>;

export const ContractIdParams = z.object({ id: z.uuid() });

export const ListContractsQuery = z.object({
  userId: z.uuid().optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListContractsQuery = z.infer<typeof ListContractsQuery>;

export const ContractDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  jobTitle: z.string(),
  employmentType: EmploymentType,
  status: z.enum(CONTRACT_STATUSES),
  startDate: z.string().meta({ description: 'YYYY-MM-DD' }),
  endDate: z.string().nullable(),
  annualLeaveDays: z.number(),
  salaryMinor: z.number().int().nullable().optional().meta({ description: 'HR roles only (TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER); absent for everyone else' }),
  currency: z.string().nullable().optional().meta({ description: 'With salaryMinor' }),
  endReason: z.string().nullable().meta({ description: 'Why it ended: the terminate reason, SUPERSEDED (a newer contract was activated), OFFBOARDING or EXPIRED' }),
  endedAt: z.iso.datetime().nullable(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContractDto = z.infer<typeof ContractDto>;

/** A contract created ACTIVE with its person by the bulk staff import (no event, spec 03). */
export const ImportContract = z.strictObject({
  jobTitle: JobTitle,
  employmentType: EmploymentType,
  startDate: CalendarDate,
  endDate: CalendarDate.optional(),
});
export type ImportContract = z.infer<typeof ImportContract>;
