import { z } from 'zod';
import { created, ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { toShiftDto } from '../shifts/shifts.service.js';
import type { Roster } from './rosters.repository.js';
import type { RostersService } from './rosters.service.js';
import {
  ClonedDto,
  CloneWeekBody,
  ListRostersQuery,
  PendingRosterDto,
  PublishedDto,
  PublishRosterBody,
  RosterDecisionBody,
  RosterDto,
  RosterIdParams,
  RosterWithAssignmentsDto,
} from './rosters.schemas.js';
import { MANAGERS, ROSTER_APPROVERS } from '@wfm/core/role-sets';
import { COMPLIANCE_422, COMPLIANCE_HEADERS_NOTE, withCompliance } from '../../compliance/violations/violations.routes.js';
import { ComplianceBlockedDto } from '../../compliance/violations/violations.schemas.js';

const TAGS = ['scheduler'];
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs' };

export function toRosterDto(r: Roster): RosterDto {
  return {
    id: r.id,
    outletId: r.outletId,
    source: r.source,
    status: r.status,
    assignmentCount: r.assignmentCount,
    publishedByUserId: r.publishedByUserId,
    decidedByUserId: r.decidedByUserId,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** 202 while the roster waits for an approver, 201 once published. */
function accepted(body: unknown): Reply {
  return { status: 202, body };
}

export function rostersRoutes(r: ApiRouter, rosters: RostersService): void {
  r.post(
    '/scheduler/assignments',
    {
      summary:
        'Publish a roster: many assignments at one outlet, all or none; fires shift.assigned for each. With roster approval on they are PROPOSED drafts awaiting an approver (202), and still fire',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      body: PublishRosterBody,
      responses: {
        201: { description: `Published: the count, the roster id and the assignments (SCHEDULED); ${COMPLIANCE_HEADERS_NOTE}`, schema: PublishedDto },
        202: { description: `Roster approval is on: the roster, PENDING_APPROVAL, with its PROPOSED assignments; ${COMPLIANCE_HEADERS_NOTE}`, schema: PendingRosterDto },
        400: { description: 'Validation failure, or a row whose window is empty or over 24 hours (named `assignments[i]`)' },
        403: E403,
        404: { description: 'No outlet with this id, or a row whose user does not exist in the tenant or (OUTLET_MANAGER) is not at their outlets' },
        409: {
          description:
            "SHIFT_OVERLAP: a row overlaps another shift of its user (in the roster or already booked); AVAILABILITY_CONFLICT (the tenant's availability mode is BLOCK): rows fall in their user's unavailability, each listed in `conflicts` with its `row`; a user or the outlet is not active",
        },
        422: { ...COMPLIANCE_422, schema: ComplianceBlockedDto },
      },
    },
    async ({ req, body }) => {
      const { roster, assignments, compliance } = await rosters.publish(currentUser(req), body);
      const dtos = assignments.map(toShiftDto);
      if (roster.status === 'PENDING_APPROVAL') return withCompliance(accepted({ ...toRosterDto(roster), published: dtos.length, assignments: dtos }), compliance);
      return withCompliance(created({ published: dtos.length, rosterId: roster.id, assignments: dtos }), compliance);
    },
  );

  r.post(
    '/scheduler/clone-week',
    {
      summary: "Copy an outlet's week of shifts to another week at the same local times in the outlet's timezone; fires nothing. People no longer active are skipped and listed",
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      body: CloneWeekBody,
      responses: {
        201: { description: 'The copies, SCHEDULED', schema: ClonedDto },
        202: { description: 'Roster approval is on: the copies are PROPOSED drafts in a roster PENDING_APPROVAL', schema: ClonedDto },
        400: { description: 'Validation failure, or weeks not a whole number of weeks apart' },
        403: E403,
        404: { description: 'No outlet with this id in the tenant' },
        409: {
          description:
            'NOTHING_TO_CLONE: no shift (of an active person) in the source week; SHIFT_OVERLAP: a copy overlaps a shift in the target week; AVAILABILITY_CONFLICT (mode BLOCK): copies fall in unavailability; the outlet is not active',
        },
        422: { ...COMPLIANCE_422, schema: ComplianceBlockedDto },
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      const { roster, assignments, skipped, compliance } = await rosters.cloneWeek(user, body);
      const reply = { rosterId: roster.id, status: roster.status, cloned: assignments.length, skipped, assignments: assignments.map(toShiftDto) };
      return withCompliance(roster.status === 'PENDING_APPROVAL' ? accepted(reply) : created(reply), compliance);
    },
  );

  r.get(
    '/scheduler/rosters',
    {
      summary: 'List rosters, newest first; an OUTLET_MANAGER sees those of their outlets',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      query: ListRostersQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(RosterDto) } },
    },
    async ({ req, query }) => ok((await rosters.list(currentUser(req), query)).map(toRosterDto)),
  );

  r.get(
    '/scheduler/rosters/:id',
    {
      summary: 'One roster with its assignments',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: RosterIdParams,
      responses: { 200: { description: 'The roster', schema: RosterWithAssignmentsDto }, 404: { description: 'No roster with this id in the tenant (or at their outlets)' } },
    },
    async ({ req, params }) => {
      const { roster, assignments } = await rosters.get(currentUser(req), params.id);
      return ok({ ...toRosterDto(roster), assignments: assignments.map(toShiftDto) });
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/scheduler/rosters/:id/${decision}`,
      {
        summary:
          decision === 'approve'
            ? "Approve a roster awaiting approval: its PROPOSED assignments become SCHEDULED; fires nothing. Not by the roster's publisher"
            : "Reject a roster awaiting approval: its PROPOSED assignments are CANCELLED; fires nothing. Not by the roster's publisher",
        tags: TAGS,
        auth: { kind: 'user', roles: ROSTER_APPROVERS },
        params: RosterIdParams,
        body: RosterDecisionBody,
        responses: {
          200: { description: 'The decided roster with its assignments', schema: RosterWithAssignmentsDto },
          403: { description: 'Role not allowed (AREA_MANAGER and above), or the caller published this roster' },
          404: { description: 'No roster with this id in the tenant' },
          409: { description: 'The roster is not awaiting approval' },
        },
      },
      async ({ req, params, body }) => {
        const user = currentUser(req);
        const { roster, assignments } = decision === 'approve' ? await rosters.approve(user, params.id, body) : await rosters.reject(user, params.id, body);
        return ok({ ...toRosterDto(roster), assignments: assignments.map(toShiftDto) });
      },
    );
  }
}
