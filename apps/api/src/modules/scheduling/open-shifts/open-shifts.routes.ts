import { z } from 'zod';
import { withCompliance } from '../../compliance/violations/violations.routes.js';
import { ComplianceBlockedDto } from '../../compliance/violations/violations.schemas.js';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { ShiftIdParams } from '../shifts/shifts.schemas.js';
import { toShiftDto } from '../shifts/shifts.service.js';
import type { OpenShift } from './open-shifts.repository.js';
import type { OpenShiftsService } from './open-shifts.service.js';
import { ClaimedShiftDto, ListOpenShiftsQuery, OpenShiftDto, OpenShiftIdParams, ReleaseShiftBody } from './open-shifts.schemas.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';

const TAGS = ['open shifts'];

export function toOpenShiftDto(o: OpenShift): OpenShiftDto {
  return {
    id: o.id,
    outletId: o.outletId,
    scheduledStart: o.scheduledStart.toISOString(),
    scheduledEnd: o.scheduledEnd.toISOString(),
    type: o.type,
    note: o.note,
    status: o.status,
    previousUserId: o.previousUserId,
    releasedByUserId: o.releasedByUserId,
    claimedByUserId: o.claimedByUserId,
    claimedAssignmentId: o.claimedAssignmentId,
    closedAt: o.closedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function openShiftsRoutes(r: ApiRouter, openShifts: OpenShiftsService): void {
  r.post(
    '/shift-assignments/:id/release',
    {
      summary: 'Release a SCHEDULED shift that has not started to the open-shifts marketplace: the assignment is cancelled; fires shift.released',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: ShiftIdParams,
      body: ReleaseShiftBody,
      responses: {
        200: { description: 'The open shift', schema: OpenShiftDto },
        403: { description: 'Role not allowed, or (OUTLET_MANAGER) their own shift at another outlet' },
        404: { description: 'No shift with this id in the tenant, or (OUTLET_MANAGER) a shift at another outlet' },
        409: { description: 'The shift is not SCHEDULED, or has started' },
      },
    },
    async ({ req, params, body }) => ok(toOpenShiftDto(await openShifts.release(currentUser(req), params.id, body))),
  );

  r.get(
    '/open-shifts',
    {
      summary:
        'Open shifts not yet started. Staff see those they may claim: at one of their outlets, overlapping no shift of theirs, on no day of approved leave, in none of their unavailable windows or time off. Managers see all of their scope',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListOpenShiftsQuery,
      responses: { 200: { description: 'A bare array by scheduledStart', schema: z.array(OpenShiftDto) } },
    },
    async ({ req, query }) => {
      const user = currentUser(req);
      return ok((await openShifts.listFor(user, user.tenant.timezone, query)).map(toOpenShiftDto));
    },
  );

  r.post(
    '/open-shifts/:id/claim',
    {
      summary: 'Claim an open shift: the first claim wins and becomes a SCHEDULED assignment of the caller; fires shift.claimed',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: OpenShiftIdParams,
      responses: {
        200: { description: 'The claimed open shift with the new assignment', schema: ClaimedShiftDto },
        404: { description: 'No open shift with this id in the tenant, or not at one of your outlets' },
        409: { description: 'SHIFT_TAKEN (claimed, or withdrawn), SHIFT_STARTED, SHIFT_OVERLAP (you have a shift then), ON_LEAVE (approved leave on its day), UNAVAILABLE (in a weekly unavailable window or time off of yours)' },
        422: { description: 'COMPLIANCE_BLOCKED: taking the shift would break a working-time rule in BLOCK mode; `violations` lists the breaches', schema: ComplianceBlockedDto },
      },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      const { open, assignment, compliance } = await openShifts.claim(user, user.tenant.timezone, params.id);
      return withCompliance(ok({ ...toOpenShiftDto(open), assignment: toShiftDto(assignment) }), compliance);
    },
  );

  r.delete(
    '/open-shifts/:id',
    {
      summary: 'Withdraw an open shift nobody has claimed; fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: OpenShiftIdParams,
      responses: {
        200: { description: 'The withdrawn open shift', schema: OpenShiftDto },
        404: { description: 'No open shift with this id in the tenant (or at their outlets)' },
        409: { description: 'Already claimed or withdrawn' },
      },
    },
    async ({ req, params }) => ok(toOpenShiftDto(await openShifts.withdraw(currentUser(req), params.id))),
  );
}
