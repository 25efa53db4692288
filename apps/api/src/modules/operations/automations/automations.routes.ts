import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { OPERATIONS_ADMINS } from '@wfm/core/role-sets';
import type { Automation, AutomationRun } from './automations.repository.js';
import type { AutomationsService } from './automations.service.js';
import { AutomationDto, AutomationIdParams, AutomationRunDto, CreateAutomationBody, ListRunsQuery, UpdateAutomationBody } from './automations.schemas.js';

const TAGS = ['automations'];
const E404 = { description: 'No automation with this id in the tenant' };
const admins = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_ADMINS } };

function toDto(a: Automation): AutomationDto {
  return { ...a, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() };
}

function toRunDto(r: AutomationRun): AutomationRunDto {
  return { id: r.id, automationId: r.automationId, subjectId: r.subjectId, outcome: r.outcome, results: r.detail.results, error: r.detail.error, createdAt: r.createdAt.toISOString() };
}

export function automationsRoutes(r: ApiRouter, automations: AutomationsService): void {
  r.get('/automations', { ...admins, summary: "The tenant's automations, oldest first", responses: { 200: { description: 'A bare array', schema: z.array(AutomationDto) } } }, async ({ req }) =>
    ok((await automations.list(currentUser(req))).map(toDto)),
  );

  r.post(
    '/automations',
    {
      ...admins,
      summary: 'Create an automation: when an issue of its trigger is raised (at its outlet, or any), a worker runs its actions once for that issue; what it raises fires no issue.created',
      body: CreateAutomationBody,
      responses: { 201: { description: 'The automation', schema: AutomationDto }, 404: { description: 'No outlet with this id in the tenant' } },
    },
    async ({ req, body }) => created(toDto(await automations.create(currentUser(req), body))),
  );

  r.get('/automations/:id', { ...admins, summary: 'One automation', params: AutomationIdParams, responses: { 200: { description: 'The automation', schema: AutomationDto }, 404: E404 } }, async ({ req, params }) =>
    ok(toDto(await automations.get(currentUser(req), params.id))),
  );

  r.patch(
    '/automations/:id',
    {
      ...admins,
      summary: 'Change an automation; it acts on issues raised from then on (an issue it already acted on is not acted on again)',
      params: AutomationIdParams,
      body: UpdateAutomationBody,
      responses: { 200: { description: 'The automation', schema: AutomationDto }, 404: { description: 'No automation (or outlet) with this id in the tenant' } },
    },
    async ({ req, params, body }) => ok(toDto(await automations.update(currentUser(req), params.id, body))),
  );

  r.delete('/automations/:id', { ...admins, summary: 'Delete an automation (its runs are kept with it)', params: AutomationIdParams, responses: { 204: { description: 'Deleted' }, 404: E404 } }, async ({ req, params }) => {
    await automations.remove(currentUser(req), params.id);
    return { status: 204 };
  });

  r.get(
    '/automations/:id/runs',
    {
      ...admins,
      summary: 'What an automation did, newest first: one run per issue it acted on, with each action’s result',
      params: AutomationIdParams,
      query: ListRunsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(AutomationRunDto) }, 404: E404 },
    },
    async ({ req, params, query }) => ok((await automations.runs(currentUser(req), params.id, query)).map(toRunDto)),
  );
}
