import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { Issue } from './issues.repository.js';
import type { IssuesService } from './issues.service.js';
import { AssignIssueBody, IssueDto, IssueIdParams, ListIssuesQuery, RaiseIssueBody, UpdateIssueBody } from './issues.schemas.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';

const TAGS = ['issues'];
const E404 = { description: 'No issue with this id that the caller may see' };

export function toIssueDto(i: Issue): IssueDto {
  return {
    id: i.id,
    tenantId: i.tenantId,
    outletId: i.outletId,
    assetId: i.assetId,
    title: i.title,
    description: i.description,
    priority: i.priority,
    status: i.status,
    source: i.source,
    reporterUserId: i.reporterUserId,
    assigneeUserId: i.assigneeUserId,
    resolutionNote: i.resolutionNote,
    resolvedByUserId: i.resolvedByUserId,
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export function issuesRoutes(r: ApiRouter, issues: IssuesService): void {
  const raise = {
    tags: TAGS,
    auth: { kind: 'user' as const, roles: EVERY_ROLE },
    body: RaiseIssueBody,
    responses: {
      201: { description: 'The issue, OPEN', schema: IssueDto },
      403: { description: 'The outlet is not one the caller works at (tenant-wide managers raise anywhere)' },
      404: { description: 'No outlet with this id in the tenant, or no such asset at it' },
      409: { description: 'The outlet is not active' },
    },
  };
  r.post('/issues', { ...raise, summary: 'Raise an issue at an outlet; fires issue.created' }, async ({ req, body }) => created(toIssueDto(await issues.raise(currentUser(req), body, 'WEB'))));
  r.post('/mobile/issues', { ...raise, summary: 'Report an issue from the mobile app (staff); fires issue.created' }, async ({ req, body }) =>
    created(toIssueDto(await issues.raise(currentUser(req), body, 'MOBILE'))),
  );

  r.get(
    '/issues',
    {
      summary: 'Issues, newest first: OUTLET_MANAGER and above see those of their outlets (tenant-wide roles all), everyone else those they raised or were given',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListIssuesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(IssueDto) } },
    },
    async ({ req, query }) => ok((await issues.list(currentUser(req), query)).map(toIssueDto)),
  );

  r.get(
    '/issues/:id',
    { summary: 'One issue', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: IssueIdParams, responses: { 200: { description: 'The issue', schema: IssueDto }, 404: E404 } },
    async ({ req, params }) => ok(toIssueDto(await issues.get(currentUser(req), params.id))),
  );

  r.patch(
    '/issues/:id',
    {
      summary:
        'Move an issue along OPEN → IN_PROGRESS → RESOLVED / CLOSED / CANCELLED → VERIFIED (or reopen). Reaching RESOLVED, CLOSED or CANCELLED fires issue.resolved; VERIFIED and the current status again fire nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: IssueIdParams,
      body: UpdateIssueBody,
      responses: { 200: { description: 'The issue', schema: IssueDto }, 404: E404, 409: { description: 'The workflow does not allow this move' } },
    },
    async ({ req, params, body }) => ok(toIssueDto(await issues.update(currentUser(req), params.id, body))),
  );

  r.put(
    '/issues/:id/assignee',
    {
      summary: 'Give an issue to someone who works at its outlet to handle, or take it back (null); fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: IssueIdParams,
      body: AssignIssueBody,
      responses: { 200: { description: 'The issue', schema: IssueDto }, 404: { description: 'No issue with this id that the caller may manage, or no such person at its outlet' } },
    },
    async ({ req, params, body }) => ok(toIssueDto(await issues.assign(currentUser(req), params.id, body.userId))),
  );
}
