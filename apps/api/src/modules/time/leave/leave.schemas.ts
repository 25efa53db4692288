import { z } from 'zod';
import { HALF_DAYS, LEAVE_APPROVER_ROLES, LEAVE_STATUSES, LEAVE_TYPES } from '@wfm/db/entities/leave.entity';
import { isoInstant } from '../../../http/validation.js';
import { offsetListQuery, publicListQuery } from '../../../http/public-list.js';
import { MAX_LEAVE_DAYS, calendarDays } from './leave-period.js';

const LeaveType = z.enum(LEAVE_TYPES);
const LeaveStatus = z.enum(LEAVE_STATUSES);
const HalfDay = z.enum(HALF_DAYS);
const ApproverRole = z.enum(LEAVE_APPROVER_ROLES);
const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const Text = z.string().trim().min(1).max(1000);

const LEAVE_FIELDS = {
  type: LeaveType,
  startDate: CalendarDate,
  endDate: CalendarDate,
  halfDay: HalfDay.optional(),
  reason: Text.optional(),
};

/** Rules across fields, reported on the field a client has to change. */
function checkPeriod(body: { startDate: string; endDate: string; halfDay?: string }, ctx: z.RefinementCtx): void {
  const days = calendarDays(body.startDate, body.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
  else if (days > MAX_LEAVE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${MAX_LEAVE_DAYS - 1} days after startDate` });
  if (body.halfDay !== undefined && body.startDate !== body.endDate) {
    ctx.addIssue({ code: 'custom', path: ['halfDay'], message: 'is only allowed when startDate and endDate are the same day' });
  }
}

/** Dates are calendar days in the tenant's timezone; a half day (AM or PM) is one day only. */
export const CreateLeaveRequestBody = z.strictObject(LEAVE_FIELDS).superRefine(checkPeriod);
export type CreateLeaveRequestBody = z.infer<typeof CreateLeaveRequestBody>;

/** Spec 01: a /public submission names the person it is for. */
export const CreatePublicLeaveRequestBody = z.strictObject({ targetUserId: z.uuid(), ...LEAVE_FIELDS }).superRefine(checkPeriod);
export type CreatePublicLeaveRequestBody = z.infer<typeof CreatePublicLeaveRequestBody>;

export const ApproveLeaveBody = z.strictObject({ note: Text.optional() });
export const RejectLeaveBody = z.strictObject({ note: Text });

const listFilters = {
  status: LeaveStatus.optional(),
  type: LeaveType.optional(),
  userId: z.uuid().optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
};

function toNotBeforeFrom(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.from !== undefined && q.to !== undefined && Date.parse(q.to) < Date.parse(q.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  }
}

/**
 * `from`/`to` are ISO 8601 instants selecting requests whose leave overlaps [from, to]; the list
 * rules (limit 1–200, offset, unknown parameters 400) are the developer API's, on both routes;
 * only /public adds cursor paging.
 */
export const ListLeaveRequestsQuery = offsetListQuery(listFilters).superRefine(toNotBeforeFrom);
export type ListLeaveRequestsQuery = z.infer<typeof ListLeaveRequestsQuery>;

export const PublicListLeaveRequestsQuery = publicListQuery(listFilters).superRefine(toNotBeforeFrom);
export type PublicListLeaveRequestsQuery = z.infer<typeof PublicListLeaveRequestsQuery>;

export const LeaveRequestIdParams = z.object({ id: z.uuid() });

export const PutApprovalChainBody = z.strictObject({
  steps: z.array(z.strictObject({ approverRole: ApproverRole })).min(1).max(5),
});
export type PutApprovalChainBody = z.infer<typeof PutApprovalChainBody>;

export const ApprovalChainDto = z.object({
  steps: z.array(z.object({ step: z.number().int(), approverRole: ApproverRole })),
  /** True while the tenant has not configured a chain of its own. */
  isDefault: z.boolean(),
});
export type ApprovalChainDto = z.infer<typeof ApprovalChainDto>;

export const LeaveApprovalDto = z.object({
  step: z.number().int(),
  decision: z.enum(['APPROVED', 'REJECTED']),
  decidedByUserId: z.uuid(),
  note: z.string().nullable(),
  decidedAt: z.iso.datetime(),
});

/** What the developer API shows of a request. */
export const PublicLeaveRequestDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: LeaveType,
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  days: z.number().int(),
  daysDecimal: z.number(),
  status: LeaveStatus,
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PublicLeaveRequestDto = z.infer<typeof PublicLeaveRequestDto>;

export const LeaveRequestDto = PublicLeaveRequestDto.extend({
  tenantId: z.uuid(),
  halfDay: HalfDay.nullable(),
  /** The step awaiting a decision while PENDING; the deciding step afterwards. */
  currentStep: z.number().int(),
  approvals: z.array(LeaveApprovalDto),
  createdByUserId: z.uuid().nullable(),
  createdByCredentialId: z.uuid().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  balanceWarning: z
    .string()
    .optional()
    .meta({ description: 'Only in the answer to a submission or a final approval of annual leave beyond the available balance, under an accrual policy that warns' }),
});
export type LeaveRequestDto = z.infer<typeof LeaveRequestDto>;
