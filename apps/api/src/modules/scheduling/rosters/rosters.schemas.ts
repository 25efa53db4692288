import { z } from 'zod';
import { ROSTER_STATUSES } from '@wfm/db/entities/scheduling.entity';
import { SHIFT_TYPES } from '@wfm/db/entities/shift-assignment.entity';
import { clampedInt, isoInstant } from '../../../http/validation.js';
import { ComplianceOverrideReason, ShiftDto } from '../shifts/shifts.schemas.js';

/** A week of an outlet for 70 people, twice over: more in one call is almost certainly a mistake. */
export const MAX_ROSTER_ROWS = 1000;

const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const DecisionNote = z.string().trim().min(1).max(1000);

export const RosterRow = z.strictObject({
  userId: z.uuid(),
  scheduledStart: isoInstant(),
  scheduledEnd: isoInstant(),
  type: z.enum(SHIFT_TYPES).default('REGULAR'),
  note: z.string().trim().min(1).max(1000).optional(),
});

export const PublishRosterBody = z.strictObject({
  outletId: z.uuid(),
  assignments: z.array(RosterRow).min(1).max(MAX_ROSTER_ROWS).meta({ description: `One to ${MAX_ROSTER_ROWS} assignments, all at the outlet; all are published or none` }),
  complianceOverrideReason: ComplianceOverrideReason.optional(),
});
export type PublishRosterBody = z.infer<typeof PublishRosterBody>;

export const CloneWeekBody = z
  .strictObject({
    outletId: z.uuid(),
    fromWeekStart: CalendarDate.meta({ description: "First day of the week copied, in the outlet's timezone; the week is the 7 days from it" }),
    toWeekStart: CalendarDate.meta({ description: 'First day of the week the copies land in: a whole number of weeks before or after fromWeekStart' }),
    complianceOverrideReason: ComplianceOverrideReason.optional(),
  })
  .refine((b) => b.fromWeekStart !== b.toWeekStart, { message: 'must differ from fromWeekStart', path: ['toWeekStart'] })
  // Only between two valid dates: a malformed one is reported by itself.
  .refine((b) => !CalendarDate.safeParse(b.fromWeekStart).success || !CalendarDate.safeParse(b.toWeekStart).success || (Date.parse(b.toWeekStart) - Date.parse(b.fromWeekStart)) % (7 * 86_400_000) === 0, {
    message: 'must be a whole number of weeks from fromWeekStart',
    path: ['toWeekStart'],
  });
export type CloneWeekBody = z.infer<typeof CloneWeekBody>;

export const RosterDecisionBody = z.strictObject({ note: DecisionNote.optional() });
export type RosterDecisionBody = z.infer<typeof RosterDecisionBody>;

export const RosterIdParams = z.object({ id: z.uuid() });

export const ListRostersQuery = z.object({
  outletId: z.uuid().optional(),
  status: z.enum(ROSTER_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListRostersQuery = z.infer<typeof ListRostersQuery>;

export const RosterDto = z.object({
  id: z.uuid(),
  outletId: z.uuid(),
  source: z.enum(['PUBLISH', 'CLONE', 'AUTO']).meta({ description: 'AUTO: an accepted auto-scheduler proposal' }),
  status: z.enum(ROSTER_STATUSES).meta({ description: 'PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED' }),
  assignmentCount: z.number().int(),
  publishedByUserId: z.uuid().nullable(),
  decidedByUserId: z.uuid().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RosterDto = z.infer<typeof RosterDto>;

export const RosterWithAssignmentsDto = RosterDto.extend({ assignments: z.array(ShiftDto) });

export const PublishedDto = z.object({
  published: z.number().int(),
  rosterId: z.uuid(),
  assignments: z.array(ShiftDto),
});

export const PendingRosterDto = RosterDto.extend({
  published: z.number().int(),
  assignments: z.array(ShiftDto).meta({ description: 'The drafts (PROPOSED), each already announced by shift.assigned' }),
});

export const ClonedDto = z.object({
  rosterId: z.uuid(),
  status: z.enum(['PUBLISHED', 'PENDING_APPROVAL']),
  cloned: z.number().int(),
  skipped: z.array(z.object({ sourceShiftId: z.uuid(), userId: z.uuid(), reason: z.string() })).meta({ description: 'Shifts not copied because their person is no longer active' }),
  assignments: z.array(ShiftDto),
});
