import { z } from 'zod';
import { ROLES } from '@wfm/core/tenancy';
import { clampedInt } from '../../../http/validation.js';
import { Priority } from '../issues/issues.schemas.js';

/**
 * What an automation reacts to. Three are issues the platform or a person raised, so the issues
 * table finds them: a HIGH or URGENT issue from any source; a failed checklist task, which raises a
 * CHECKLIST issue; an asset falling due, which the maintenance job raises as a MAINTENANCE issue.
 * Issues an automation raised never trigger one (no loops). The fourth is a work order past its
 * due date and not done.
 */
export const AUTOMATION_TRIGGERS = ['ISSUE_HIGH_PRIORITY', 'CHECKLIST_TASK_FAILED', 'ASSET_DUE', 'WORK_ORDER_OVERDUE'] as const;
/** The actions that act on the triggering issue itself, so a work-order trigger cannot take them. */
export const ISSUE_ONLY_ACTIONS = ['ASSIGN', 'OPEN_WORK_ORDER'] as const;
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
export const OpenWorkOrderAction = z
  .strictObject({
    kind: z.literal('OPEN_WORK_ORDER'),
    title: Title,
    priority: Priority,
    dueInDays: z.int().min(0).max(365).meta({ description: "Due this many days after the day it is opened (the tenant's date)" }),
    vendorId: z.uuid().optional(),
    assigneeUserId: z.uuid().optional(),
  })
  .refine((a) => !(a.vendorId && a.assigneeUserId), 'a work order goes to a vendor or a person, not both')
  .meta({ description: 'Open a work order from the issue (its outlet and asset), for a vendor or a person if named' });
export const AutomationAction = z.discriminatedUnion('kind', [NotifyRoleAction, RaiseIssueAction, AssignAction, OpenWorkOrderAction]);
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
  kind: z.enum(['NOTIFY_ROLE', 'RAISE_ISSUE', 'ASSIGN', 'OPEN_WORK_ORDER']),
  issueId: z.uuid().optional().meta({ description: 'RAISE_ISSUE: the issue raised' }),
  workOrderId: z.uuid().optional().meta({ description: 'OPEN_WORK_ORDER: the work order opened' }),
  assigned: z
    .boolean()
    .optional()
    .meta({ description: 'ASSIGN: false when the person had left or no longer worked at the outlet. OPEN_WORK_ORDER: false when the vendor or person named was gone, and the order opened unassigned' }),
  mailed: z.number().int().optional().meta({ description: 'NOTIFY_ROLE: how many people were mailed' }),
});
export type ActionResult = z.infer<typeof ActionResult>;

export const AutomationRunDto = z.object({
  id: z.uuid(),
  automationId: z.uuid(),
  subjectId: z.uuid().meta({ description: 'The issue (or, for WORK_ORDER_OVERDUE, the work order) that triggered it' }),
  outcome: z.enum(['DONE', 'FAILED']),
  results: z.array(ActionResult),
  error: z.string().nullable().meta({ description: 'FAILED: why, in words (nothing internal)' }),
  createdAt: z.iso.datetime(),
});
export type AutomationRunDto = z.infer<typeof AutomationRunDto>;
