import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { WorkOrder } from './work-orders.repository.js';
import type { WorkOrdersService } from './work-orders.service.js';
import { AssignWorkOrderBody, CompleteWorkOrderBody, CreateWorkOrderBody, ListWorkOrdersQuery, UpdateWorkOrderBody, WorkOrderDto, WorkOrderIdParams } from './work-orders.schemas.js';

const TAGS = ['work-orders'];
const E404 = { description: 'No work order with this id that the caller manages or is assigned' };
const E409 = { description: 'The workflow does not allow this move' };

export function toWorkOrderDto(w: WorkOrder): WorkOrderDto {
  return {
    id: w.id,
    tenantId: w.tenantId,
    outletId: w.outletId,
    assetId: w.assetId,
    assetName: w.assetName,
    issueId: w.issueId,
    title: w.title,
    description: w.description,
    priority: w.priority,
    status: w.status,
    dueOn: w.dueOn,
    overdue: w.overdue,
    vendorId: w.vendorId,
    assigneeUserId: w.assigneeUserId,
    assigneeName: w.assigneeName,
    completionNote: w.completionNote,
    completedAt: w.completedAt?.toISOString() ?? null,
    verifiedByUserId: w.verifiedByUserId,
    verifiedAt: w.verifiedAt?.toISOString() ?? null,
    createdByUserId: w.createdByUserId,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function workOrdersRoutes(r: ApiRouter, orders: WorkOrdersService): void {
  r.post(
    '/work-orders',
    {
      summary: 'Raise a work order at an outlet, optionally from an issue and for an asset, optionally assigned (then ASSIGNED, else OPEN)',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      body: CreateWorkOrderBody,
      responses: {
        201: { description: 'The work order', schema: WorkOrderDto },
        403: { description: 'The outlet is not one the caller manages' },
        404: { description: 'No such outlet, asset, issue, vendor or person that the caller reaches' },
        409: { description: 'The outlet, the asset and the issue disagree, or none of them is given' },
      },
    },
    async ({ req, body }) => created(toWorkOrderDto(await orders.create(currentUser(req), body))),
  );

  r.get(
    '/work-orders',
    {
      summary: "Work orders, newest first: managers see their outlets' (tenant-wide roles all) and those assigned to them; everyone else those assigned to them",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListWorkOrdersQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(WorkOrderDto) } },
    },
    async ({ req, query }) => ok((await orders.list(currentUser(req), query)).map(toWorkOrderDto)),
  );

  r.get(
    '/work-orders/:id',
    { summary: 'One work order', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: WorkOrderIdParams, responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: E404 } },
    async ({ req, params }) => ok(toWorkOrderDto(await orders.get(currentUser(req), params.id))),
  );

  r.patch(
    '/work-orders/:id',
    {
      summary: "Change a work order's title, description, priority or due date (not once VERIFIED or CANCELLED)",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: WorkOrderIdParams,
      body: UpdateWorkOrderBody,
      responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: E404, 409: { description: 'The order is VERIFIED or CANCELLED' } },
    },
    async ({ req, params, body }) => ok(toWorkOrderDto(await orders.update(currentUser(req), params.id, body))),
  );

  const manage = (path: string, summary: string, run: (id: string, req: Parameters<typeof currentUser>[0]) => Promise<WorkOrder>, notes = E409) =>
    r.post(
      `/work-orders/:id/${path}`,
      { summary, tags: TAGS, auth: { kind: 'user', roles: OPERATIONS_MANAGERS }, params: WorkOrderIdParams, responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: E404, 409: notes } },
      async ({ req, params }) => ok(toWorkOrderDto(await run(params.id, req))),
    );

  r.post(
    '/work-orders/:id/assign',
    {
      summary: 'Assign (or reassign) an OPEN or ASSIGNED work order to a vendor or a person; it becomes ASSIGNED',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: WorkOrderIdParams,
      body: AssignWorkOrderBody,
      responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: { description: 'No such work order, vendor or person that the caller reaches' }, 409: E409 },
    },
    async ({ req, params, body }) => ok(toWorkOrderDto(await orders.assign(currentUser(req), params.id, body))),
  );

  r.post(
    '/work-orders/:id/start',
    {
      summary: 'Start an ASSIGNED work order (IN_PROGRESS): its assignee, or a manager',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: WorkOrderIdParams,
      responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: E404, 409: E409 },
    },
    async ({ req, params }) => ok(toWorkOrderDto(await orders.start(currentUser(req), params.id))),
  );

  r.post(
    '/work-orders/:id/complete',
    {
      summary: 'Complete an IN_PROGRESS work order with a note (COMPLETED): its assignee, or a manager',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: WorkOrderIdParams,
      body: CompleteWorkOrderBody,
      responses: { 200: { description: 'The work order', schema: WorkOrderDto }, 404: E404, 409: E409 },
    },
    async ({ req, params, body }) => ok(toWorkOrderDto(await orders.complete(currentUser(req), params.id, body.completionNote))),
  );

  manage(
    'verify',
    'Verify a COMPLETED work order (VERIFIED); the issue it was raised from becomes RESOLVED silently: no issue.resolved (spec 03)',
    (id, req) => orders.verify(currentUser(req), id),
  );
  manage('reject', 'Reject a COMPLETED work order at verification: back to IN_PROGRESS', (id, req) => orders.reject(currentUser(req), id));
  manage('cancel', 'Cancel a work order that is not COMPLETED, VERIFIED or CANCELLED', (id, req) => orders.cancel(currentUser(req), id));
}
