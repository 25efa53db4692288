import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

export const ISSUE_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const ISSUE_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'CANCELLED', 'VERIFIED'] as const;
/** POST /issues and the mobile route fire issue.created; every other source raises silently (spec 03). */
export const ISSUE_SOURCES = ['WEB', 'MOBILE', 'CHECKLIST', 'MAINTENANCE', 'QUICK_ISSUE', 'AUTOMATION', 'TROUBLESHOOTING', 'WORK_ORDER'] as const;
export const Priority = z.enum(ISSUE_PRIORITIES);
const Status = z.enum(ISSUE_STATUSES);
const Source = z.enum(ISSUE_SOURCES);

export const RaiseIssueBody = z.strictObject({
  outletId: z.uuid(),
  title: z.string().trim().min(1).max(200),
  priority: Priority,
  description: z.string().trim().min(1).max(5000).optional(),
  assetId: z.uuid().optional().meta({ description: 'The asset at this outlet the issue is about' }),
});
export type RaiseIssueBody = z.infer<typeof RaiseIssueBody>;

export const UpdateIssueBody = z.strictObject({
  status: Status,
  resolutionNote: z.string().trim().min(1).max(2000).optional(),
});
export type UpdateIssueBody = z.infer<typeof UpdateIssueBody>;

export const AssignIssueBody = z.strictObject({ userId: z.uuid().nullable().meta({ description: 'Someone active who works at the outlet of the issue; null takes it back' }) });
export type AssignIssueBody = z.infer<typeof AssignIssueBody>;

export const IssueIdParams = z.object({ id: z.uuid() });

export const ListIssuesQuery = z.object({
  outletId: z.uuid().optional(),
  status: Status.optional(),
  priority: Priority.optional(),
  source: Source.optional(),
  assetId: z.uuid().optional(),
  assigneeUserId: z.uuid().optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListIssuesQuery = z.infer<typeof ListIssuesQuery>;

export const IssueDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  outletId: z.uuid(),
  assetId: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  priority: Priority,
  status: Status,
  source: Source.meta({
    description:
      'Where it came from: POST /issues (WEB) or POST /mobile/issues (MOBILE), which fire issue.created; or raised silently by a failed checklist task, a maintenance-due check, an asset\'s quick-issue, an automation, an unresolved troubleshooting guide or a work order',
  }),
  reporterUserId: z.uuid().nullable().meta({ description: 'Null when the platform raised it (a maintenance-due check, an automation)' }),
  assigneeUserId: z.uuid().nullable().meta({ description: 'Who handles it (PUT /issues/:id/assignee, or an automation)' }),
  resolutionNote: z.string().nullable(),
  resolvedByUserId: z.uuid().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IssueDto = z.infer<typeof IssueDto>;
