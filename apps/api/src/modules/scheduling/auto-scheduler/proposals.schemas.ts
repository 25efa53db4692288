import { z } from 'zod';
import { PROPOSAL_STATUSES } from '@wfm/db/entities/auto-scheduler.entity';
import { clampedInt, isoInstant } from '../../../http/validation.js';
import { ShiftDto } from '../shifts/shifts.schemas.js';

/** Five outlets is the benchmark's size; a region's week in one solve. */
export const MAX_PROPOSAL_OUTLETS = 20;

const Monday = z.iso
  .date({ error: 'must be a valid date in YYYY-MM-DD format' })
  .refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, 'must be a Monday')
  .meta({ description: "The Monday the week starts on, in the outlets' timezone (a proposal's outlets share one)" });
const Role = z.string().trim().min(1).max(100).meta({ description: 'Compared trimmed and ignoring case with the job title of the person’s active contract' });

export const CreateProposalBody = z.strictObject({
  weekStart: Monday,
  outletIds: z
    .array(z.uuid())
    .min(1)
    .max(MAX_PROPOSAL_OUTLETS)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an outlet'),
});
export type CreateProposalBody = z.infer<typeof CreateProposalBody>;

export const ProposalIdParams = z.object({ id: z.uuid() });
export const ProposalShiftParams = z.object({ id: z.uuid(), shiftId: z.uuid() });

export const ListProposalsQuery = z.object({
  status: z.enum(PROPOSAL_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, 1_000_000),
});
export type ListProposalsQuery = z.infer<typeof ListProposalsQuery>;

const window = {
  scheduledStart: isoInstant().meta({ description: 'On a whole hour of the week, within it' }),
  scheduledEnd: isoInstant().meta({ description: 'On a whole hour of the week, within it' }),
};

export const AddProposalShiftBody = z.strictObject({ userId: z.uuid(), outletId: z.uuid(), role: Role, ...window });
export type AddProposalShiftBody = z.infer<typeof AddProposalShiftBody>;

export const MoveProposalShiftBody = z
  .strictObject({
    userId: z.uuid().optional(),
    outletId: z.uuid().optional(),
    role: Role.optional(),
    scheduledStart: window.scheduledStart.optional(),
    scheduledEnd: window.scheduledEnd.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: userId, outletId, role, scheduledStart, scheduledEnd');
export type MoveProposalShiftBody = z.infer<typeof MoveProposalShiftBody>;

export const BENT_RULES = ['MAX_WEEKLY_HOURS', 'MIN_REST_HOURS', 'MAX_CONSECUTIVE_DAYS', 'PREFERRED_AVAILABILITY'] as const;
const RATE_SOURCES = ['PAY_HOURLY', 'PAY_MONTHLY', 'CONTRACT_SALARY', 'MEDIAN'] as const;

export const ProposalShift = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  outletId: z.uuid(),
  role: z.string(),
  scheduledStart: z.iso.datetime(),
  scheduledEnd: z.iso.datetime(),
  origin: z.enum(['SOLVER', 'MANAGER']).meta({ description: 'Proposed by the solver, or added or moved by a manager' }),
  costMinor: z.number().int(),
});
export type ProposalShift = z.infer<typeof ProposalShift>;

export const ProposalReport = z.object({
  currency: z.string().nullable().meta({ description: 'The currency of the pay settings of the people scheduled; null when they differ or none is set' }),
  totalCostMinor: z.number().int(),
  coverage: z.object({
    requiredStaffHours: z.number().int(),
    coveredStaffHours: z.number().int(),
    percent: z.number().meta({ description: 'Covered staff-hours as a percentage of required ones (100 when nothing is required)' }),
  }),
  fairness: z.object({ shortfallHours: z.number().int().meta({ description: 'Hours below contracted hours, summed over the people' }) }),
  people: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      hours: z.number().int(),
      contractedHours: z.number(),
      rateMinor: z.number().int(),
      rateSource: z.enum(RATE_SOURCES).meta({ description: 'PAY_HOURLY/PAY_MONTHLY: pay settings; CONTRACT_SALARY: yearly salary / 52 / weekly hours; MEDIAN: unknown, the median of the others' }),
      costMinor: z.number().int(),
    }),
  ),
  gaps: z.array(
    z.object({ outletId: z.uuid(), role: z.string(), start: z.iso.datetime(), end: z.iso.datetime(), required: z.number().int(), scheduled: z.number().int() }),
  ),
  bentRules: z.array(
    z.object({
      rule: z.enum(BENT_RULES),
      userId: z.uuid(),
      shiftId: z.uuid(),
      limit: z.number(),
      actual: z.number(),
      source: z.string().meta({ description: 'Where the limit comes from (a rule pack, a contract, a default)' }),
      why: z.string(),
    }),
  ),
});
export type ProposalReport = z.infer<typeof ProposalReport>;

export interface ProposalResult {
  shifts: ProposalShift[];
  report: ProposalReport;
}

export const ProposalDto = z.object({
  id: z.uuid(),
  weekStart: z.iso.date(),
  outletIds: z.array(z.uuid()),
  status: z.enum(PROPOSAL_STATUSES).meta({ description: 'QUEUED, RUNNING: being solved; READY: to edit, accept or discard; FAILED: see failure; ACCEPTED; DISCARDED' }),
  failure: z.string().nullable(),
  shifts: z.array(ProposalShift),
  report: ProposalReport.nullable(),
  createdByUserId: z.uuid().nullable(),
  decidedByUserId: z.uuid().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProposalDto = z.infer<typeof ProposalDto>;

export const ProposalSummaryDto = ProposalDto.omit({ shifts: true, report: true }).extend({
  shiftCount: z.number().int().nullable().meta({ description: 'Null until the proposal is READY' }),
  totalCostMinor: z.number().int().nullable(),
  coveragePercent: z.number().nullable(),
});
export type ProposalSummaryDto = z.infer<typeof ProposalSummaryDto>;

export const AcceptedDto = ProposalDto.extend({
  rosterIds: z.array(z.uuid()).meta({ description: 'One roster (source AUTO) per outlet with shifts' }),
  assignments: z.array(ShiftDto),
});

export const ViolationsBody = z.object({
  message: z.string(),
  error: z.string(),
  statusCode: z.literal(422),
  violations: z.array(z.object({ shiftId: z.uuid().nullable(), rule: z.string(), message: z.string() })),
});
