import { z } from 'zod';
import { AVAILABILITY_CONFLICT_MODES, AVAILABILITY_KINDS } from '@wfm/db/entities/availability.entity';
import { clampedInt, isoInstant } from '../../../http/validation.js';

/** At most this many weekly windows per person: a few per day is all a week needs. */
export const MAX_WEEKLY_WINDOWS = 50;
/** A time-off window covers at most a year; longer absences are leave or offboarding. */
export const MAX_TIME_OFF_MS = 366 * 86_400_000;
/** The conflicts lookup covers at most this many days, like a roster screen's longest view. */
export const MAX_CONFLICT_RANGE_DAYS = 42;
/** The lookup checks at most this many shifts: six weeks of 300 people on about one shift a day. */
export const MAX_CONFLICT_SHIFTS = 15_000;

const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const StartTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM from 00:00 to 23:59');
const EndTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time HH:MM from 00:01 to 24:00');
const Note = z.string().trim().min(1).max(1000);

export const AvailabilityKind = z.enum(AVAILABILITY_KINDS).meta({
  description: 'AVAILABLE: a preferred window, a preference the scheduler favours. UNAVAILABLE: a hard window the scheduler warns on or refuses (per the tenant mode)',
});
export const ConflictMode = z.enum(AVAILABILITY_CONFLICT_MODES);

export const WeeklyWindow = z
  .strictObject({
    kind: AvailabilityKind,
    weekday: z.number().int().min(1).max(7).meta({ description: 'ISO weekday: 1 = Monday … 7 = Sunday' }),
    start: StartTime.meta({ description: "Local wall-clock time in the tenant's timezone", example: '09:00' }),
    end: EndTime.meta({ description: 'Local wall-clock time; at or before `start` means the window runs past midnight into the next day; 24:00 is midnight at its end', example: '17:00' }),
    effectiveFrom: CalendarDate.nullable().default(null).meta({ description: 'First local date the window applies on; null: no start' }),
    effectiveTo: CalendarDate.nullable().default(null).meta({ description: 'Last local date it applies on (included); null: open-ended' }),
  })
  .refine((w) => w.start !== w.end, { message: 'must differ from start (a whole day is 00:00 to 24:00)', path: ['end'] })
  .refine((w) => !w.effectiveFrom || !w.effectiveTo || !CalendarDate.safeParse(w.effectiveFrom).success || w.effectiveFrom <= w.effectiveTo, {
    message: 'must not be before effectiveFrom',
    path: ['effectiveTo'],
  });
export type WeeklyWindow = z.infer<typeof WeeklyWindow>;

export const PutWeeklyAvailabilityBody = z.strictObject({
  windows: z.array(WeeklyWindow).max(MAX_WEEKLY_WINDOWS).meta({ description: 'The whole week; replaces every window the person had' }),
});
export type PutWeeklyAvailabilityBody = z.infer<typeof PutWeeklyAvailabilityBody>;

export const WeeklyAvailabilityDto = z.object({
  userId: z.uuid(),
  timezone: z.string().meta({ description: "The tenant's timezone, in which every window is read" }),
  windows: z.array(WeeklyWindow.safeExtend({ id: z.uuid() })),
});
export type WeeklyAvailabilityDto = z.infer<typeof WeeklyAvailabilityDto>;

function checkWindow(b: { startsAt?: string; endsAt?: string }, ctx: z.RefinementCtx): void {
  if (b.startsAt === undefined || b.endsAt === undefined) return;
  const length = Date.parse(b.endsAt) - Date.parse(b.startsAt);
  if (length <= 0) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  else if (length > MAX_TIME_OFF_MS) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be at most 366 days after startsAt' });
}

export const CreateTimeOffBody = z.strictObject({ startsAt: isoInstant(), endsAt: isoInstant(), note: Note.optional() }).superRefine(checkWindow);
export type CreateTimeOffBody = z.infer<typeof CreateTimeOffBody>;

export const UpdateTimeOffBody = z
  .strictObject({ startsAt: isoInstant().optional(), endsAt: isoInstant().optional(), note: Note.nullable().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: startsAt, endsAt, note')
  .superRefine(checkWindow);
export type UpdateTimeOffBody = z.infer<typeof UpdateTimeOffBody>;

export const ListTimeOffQuery = z.object({
  from: isoInstant().optional().meta({ description: 'Keeps time off ending after this instant' }),
  to: isoInstant().optional().meta({ description: 'Keeps time off starting before this instant' }),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListTimeOffQuery = z.infer<typeof ListTimeOffQuery>;

export const TimeOffDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  note: z.string().nullable(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TimeOffDto = z.infer<typeof TimeOffDto>;

export const UserIdParams = z.object({ id: z.uuid() });
export const TimeOffIdParams = z.object({ timeOffId: z.uuid() });
export const UserTimeOffParams = z.object({ id: z.uuid(), timeOffId: z.uuid() });

export const ConflictsQuery = z
  .object({
    from: isoInstant().meta({ description: 'Shifts starting at or after this instant' }),
    to: isoInstant().meta({ description: `Shifts starting before this instant; at most ${MAX_CONFLICT_RANGE_DAYS} days after from` }),
    outletId: z.uuid().optional(),
    userId: z.uuid().optional(),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (days > MAX_CONFLICT_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_CONFLICT_RANGE_DAYS} days after from` });
  });
export type ConflictsQuery = z.infer<typeof ConflictsQuery>;

export const ConflictKind = z.enum(['UNAVAILABLE', 'TIME_OFF', 'LEAVE', 'OUTSIDE_AVAILABILITY']).meta({
  description:
    'UNAVAILABLE: a weekly unavailable window; TIME_OFF: a one-off time-off window; LEAVE: approved leave; OUTSIDE_AVAILABILITY: the shift leaves the preferred windows the person stated (soft: never refused)',
});

export const AvailabilityConflictDto = z.object({
  userId: z.uuid(),
  shift: z.object({
    id: z.uuid().nullable().meta({ description: 'Null for a shift refused before it was written' }),
    row: z.number().int().optional().meta({ description: 'Its index in a roster body (POST /scheduler/assignments)' }),
    outletId: z.uuid(),
    scheduledStart: z.iso.datetime(),
    scheduledEnd: z.iso.datetime(),
  }),
  kind: ConflictKind,
  hard: z.boolean().meta({ description: 'Whether BLOCK mode refuses it' }),
  window: z.object({
    id: z.uuid().nullable().meta({ description: 'The weekly window, time-off window or leave request; null for OUTSIDE_AVAILABILITY' }),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    note: z.string().nullable(),
  }),
});
export type AvailabilityConflictDto = z.infer<typeof AvailabilityConflictDto>;

export const ConflictsDto = z.object({
  mode: ConflictMode.meta({ description: "The tenant's mode; OFF reports nothing" }),
  conflicts: z.array(AvailabilityConflictDto),
});
export type ConflictsDto = z.infer<typeof ConflictsDto>;
