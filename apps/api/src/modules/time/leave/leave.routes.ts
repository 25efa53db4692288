import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper, currentUser } from '../../../http/auth.guard.js';
import { envelopeSchema, PUBLIC_LIST_400 } from '../../../http/public-list.js';
import { type PublicLists } from '../../../lists/public-lists.js';
import { toLeaveRequestDto, toPublicLeaveRequestDto, type LeaveService } from './leave.service.js';
import {
  ApprovalChainDto,
  ApproveLeaveBody,
  CreateLeaveRequestBody,
  CreatePublicLeaveRequestBody,
  LeaveRequestDto,
  LeaveRequestIdParams,
  ListLeaveRequestsQuery,
  PublicLeaveRequestDto,
  PublicListLeaveRequestsQuery,
  PutApprovalChainBody,
  RejectLeaveBody,
} from './leave.schemas.js';
import { EVERY_ROLE, MANAGERS, TENANT_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['leave'];
const E404 = { description: 'No leave request with this id that the caller may see' };
const E409_OVERLAP = {
  description:
    "The dates overlap a PENDING or APPROVED request of the same person (error 'LEAVE_OVERLAP'), or annual leave goes beyond the available balance under an accrual policy that refuses (error 'LEAVE_BALANCE_EXCEEDED')",
};
const E403_DECIDE = {
  description: "Role not allowed, the caller's role is below the current step's, it is the caller's own request, or the caller approved an earlier step",
};
const E409_DECIDED = { description: 'The request is no longer PENDING' };
const E409_APPROVE = { description: "The request is no longer PENDING, or the last step's approval goes beyond the available balance under an accrual policy that refuses (error 'LEAVE_BALANCE_EXCEEDED')" };

const DEV_403 = { description: 'Not on the Enterprise plan, the Public Developer API is switched off, or the credential lacks the scope' };

export function leaveRoutes(r: ApiRouter, leave: LeaveService, lists: PublicLists): void {
  r.post(
    '/leave-requests',
    {
      summary: 'Request leave for yourself; fires leave.requested',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: CreateLeaveRequestBody,
      responses: { 201: { description: 'The PENDING request', schema: LeaveRequestDto }, 409: E409_OVERLAP },
    },
    async ({ req, body }) => created(await leave.submit({ kind: 'user', actor: currentUser(req) }, body)),
  );

  r.get(
    '/leave-requests',
    {
      summary: "List leave requests, oldest first; managers see the tenant's, an OUTLET_MANAGER those of the people of their outlets and their own, STAFF their own",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListLeaveRequestsQuery,
      responses: { 200: { description: 'A bare array, no total', schema: z.array(LeaveRequestDto) } },
    },
    async ({ req, query }) => ok(await leave.list(currentUser(req), query)),
  );

  r.get(
    '/leave-requests/:id',
    {
      summary: 'One leave request with its decisions',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: LeaveRequestIdParams,
      responses: { 200: { description: 'The request', schema: LeaveRequestDto }, 404: E404 },
    },
    async ({ req, params }) => ok(await leave.get(currentUser(req), params.id)),
  );

  r.post(
    '/leave-requests/:id/approve',
    {
      summary: 'Approve the current step; the last step approves the request and fires leave.approved',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: LeaveRequestIdParams,
      body: ApproveLeaveBody,
      responses: { 200: { description: 'The request after the decision', schema: LeaveRequestDto }, 403: E403_DECIDE, 404: E404, 409: E409_APPROVE },
    },
    async ({ req, params, body }) => ok(await leave.approve(currentUser(req), params.id, body.note)),
  );

  r.post(
    '/leave-requests/:id/reject',
    {
      summary: 'Reject the request at its current step, ending the chain; fires leave.rejected',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: LeaveRequestIdParams,
      body: RejectLeaveBody,
      responses: { 200: { description: 'The REJECTED request', schema: LeaveRequestDto }, 403: E403_DECIDE, 404: E404, 409: E409_DECIDED },
    },
    async ({ req, params, body }) => ok(await leave.reject(currentUser(req), params.id, body.note)),
  );

  r.post(
    '/leave-requests/:id/cancel',
    {
      summary: 'Withdraw your own PENDING request; fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: LeaveRequestIdParams,
      responses: {
        200: { description: 'The CANCELLED request', schema: LeaveRequestDto },
        403: { description: 'The request is not for the caller' },
        404: E404,
        409: { description: 'The request is no longer PENDING' },
      },
    },
    async ({ req, params }) => ok(await leave.cancel(currentUser(req), params.id)),
  );

  r.get(
    '/leave-approval-chain',
    {
      summary: "The tenant's leave approval chain (the default is one step by HR_MANAGER or above)",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'The chain', schema: ApprovalChainDto } },
    },
    async ({ req }) => ok(await leave.chain(currentUser(req).tenantId)),
  );

  r.put(
    '/leave-approval-chain',
    {
      summary: 'Replace the approval chain (1–5 steps); pending requests continue against the new chain',
      tags: TAGS,
      auth: { kind: 'user', roles: TENANT_ADMINS },
      body: PutApprovalChainBody,
      responses: { 200: { description: 'The new chain', schema: ApprovalChainDto } },
    },
    async ({ req, body }) => ok(await leave.setChain(currentUser(req), body)),
  );

  r.get(
    '/public/leave-requests',
    {
      summary: 'List leave requests overlapping [from, to], oldest first',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'leave:read' },
      query: PublicListLeaveRequestsQuery,
      responses: { 200: { description: 'List envelope', schema: envelopeSchema(PublicLeaveRequestDto) }, 400: { description: `${PUBLIC_LIST_400}; or \`to\` before \`from\`` }, 403: DEV_403 },
    },
    async ({ req, query }) => {
      const tenantId = currentDeveloper(req).tenantId;
      return ok(await lists.page('leave-requests', tenantId, query, leave.integrationSource(tenantId, query), (r) => toPublicLeaveRequestDto(toLeaveRequestDto(r, []))));
    },
  );

  r.post(
    '/public/leave-requests',
    {
      summary: 'Submit a leave request for the person in targetUserId; fires leave.requested',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'leave:write' },
      body: CreatePublicLeaveRequestBody,
      responses: {
        201: { description: 'The PENDING request', schema: PublicLeaveRequestDto },
        403: DEV_403,
        404: { description: 'targetUserId is not a live user of the tenant' },
        409: E409_OVERLAP,
      },
    },
    async ({ req, body }) => {
      const developer = currentDeveloper(req);
      const { targetUserId, ...input } = body;
      const request = await leave.submit({ kind: 'integration', tenantId: developer.tenantId, credentialId: developer.credentialId, targetUserId }, input);
      return created(toPublicLeaveRequestDto(request));
    },
  );
}
