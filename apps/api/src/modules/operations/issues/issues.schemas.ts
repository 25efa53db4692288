import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

export const ISSUE_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const ISSUE_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'CANCELLED', 'VERIFIED'] as const;
const Priority = z.enum(ISSUE_PRIORITIES);
const Status = z.enum(ISSUE_STATUSES);

export const RaiseIssueBody = z.strictObject({
  outletId: z.uuid(),
  title: z.string().trim().min(1).max(200),
  priority: Priority,
  description: z.string().trim().min(1).max(5000).optional(),
});
export type RaiseIssueBody = z.infer<typeof RaiseIssueBody>;

export const UpdateIssueBody = z.strictObject({
  status: Status,
  resolutionNote: z.string().trim().min(1).max(2000).optional(),
});
export type UpdateIssueBody = z.infer<typeof UpdateIssueBody>;

export const IssueIdParams = z.object({ id: z.uuid() });

export const ListIssuesQuery = z.object({
  outletId: z.uuid().optional(),
  status: Status.optional(),
  priority: Priority.optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListIssuesQuery = z.infer<typeof ListIssuesQuery>;

export const IssueDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  outletId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  priority: Priority,
  status: Status,
  source: z.enum(['WEB', 'MOBILE']).meta({ description: 'Where it was raised: POST /issues or POST /mobile/issues' }),
  reporterUserId: z.uuid().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedByUserId: z.uuid().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IssueDto = z.infer<typeof IssueDto>;
