import { z } from 'zod';
import { Priority } from '../issues/issues.schemas.js';

export const MAX_STEPS = 20;
export const SESSION_STATUSES = ['RUNNING', 'RESOLVED', 'UNRESOLVED'] as const;
const SessionStatus = z.enum(SESSION_STATUSES);

const Title = z.string().trim().min(1).max(200);
const Symptom = z.string().trim().min(1).max(120).meta({ description: 'What the staff see, as they would say it: "Fridge not cooling"' });

const StepInput = z.strictObject({
  instruction: z.string().trim().min(1).max(1000),
  caution: z.string().trim().min(1).max(500).optional().meta({ description: 'A safety note shown with the step ("Unplug it first")' }),
});
const Steps = z.array(StepInput).min(1).max(MAX_STEPS).meta({ description: 'In the order staff try them; each answer "did this fix it?" moves to the next' });
export type StepInput = z.infer<typeof StepInput>;

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const CreateGuideBody = z
  .strictObject({
    title: Title,
    symptom: Symptom,
    categoryId: z.uuid().optional().meta({ description: 'A guide for every asset of this category (tenant-wide roles only)' }),
    assetId: z.uuid().optional().meta({ description: 'A guide for this one asset' }),
    priority: Priority.meta({ description: 'The priority of the issue raised when the guide does not fix it' }),
    active: z.boolean().default(true).meta({ description: 'Inactive guides are drafts: only those who may write guides see them, and no session starts with one' }),
    steps: Steps,
  })
  .refine((b) => (b.categoryId === undefined) !== (b.assetId === undefined), 'must name exactly one of categoryId and assetId');
export type CreateGuideBody = z.infer<typeof CreateGuideBody>;

/** What a guide is for is fixed at creation; `steps` replaces the whole list. */
export const UpdateGuideBody = z
  .strictObject({ title: Title.optional(), symptom: Symptom.optional(), priority: Priority.optional(), active: z.boolean().optional(), steps: Steps.optional() })
  .refine(hasAnyField, 'must contain at least one of: title, symptom, priority, active, steps');
export type UpdateGuideBody = z.infer<typeof UpdateGuideBody>;

export const ListGuidesQuery = z.object({
  assetId: z.uuid().optional().meta({ description: 'The guides that apply to this asset: its own first, then its category\'s' }),
  categoryId: z.uuid().optional().meta({ description: 'The guides written for this whole category' }),
  active: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')).meta({ description: 'Staff always see active guides only' }),
});
export type ListGuidesQuery = z.infer<typeof ListGuidesQuery>;

export const IdParams = z.object({ id: z.uuid() });
export const StepParams = z.object({ id: z.uuid(), stepId: z.uuid() });

export const StartSessionBody = z.strictObject({ guideId: z.uuid(), assetId: z.uuid() });
export type StartSessionBody = z.infer<typeof StartSessionBody>;

export const AnswerStepBody = z.strictObject({ fixed: z.boolean().meta({ description: 'Did this step fix it?' }) });
export type AnswerStepBody = z.infer<typeof AnswerStepBody>;

const StepDto = z.object({ id: z.uuid(), instruction: z.string(), caution: z.string().nullable() });
export type StepDto = z.infer<typeof StepDto>;

export const GuideStatsDto = z
  .object({
    sessions: z.number().int().meta({ description: 'Sessions ended, resolved or not' }),
    resolved: z.number().int(),
    unresolved: z.number().int(),
    running: z.number().int().meta({ description: 'Started and not yet ended' }),
    resolvedRate: z.number().nullable().meta({ description: 'resolved / sessions, 0 to 1; null before any session ended' }),
  })
  .meta({ description: 'How the guide has worked: which guides fix things and which only delay an issue' });
export type GuideStatsDto = z.infer<typeof GuideStatsDto>;

export const GuideDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  assetId: z.uuid().nullable(),
  assetName: z.string().nullable(),
  title: z.string(),
  symptom: z.string(),
  priority: Priority,
  active: z.boolean(),
  steps: z.array(StepDto),
  stats: GuideStatsDto,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type GuideDto = z.infer<typeof GuideDto>;

export const SessionDto = z.object({
  id: z.uuid(),
  guideId: z.uuid(),
  assetId: z.uuid(),
  outletId: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
  symptom: z.string(),
  priority: Priority,
  steps: z.array(StepDto).meta({ description: 'The guide\'s steps as they were when the session started; a later edit of the guide does not change them' }),
  answers: z.array(z.object({ stepId: z.uuid(), fixed: z.boolean(), answeredAt: z.iso.datetime() })),
  currentStepId: z.uuid().nullable().meta({ description: 'The step to answer next; null once the session has ended' }),
  status: SessionStatus,
  issueId: z.uuid().nullable().meta({ description: 'The issue raised (silently, source TROUBLESHOOTING) when the session ended UNRESOLVED' }),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});
export type SessionDto = z.infer<typeof SessionDto>;

export const CatalogDto = z.object({
  categories: z.array(z.object({ id: z.uuid(), name: z.string() })).meta({ description: 'Every live asset category of the tenant, by name' }),
  assets: z
    .array(z.object({ id: z.uuid(), name: z.string(), tag: z.string(), outletId: z.uuid(), categoryId: z.uuid(), categoryName: z.string() }))
    .meta({ description: 'The live assets where the caller works (tenant-wide roles: all), by name' }),
});
export type CatalogDto = z.infer<typeof CatalogDto>;
