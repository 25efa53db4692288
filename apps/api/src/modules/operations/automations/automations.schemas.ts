import { z } from 'zod';
import { ROLES } from '@wfm/core/tenancy';
import { clampedInt } from '../../../http/validation.js';
import { Priority } from '../issues/issues.schemas.js';

/**
 * What an automation reacts to. Each is an issue the platform or a person raised, so one reading of
 * the issues table finds them all: a HIGH or URGENT issue from any source; a failed checklist task,
 * which raises a CHECKLIST issue; an asset falling due, which the maintenance job raises as a
 * MAINTENANCE issue. Issues an automation raised never trigger one (no loops).
 */
export const AUTOMATION_TRIGGERS = ['ISSUE_HIGH_PRIORITY', 'CHECKLIST_TASK_FAILED', 'ASSET_DUE'] as const;
export const Trigger = z.enum(AUTOMATION_TRIGGERS);

const Title = z.string().trim().min(1).max(200);

export const NotifyRoleAction = z
  .strictObject({ kind: z.literal('NOTIFY_ROLE'), role: z.enum(ROLES.filter((r) => r !== 'TENANT_GROUP_OWNER') as [string, ...string[]]) })
  .meta({ description: 'Mail everyone active with this role; OUTLET_MANAGER and STAFF only those who work at the outlet of the issue' });
export const RaiseIssueAction = z
  .strictObject({ kind: z.literal('RAISE_ISSUE'), title: Title, priority: Priority })
  .meta({ description: 'Raise an issue at the same outlet (and asset), source AUTOMATION: silently, no issue.created' });
export const AssignAction = z
  .strictObject({ kind: z.literal('ASSIGN'), userId: z.uuid() })
  .meta({ description: 'Give the issue to this person, if they are active and work at its outlet when the rule acts' });
export const AutomationAction = z.discriminatedUnion('kind', [NotifyRoleAction, RaiseIssueAction, AssignAction]);
export type AutomationAction = z.infer<typeof AutomationAction>;
const Actions = z.array(AutomationAction).min(1).max(5);

const Name = z.string().trim().min(1).max(120);

export const CreateAutomationBody = z.strictObject({
  name: Name,
  trigger: Trigger,
  outletId: z.uuid().nullable().optional().meta({ description: 'Only issues at this outlet; omitted or null: every outlet' }),
  actions: Actions,
  active: z.boolean().default(true),
});
export type CreateAutomationBody = z.infer<typeof CreateAutomationBody>;

export const UpdateAutomationBody = z
  .strictObject({ name: Name.optional(), trigger: Trigger.optional(), outletId: z.uuid().nullable().optional(), actions: Actions.optional(), active: z.boolean().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: name, trigger, outletId, actions, active');
export type UpdateAutomationBody = z.infer<typeof UpdateAutomationBody>;

export const AutomationIdParams = z.object({ id: z.uuid() });
export const ListRunsQuery = z.object({ limit: clampedInt(50, 1, 200), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER) });
export type ListRunsQuery = z.infer<typeof ListRunsQuery>;

export const AutomationDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  trigger: Trigger,
  outletId: z.uuid().nullable(),
  actions: z.array(AutomationAction),
  active: z.boolean(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AutomationDto = z.infer<typeof AutomationDto>;

export const ActionResult = z.object({
  kind: z.enum(['NOTIFY_ROLE', 'RAISE_ISSUE', 'ASSIGN']),
  issueId: z.uuid().optional().meta({ description: 'RAISE_ISSUE: the issue raised' }),
  assigned: z.boolean().optional().meta({ description: 'ASSIGN: false when the person had left or no longer worked at the outlet' }),
  mailed: z.number().int().optional().meta({ description: 'NOTIFY_ROLE: how many people were mailed' }),
});
export type ActionResult = z.infer<typeof ActionResult>;

export const AutomationRunDto = z.object({
  id: z.uuid(),
  automationId: z.uuid(),
  subjectId: z.uuid().meta({ description: 'The issue that triggered it' }),
  outcome: z.enum(['DONE', 'FAILED']),
  results: z.array(ActionResult),
  error: z.string().nullable().meta({ description: 'FAILED: why, in words (nothing internal)' }),
  createdAt: z.iso.datetime(),
});
export type AutomationRunDto = z.infer<typeof AutomationRunDto>;
