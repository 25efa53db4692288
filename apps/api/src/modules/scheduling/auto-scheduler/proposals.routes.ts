import { z } from 'zod';
import { ComplianceBlockedDto } from '../../compliance/violations/violations.schemas.js';
import { MANAGERS } from '@wfm/core/role-sets';
import { ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { toShiftDto } from '../shifts/shifts.service.js';
import type { Proposal, ProposalSummary } from './proposals.repository.js';
import {
  AcceptedDto,
  AddProposalShiftBody,
  CreateProposalBody,
  ListProposalsQuery,
  MoveProposalShiftBody,
  ProposalDto,
  ProposalIdParams,
  ProposalShiftParams,
  ProposalSummaryDto,
  ViolationsBody,
} from './proposals.schemas.js';
import type { ProposalsService } from './proposals.service.js';

const TAGS = ['scheduler'];
const auth = { kind: 'user' as const, roles: MANAGERS };
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) an outlet is not one of theirs' };
const E403_WORK = { description: 'Role not allowed, or (OUTLET_MANAGER) an outlet is not one of theirs, or a person given a shift ranks above the caller (the rank rule’s work)' };
const E404 = { description: 'No proposal with this id in the tenant (or, for an OUTLET_MANAGER, with every outlet theirs)' };
const E409 = { description: 'The proposal is not READY, or changed meanwhile' };
const E422 = { description: 'SCHEDULE_VIOLATIONS: the edit breaks a rule that cannot be bent (eligibility, availability, overlap, shift length, a BLOCK limit); each is listed', schema: ViolationsBody };

