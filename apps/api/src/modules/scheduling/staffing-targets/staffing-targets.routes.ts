import { z } from 'zod';
import { MANAGERS } from '@wfm/core/role-sets';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { StaffingTarget } from './staffing-targets.repository.js';
import {
  DemandImportDto,
  ImportDemandBody,
  ListStaffingTargetsQuery,
  PutStaffingTargetsBody,
  StaffingTargetDto,
  StaffingTargetIdParams,
  UpdateStaffingTargetBody,
} from './staffing-targets.schemas.js';
import type { StaffingTargetsService } from './staffing-targets.service.js';

const TAGS = ['scheduler'];
const auth = { kind: 'user' as const, roles: MANAGERS };
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs' };
const E404 = { description: 'No staffing target with this id in the tenant (or at their outlets)' };

export function toStaffingTargetDto(t: StaffingTarget): StaffingTargetDto {
  return { id: t.id, outletId: t.outletId, role: t.role, weekday: t.weekday, hour: t.hour, required: t.required, source: t.source, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString() };
}

export function staffingTargetsRoutes(r: ApiRouter, targets: StaffingTargetsService): void {
  r.get(
    '/scheduler/staffing-targets',
    {
      summary: 'The staffing targets of an outlet (optionally one role), by role, weekday and hour',
      tags: TAGS,
      auth,
      query: ListStaffingTargetsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(StaffingTargetDto) }, 403: E403, 404: { description: 'No outlet with this id in the tenant' } },
    },
    async ({ req, query }) => ok((await targets.list(currentUser(req), query)).map(toStaffingTargetDto)),
  );

  r.put(
    '/scheduler/staffing-targets',
    {
      summary: 'Set the week of staffing targets of one outlet and role: the hours listed are written (ENTERED), the others removed',
      tags: TAGS,
      auth,
      body: PutStaffingTargetsBody,
      responses: { 200: { description: 'The outlet’s targets for the role, as stored', schema: z.array(StaffingTargetDto) }, 403: E403, 404: { description: 'No outlet with this id in the tenant' } },
    },
    async ({ req, body }) => ok((await targets.put(currentUser(req), body)).map(toStaffingTargetDto)),
  );

  r.post(
    '/scheduler/staffing-targets/demand-import',
    {
      summary: 'Derive staffing targets for a role from a demand CSV (sales per outlet and hour) and a productivity ratio; each row succeeds or fails alone',
      tags: TAGS,
      auth,
      body: ImportDemandBody,
      responses: { 200: { description: 'The targets written and the rows that failed', schema: DemandImportDto }, 400: { description: 'Validation failure, or a header missing a column, or too many rows' } },
    },
    async ({ req, body }) => {
      const result = await targets.importDemand(currentUser(req), body);
      return ok({ ...result, targets: result.targets.map(toStaffingTargetDto) });
    },
  );

  r.patch(
    '/scheduler/staffing-targets/:id',
    {
      summary: 'Change the heads one staffing target requires (it becomes ENTERED)',
      tags: TAGS,
      auth,
      params: StaffingTargetIdParams,
      body: UpdateStaffingTargetBody,
      responses: { 200: { description: 'The target', schema: StaffingTargetDto }, 404: E404 },
    },
    async ({ req, params, body }) => ok(toStaffingTargetDto(await targets.update(currentUser(req), params.id, body.required))),
  );

  r.delete(
    '/scheduler/staffing-targets/:id',
    { summary: 'Remove one staffing target', tags: TAGS, auth, params: StaffingTargetIdParams, responses: { 204: { description: 'Removed' }, 404: E404 } },
    async ({ req, params }) => {
      await targets.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );
}
