import { z } from 'zod';
import { VIOLATION_STATUSES } from '@wfm/db/entities/compliance.entity';
import { clampedInt } from '../../../http/validation.js';
import { RULE_PHASES } from '../packs/pack.types.js';

const TraceSegmentDto = z.object({
  id: z.uuid(),
  kind: z.enum(['SHIFT', 'CLOCK']),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  localStart: z.string().meta({ description: "YYYY-MM-DD HH:MM in the tenant's timezone" }),
  localEnd: z.string(),
});

export const TraceDto = z
  .object({
    ruleId: z.string(),
    packId: z.string(),
    packVersion: z.number().int(),
    title: z.string(),
    source: z.string(),
    segments: z.array(TraceSegmentDto).meta({ description: 'The shifts or clock records involved' }),
    arithmetic: z.object({
      measure: z.string(),
      unit: z.enum(['MINUTES', 'DAYS']),
      actual: z.number(),
      limit: z.number(),
      comparison: z.enum(['BELOW_MINIMUM', 'ABOVE_MAXIMUM']),
      terms: z.record(z.string(), z.union([z.number(), z.string()])),
    }),
    sentence: z.string(),
  })
  .meta({ description: 'Why the rule fired: which rule of which pack version, which shifts or clock times, and the arithmetic' });

const Mode = z.enum(['WARN', 'BLOCK']);

export const ViolationDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  outletId: z.uuid().nullable(),
  phase: z.enum(RULE_PHASES).meta({ description: 'SCHEDULE: found on assigned shifts; CLOCK: found on clock records at clock-out' }),
  ruleId: z.string(),
  packId: z.string(),
  packVersion: z.number().int(),
  mode: Mode.meta({ description: 'The rule’s mode when the breach was found' }),
  date: z.iso.date().meta({ description: "The local day (or first day of the local week) it belongs to, in the tenant's timezone" }),
  status: z.enum(VIOLATION_STATUSES),
  shiftAssignmentIds: z.array(z.uuid()),
  attendanceEventIds: z.array(z.uuid()),
  sentence: z.string(),
  trace: TraceDto,
  overrideReason: z.string().nullable(),
  overriddenByUserId: z.uuid().nullable(),
  overriddenAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ViolationDto = z.infer<typeof ViolationDto>;

/** The breaches listed in the 422 of a refused write: nothing was written, so they have no id. */
export const BlockingViolationDto = z.object({
  userId: z.uuid(),
  outletId: z.uuid().nullable(),
  ruleId: z.string(),
  packId: z.string(),
  packVersion: z.number().int(),
  mode: Mode,
  date: z.iso.date(),
  sentence: z.string(),
  trace: TraceDto,
});

export const ComplianceBlockedDto = z.object({
  message: z.string(),
  error: z.literal('COMPLIANCE_BLOCKED'),
  statusCode: z.literal(422),
  violations: z.array(BlockingViolationDto).meta({ description: 'Every breach the write would cause, the BLOCK ones and the WARN ones' }),
});

export const ListViolationsQuery = z.object({
  userId: z.uuid().optional(),
  outletId: z.uuid().optional(),
  ruleId: z.string().min(1).max(100).optional(),
  status: z.enum(VIOLATION_STATUSES).optional(),
  phase: z.enum(RULE_PHASES).optional(),
  shiftAssignmentId: z.uuid().optional().meta({ description: 'Breaches involving this shift' }),
  from: z.iso.date().optional().meta({ description: 'First local day, inclusive' }),
  to: z.iso.date().optional().meta({ description: 'Last local day, inclusive' }),
  limit: clampedInt(50, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListViolationsQuery = z.infer<typeof ListViolationsQuery>;

export const OverrideViolationBody = z.strictObject({ reason: z.string().trim().min(3).max(1000) });
export type OverrideViolationBody = z.infer<typeof OverrideViolationBody>;

export const ViolationIdParams = z.object({ id: z.uuid() });
