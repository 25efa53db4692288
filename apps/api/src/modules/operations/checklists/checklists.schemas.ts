import { z } from 'zod';
import { Priority } from '../issues/issues.schemas.js';

export const TASK_KINDS = ['YES_NO', 'NUMBER', 'PHOTO', 'NOTE'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const RUN_STATUSES = ['OPEN', 'COMPLETED', 'MISSED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A template holds at most this many tasks: a checklist is done on a phone, one screen of taps. */
export const MAX_TASKS = 50;
/** Spec 02's bound for day reports, kept for this one too. */
export const MAX_REPORT_DAYS = 92;

const Name = z.string().trim().min(1).max(120);
const Description = z.string().trim().min(1).max(2000);
const Bound = z.number().finite().min(-1_000_000).max(1_000_000);

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const TaskBody = z
  .strictObject({
    kind: z.enum(TASK_KINDS),
    label: z.string().trim().min(1).max(160).meta({ description: 'What staff see, e.g. "Fridge 2 temperature"; also the title of the issue a failure raises' }),
    required: z.boolean().default(true),
    passAnswer: z.boolean().optional().meta({ description: 'YES_NO only, required there: the answer that passes' }),
    min: Bound.optional().meta({ description: 'NUMBER only: the lowest passing value' }),
    max: Bound.optional().meta({ description: 'NUMBER only: the highest passing value' }),
    unit: z.string().trim().min(1).max(20).optional().meta({ description: 'NUMBER only, e.g. "°C"' }),
    assetId: z.uuid().optional().meta({ description: 'The asset the task checks; a run at the outlet where it stands links its issues to it' }),
    priority: Priority.default('MEDIUM').meta({ description: 'The priority of the issue a failure raises' }),
  })
  .superRefine((t, ctx) => {
    const misplaced = (field: string) => ctx.addIssue({ code: 'custom', path: [field], message: `is not allowed for a ${t.kind} task` });
    if (t.kind === 'YES_NO' && t.passAnswer === undefined) ctx.addIssue({ code: 'custom', path: ['passAnswer'], message: 'is required for a YES_NO task' });
    if (t.kind !== 'YES_NO' && t.passAnswer !== undefined) misplaced('passAnswer');
    if (t.kind !== 'NUMBER') for (const f of ['min', 'max', 'unit'] as const) if (t[f] !== undefined) misplaced(f);
    if (t.kind === 'NUMBER' && t.min !== undefined && t.max !== undefined && t.min > t.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be less than min' });
  });
export type TaskBody = z.infer<typeof TaskBody>;

const Tasks = z.array(TaskBody).min(1).max(MAX_TASKS).meta({ description: 'In the order staff answer them' });

export const CreateTemplateBody = z.strictObject({ name: Name, description: Description.optional(), tasks: Tasks });
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

export const UpdateTemplateBody = z
  .strictObject({
    name: Name.optional(),
    description: Description.nullable().optional(),
    tasks: Tasks.optional().meta({ description: 'Replaces every task; runs already made keep the tasks they asked' }),
  })
  .refine(hasAnyField, 'must contain at least one of: name, description, tasks');
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBody>;

export const IdParams = z.object({ id: z.uuid() });
export const RunTaskParams = z.object({ id: z.uuid(), taskId: z.uuid() });

export const TaskDto = z.object({
  id: z.uuid(),
  position: z.number().int(),
  kind: z.enum(TASK_KINDS),
  label: z.string(),
  required: z.boolean(),
  passAnswer: z.boolean().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string().nullable(),
  assetId: z.uuid().nullable(),
  priority: Priority,
});
export type TaskDto = z.infer<typeof TaskDto>;

export const TemplateDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  tasks: z.array(TaskDto),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TemplateDto = z.infer<typeof TemplateDto>;

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM (24-hour)').meta({ example: '07:00' });
const Weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1)
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
  .meta({ description: 'ISO weekdays, 1 = Monday … 7 = Sunday' });
const WindowMinutes = z.number().int().min(5).max(1440).meta({ description: 'Minutes from the scheduled time to complete it in; after that the run is MISSED' });

export const CreateScheduleBody = z.strictObject({
  templateId: z.uuid(),
  outletId: z.uuid(),
  weekdays: Weekdays,
  time: LocalTime.meta({ description: "Local time of day in the outlet's timezone" }),
  windowMinutes: WindowMinutes.default(60),
  active: z.boolean().default(true),
});
export type CreateScheduleBody = z.infer<typeof CreateScheduleBody>;

export const UpdateScheduleBody = z
  .strictObject({ weekdays: Weekdays.optional(), time: LocalTime.optional(), windowMinutes: WindowMinutes.optional(), active: z.boolean().optional() })
  .refine(hasAnyField, 'must contain at least one of: weekdays, time, windowMinutes, active');
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

export const ListSchedulesQuery = z.object({ outletId: z.uuid().optional(), templateId: z.uuid().optional() });
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuery>;

export const ScheduleDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  templateId: z.uuid(),
  templateName: z.string(),
  outletId: z.uuid(),
  weekdays: z.array(z.number().int()),
  time: z.string().meta({ description: 'HH:MM, local' }),
  windowMinutes: z.number().int(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ScheduleDto = z.infer<typeof ScheduleDto>;

export const AnswerBody = z
  .strictObject({
    yes: z.boolean().optional().meta({ description: 'YES_NO: the answer' }),
    number: z.number().finite().min(-1_000_000).max(1_000_000).optional().meta({ description: 'NUMBER: the reading' }),
    note: z.string().trim().min(1).max(2000).optional().meta({ description: 'NOTE: the text; any other kind: a remark beside the answer' }),
  })
  .refine(hasAnyField, 'must contain at least one of: yes, number, note');
export type AnswerBody = z.infer<typeof AnswerBody>;

export const PhotoUploadBody = z.strictObject({
  photo: z.string().optional().meta({ format: 'binary', description: 'Required: the photo, PNG or JPEG, at most 1 MB, its type judged by its content' }),
});

export const TodayQuery = z.object({ outletId: z.uuid().optional() });
export type TodayQuery = z.infer<typeof TodayQuery>;

export const RunTaskDto = TaskDto.extend({
  answer: z
    .object({
      yes: z.boolean().nullable(),
      number: z.number().nullable(),
      note: z.string().nullable(),
      photo: z.object({ mediaType: z.string(), bytes: z.number().int() }).nullable().meta({ description: 'GET /checklist-runs/{id}/answers/{taskId}/photo serves it' }),
      answeredAt: z.iso.datetime(),
      answeredByUserId: z.uuid().nullable(),
    })
    .nullable(),
  failed: z.boolean().nullable().meta({ description: 'Null until answered' }),
  issueId: z.uuid().nullable().meta({ description: 'The issue the first failure raised (silently, source CHECKLIST)' }),
});
export type RunTaskDto = z.infer<typeof RunTaskDto>;

export const RunDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  scheduleId: z.uuid(),
  outletId: z.uuid(),
  name: z.string().meta({ description: "The template's name when the run was made" }),
  date: z.iso.date().meta({ description: "The local day (the outlet's timezone)" }),
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime().meta({ description: 'End of the window; an OPEN run past it becomes MISSED' }),
  status: z.enum(RUN_STATUSES),
  late: z.boolean().meta({ description: 'Completed at or after closesAt (the window end is not part of it)' }),
  completedAt: z.iso.datetime().nullable(),
  completedByUserId: z.uuid().nullable(),
  tasks: z.array(RunTaskDto),
});
export type RunDto = z.infer<typeof RunDto>;

// PostgreSQL has no year 0, which the ISO format allows; no checklist ran before 2000 anyway.
const LocalDate = z.iso.date({ message: 'must be a date in YYYY-MM-DD format' }).refine((d) => d >= '2000-01-01', 'must not be before 2000-01-01');

export const CompletionQuery = z.object({
  from: LocalDate.meta({ description: "First local day (each outlet's timezone), inclusive" }),
  to: LocalDate.meta({ description: `Last local day, inclusive; at most ${MAX_REPORT_DAYS} days counting both` }),
  outletId: z.uuid().optional(),
});
export type CompletionQuery = z.infer<typeof CompletionQuery>;

export const CompletionRowDto = z.object({
  outletId: z.uuid(),
  outletName: z.string(),
  scheduled: z.number().int().meta({ description: 'Runs dated in the period' }),
  completed: z.number().int().meta({ description: 'Completed within their window' }),
  completedLate: z.number().int(),
  missed: z.number().int().meta({ description: 'Window over and not completed' }),
  open: z.number().int().meta({ description: 'Window not over yet' }),
  failedTasks: z.number().int(),
  rate: z.number().nullable().meta({ description: '(completed + completedLate) / (scheduled - open), 0–1 to three decimals; null when nothing was due' }),
});
export type CompletionRowDto = z.infer<typeof CompletionRowDto>;