export function toProposalDto(p: Proposal): ProposalDto {
  return {
    id: p.id,
    weekStart: p.weekStart,
    outletIds: p.outletIds,
    status: p.status,
    failure: p.failure,
    shifts: p.result?.shifts ?? [],
    report: p.result?.report ?? null,
    createdByUserId: p.createdByUserId,
    decidedByUserId: p.decidedByUserId,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toProposalSummaryDto(p: ProposalSummary): ProposalSummaryDto {
  return {
    id: p.id,
    weekStart: p.weekStart,
    outletIds: p.outletIds,
    status: p.status,
    failure: p.failure,
    shiftCount: p.shiftCount,
    totalCostMinor: p.totalCostMinor === null ? null : Number(p.totalCostMinor),
    coveragePercent: p.coveragePercent,
    createdByUserId: p.createdByUserId,
    decidedByUserId: p.decidedByUserId,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const accepted = (body: unknown): Reply => ({ status: 202, body });

export function proposalsRoutes(r: ApiRouter, proposals: ProposalsService): void {
  r.post(
    '/scheduler/proposals',
    {
      summary: 'Propose a week’s schedule for one or more outlets from their staffing targets; solved in the background (poll GET until READY or FAILED)',
      tags: TAGS,
      auth,
      body: CreateProposalBody,
      responses: {
        202: { description: 'The proposal, QUEUED', schema: ProposalDto },
        403: E403,
        404: { description: 'An outlet does not exist in the tenant' },
        409: { description: 'An outlet is not active; MIXED_TIMEZONES: the outlets are in different timezones (a proposal is one week of one zone)' },
        503: { description: 'Too many schedules are being solved; retry shortly' },
      },
    },
    async ({ req, body }) => accepted(toProposalDto(await proposals.create(currentUser(req), body))),
  );

  r.get(
    '/scheduler/proposals',
    {
      summary: 'Proposals, newest first, without their shifts and report (their counts instead); an OUTLET_MANAGER sees those all of whose outlets are theirs',
      tags: TAGS,
      auth,
      query: ListProposalsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ProposalSummaryDto) } },
    },
    async ({ req, query }) => ok((await proposals.list(currentUser(req), query)).map(toProposalSummaryDto)),
  );

  r.get(
    '/scheduler/proposals/:id',
    { summary: 'One proposal: its shifts, cost, coverage, hours per person, gaps and bent rules', tags: TAGS, auth, params: ProposalIdParams, responses: { 200: { description: 'The proposal', schema: ProposalDto }, 404: E404 } },
    async ({ req, params }) => ok(toProposalDto(await proposals.get(currentUser(req), params.id))),
  );

  r.post(
    '/scheduler/proposals/:id/shifts',
    {
      summary: 'Add a shift to a READY proposal; re-checked, and the report recomputed',
      tags: TAGS,
      auth,
      params: ProposalIdParams,
      body: AddProposalShiftBody,
      responses: { 200: { description: 'The proposal', schema: ProposalDto }, 400: { description: 'Validation failure; a window off the week’s whole hours; an outlet not in the proposal' }, 403: E403_WORK, 404: E404, 409: E409, 422: E422 },
    },
    async ({ req, params, body }) => ok(toProposalDto(await proposals.addShift(currentUser(req), params.id, body))),
  );

  r.patch(
    '/scheduler/proposals/:id/shifts/:shiftId',
    {
      summary: 'Move a proposed shift (another person, outlet, role or window); re-checked, and the report recomputed',
      tags: TAGS,
      auth,
      params: ProposalShiftParams,
      body: MoveProposalShiftBody,
      responses: { 200: { description: 'The proposal', schema: ProposalDto }, 400: { description: 'Validation failure; a window off the week’s whole hours; an outlet not in the proposal' }, 403: E403_WORK, 404: { description: 'No such proposal, or no such shift in it' }, 409: E409, 422: E422 },
    },
    async ({ req, params, body }) => ok(toProposalDto(await proposals.moveShift(currentUser(req), params.id, params.shiftId, body))),
  );

  r.delete(
    '/scheduler/proposals/:id/shifts/:shiftId',
    {
      summary: 'Remove a proposed shift; the report is recomputed',
      tags: TAGS,
      auth,
      params: ProposalShiftParams,
      responses: { 200: { description: 'The proposal', schema: ProposalDto }, 403: E403, 404: { description: 'No such proposal, or no such shift in it' }, 409: E409 },
    },
    async ({ req, params }) => ok(toProposalDto(await proposals.removeShift(currentUser(req), params.id, params.shiftId))),
  );

  r.post(
    '/scheduler/proposals/:id/accept',
    {
      summary:
        'Accept a READY proposal: its shifts become shift assignments in one transaction, in a roster (source AUTO) per outlet; PROPOSED drafts awaiting an approver when roster approval is on. Fires nothing (spec 03: no shift.assigned when accepting an AI schedule)',
      tags: TAGS,
      auth,
      params: ProposalIdParams,
      responses: {
        200: { description: 'The proposal, ACCEPTED, with the rosters and assignments created', schema: AcceptedDto },
        403: E403_WORK,
        404: E404,
        409: { description: 'The proposal is not READY or changed meanwhile; SHIFT_OVERLAP: a shift overlaps one booked since' },
        422: {
          description: `${E422.description}; or COMPLIANCE_BLOCKED: the shifts would break a working-time rule the tenant set to BLOCK, each breach listed with its trace, nothing written`,
          schema: z.union([ViolationsBody, ComplianceBlockedDto]),
        },
      },
    },
    async ({ req, params }) => {
      const { proposal, rosterIds, assignments } = await proposals.accept(currentUser(req), params.id);
      return ok({ ...toProposalDto(proposal), rosterIds, assignments: assignments.map(toShiftDto) });
    },
  );

  r.post(
    '/scheduler/proposals/:id/discard',
    {
      summary: 'Discard a proposal that is not accepted (a solve still running is dropped when it ends)',
      tags: TAGS,
      auth,
      params: ProposalIdParams,
      responses: { 200: { description: 'The proposal, DISCARDED', schema: ProposalDto }, 403: E403, 404: E404, 409: { description: 'The proposal is ACCEPTED or DISCARDED' } },
    },
    async ({ req, params }) => ok(toProposalDto(await proposals.discard(currentUser(req), params.id))),
  );
}
