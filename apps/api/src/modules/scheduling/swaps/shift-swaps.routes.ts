import { z } from 'zod';
import { ComplianceBlockedDto } from '../../compliance/violations/violations.schemas.js';
import type { ResponseDoc } from '../../../http/openapi.js';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ShiftSwap } from './shift-swaps.repository.js';
import type { ShiftSwapsService } from './shift-swaps.service.js';
import { ListSwapsQuery, RequestSwapBody, SwapCandidateDto, SwapCandidatesQuery, SwapDecisionBody, SwapDto, SwapIdParams } from './shift-swaps.schemas.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';

const TAGS = ['shift swaps'];
const E404 = { description: 'No swap with this id that the caller may see' };

export function toSwapDto(w: ShiftSwap): SwapDto {
  return {
    id: w.id,
    requesterUserId: w.requesterUserId,
    requesterAssignmentId: w.requesterAssignmentId,
    peerUserId: w.peerUserId,
    peerAssignmentId: w.peerAssignmentId,
    status: w.status,
    note: w.note,
    decidedByUserId: w.decidedByUserId,
    decidedAt: w.decidedAt?.toISOString() ?? null,
    decisionNote: w.decisionNote,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

const BLOCKED: ResponseDoc = {
  description: 'COMPLIANCE_BLOCKED: the exchanged shifts would break a working-time rule in BLOCK mode; nothing changes. WARN breaches are recorded (GET /compliance/violations)',
  schema: ComplianceBlockedDto,
};

const APPROVE_ONLY: Record<number, ResponseDoc> = { 422: BLOCKED };

export function shiftSwapsRoutes(r: ApiRouter, swaps: ShiftSwapsService): void {
  r.post(
    '/shift-swaps',
    {
      summary: "Ask a colleague to swap your SCHEDULED shift for theirs at the same outlet (neither started); they accept, then a manager approves",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: RequestSwapBody,
      responses: {
        201: { description: 'The swap, PENDING_PEER', schema: SwapDto },
        404: { description: 'Your shift does not exist or is not yours; no such shift at its outlet' },
        409: { description: 'A shift is not SCHEDULED or has started; both are yours; SWAP_PENDING: one is already in a pending swap' },
      },
    },
    async ({ req, body }) => created(toSwapDto(await swaps.request(currentUser(req), body))),
  );

  r.get(
    '/shift-swaps',
    {
      summary: 'Swaps, newest first: managers see those of their scope, everyone else those they are part of',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListSwapsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(SwapDto) } },
    },
    async ({ req, query }) => ok((await swaps.list(currentUser(req), query)).map(toSwapDto)),
  );

  r.get(
    '/shift-swaps/candidates',
    {
      summary: "Colleagues' SCHEDULED shifts ahead at the outlet of one of your own: what you may ask to swap it for",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: SwapCandidatesQuery,
      responses: {
        200: { description: 'Soonest first, at most 200', schema: z.array(SwapCandidateDto) },
        404: { description: 'Your shift does not exist or is not yours' },
        409: { description: 'Your shift is not SCHEDULED or has started' },
      },
    },
    async ({ req, query }) =>
      ok(
        (await swaps.candidates(currentUser(req), query)).map((c) => ({
          shiftAssignmentId: c.shiftAssignmentId,
          userId: c.userId,
          fullName: c.fullName,
          scheduledStart: c.scheduledStart.toISOString(),
          scheduledEnd: c.scheduledEnd.toISOString(),
          type: c.type,
        })),
      ),
  );

  const party = {
    accept: { summary: 'The colleague accepts: the swap waits for a manager (PENDING_APPROVAL)', run: swaps.accept.bind(swaps) },
    decline: { summary: 'The colleague declines (DECLINED)', run: swaps.decline.bind(swaps) },
    cancel: { summary: 'The person who asked withdraws a pending swap (CANCELLED)', run: swaps.cancel.bind(swaps) },
  };
  for (const [action, { summary, run }] of Object.entries(party)) {
    r.post(
      `/shift-swaps/:id/${action}`,
      {
        summary,
        tags: TAGS,
        auth: { kind: 'user', roles: EVERY_ROLE },
        params: SwapIdParams,
        responses: {
          200: { description: 'The swap', schema: SwapDto },
          403: { description: action === 'cancel' ? 'Only the person who asked may cancel' : 'Only the colleague asked may answer' },
          404: E404,
          409: { description: 'The swap is no longer waiting for this' },
        },
      },
      async ({ req, params }) => ok(toSwapDto(await run(currentUser(req), params.id))),
    );
  }

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/shift-swaps/:id/${decision}`,
      {
        summary:
          decision === 'approve'
            ? 'Approve an accepted swap: the two shifts exchange people; fires nothing'
            : 'Reject an accepted swap; the shifts stay as they are',
        tags: TAGS,
        auth: { kind: 'user', roles: MANAGERS },
        params: SwapIdParams,
        body: SwapDecisionBody,
        responses: {
          200: { description: 'The decided swap', schema: SwapDto },
          403: { description: 'Role not allowed, or the manager is part of the swap' },
          404: { description: 'No swap with this id in the tenant (or at their outlets)' },
          409: { description: 'The swap is not awaiting approval; SWAP_STALE: a shift changed hands; a shift is no longer SCHEDULED or has started; SHIFT_OVERLAP' },
          ...(decision === 'approve' ? APPROVE_ONLY : {}),
        },
      },
      async ({ req, params, body }) => {
        const user = currentUser(req);
        return ok(toSwapDto(decision === 'approve' ? await swaps.approve(user, params.id, body) : await swaps.reject(user, params.id, body)));
      },
    );
  }
}
