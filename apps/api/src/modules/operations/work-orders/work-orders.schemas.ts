import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { Priority } from '../issues/issues.schemas.js';
import { CalendarDate } from '../maintenance/maintenance.schemas.js';

export const WORK_ORDER_STATUSES = ['OPEN', 'ASSIGNED', 'IN_PROGRESS', 'COMPLETED', 'VERIFIED', 'CANCELLED'] as const;
const Status = z.enum(WORK_ORDER_STATUSES);

const Assignment = {
  vendorId: z.uuid().optional().meta({ description: 'A vendor of the tenant; not with assigneeUserId' }),
  assigneeUserId: z.uuid().optional().meta({ description: 'An active person of the tenant (within an OUTLET_MANAGER\'s outlets); not with vendorId' }),
};
const oneAssignee = (b: { vendorId?: string | undefined; assigneeUserId?: string | undefined }, ctx: z.RefinementCtx) => {
  if (b.vendorId && b.assigneeUserId) ctx.addIssue({ code: 'custom', path: ['assigneeUserId'], message: 'must not be given with vendorId' });
};

export const CreateWorkOrderBody = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().min(1).max(5000).optional(),
    priority: Priority,
    dueOn: CalendarDate.optional(),
    outletId: z.uuid().optional().meta({ description: "Required unless assetId or issueId gives it; must agree with theirs" }),
    assetId: z.uuid().optional(),
    issueId: z.uuid().optional().meta({ description: 'The issue it is raised from; verifying the order resolves it silently' }),
    ...Assignment,
  })
  .superRefine(oneAssignee);
export type CreateWorkOrderBody = z.infer<typeof CreateWorkOrderBody>;

export const UpdateWorkOrderBody = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().min(1).max(5000).nullable().optional(),
  priority: Priority.optional(),
  dueOn: CalendarDate.nullable().optional(),
});
export type UpdateWorkOrderBody = z.infer<typeof UpdateWorkOrderBody>;

export const AssignWorkOrderBody = z
  .strictObject(Assignment)
  .superRefine((b, ctx) => {
    oneAssignee(b, ctx);
    if (!b.vendorId && !b.assigneeUserId) ctx.addIssue({ code: 'custom', path: ['assigneeUserId'], message: 'or vendorId is required' });
  });
export type AssignWorkOrderBody = z.infer<typeof AssignWorkOrderBody>;

export const CompleteWorkOrderBody = z.strictObject({ completionNote: z.string().trim().min(1).max(2000) });
export type CompleteWorkOrderBody = z.infer<typeof CompleteWorkOrderBody>;

export const WorkOrderIdParams = z.object({ id: z.uuid() });

export const ListWorkOrdersQuery = z.object({
  issueId: z.uuid().optional(),
  assetId: z.uuid().optional(),
  outletId: z.uuid().optional(),
  status: Status.optional(),
  assigneeUserId: z.uuid().optional(),
  vendorId: z.uuid().optional(),
  overdue: z.enum(['true', 'false']).optional().meta({ description: 'Only overdue (true) or only not overdue (false)' }),
  limit: clampedInt(100, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListWorkOrdersQuery = z.infer<typeof ListWorkOrdersQuery>;

export const WorkOrderDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  outletId: z.uuid(),
  assetId: z.uuid().nullable(),
  assetName: z.string().nullable(),
  issueId: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  priority: Priority,
  status: Status.meta({ description: 'OPEN → ASSIGNED → IN_PROGRESS → COMPLETED → VERIFIED, or CANCELLED; a rejected COMPLETED order goes back to IN_PROGRESS' }),
  dueOn: CalendarDate.nullable(),
  overdue: z.boolean().meta({ description: "dueOn is before today (the outlet's time zone) and the order is not COMPLETED, VERIFIED or CANCELLED" }),
  vendorId: z.uuid().nullable(),
  assigneeUserId: z.uuid().nullable(),
  assigneeName: z.string().nullable().meta({ description: "The assigned person's or vendor's name" }),
  completionNote: z.string().nullable(),
  completedAt: z.iso.datetime().nullable(),
  verifiedByUserId: z.uuid().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WorkOrderDto = z.infer<typeof WorkOrderDto>;
