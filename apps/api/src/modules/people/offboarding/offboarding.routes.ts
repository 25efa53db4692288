import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { propagated } from '../../access/feed/propagation.js';
import type { Offboarding } from './offboarding.repository.js';
import type { OffboardingService } from './offboarding.service.js';
import {
  AddChecklistItemBody,
  ChecklistItemParams,
  ListOffboardingQuery,
  OffboardingDto,
  OffboardingIdParams,
  StartOffboardingBody,
  UpdateChecklistItemBody,
} from './offboarding.schemas.js';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['offboarding'];
const E404 = { description: 'No offboarding with this id in the tenant' };
const E409 = { description: 'The offboarding is not in progress' };

export function toOffboardingDto(o: Offboarding): OffboardingDto {
  return {
    id: o.id,
    tenantId: o.tenantId,
    userId: o.userId,
    reason: o.reason,
    lastWorkingDay: o.lastWorkingDay,
    status: o.status,
    checklist: o.checklist.map((i) => ({ ...i, doneAt: i.doneAt ? new Date(i.doneAt).toISOString() : null })),
    settlement: o.settlement,
    startedByUserId: o.startedByUserId,
    finalizedByUserId: o.finalizedByUserId,
    completedAt: o.completedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function offboardingRoutes(r: ApiRouter, service: OffboardingService): void {
  r.post(
    '/offboarding',
    {
      summary: 'Start an offboarding with the default checklist; fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: StartOffboardingBody,
      responses: {
        201: { description: 'The offboarding, IN_PROGRESS', schema: OffboardingDto },
        403: { description: 'Role not allowed, or the person is the caller' },
        404: { description: 'No live user with this id in the tenant' },
        409: { description: 'OFFBOARDING_IN_PROGRESS: the person already has one' },
      },
    },
    async ({ req, body }) => created(toOffboardingDto(await service.start(currentUser(req), body))),
  );

  r.get(
    '/offboarding',
    { summary: 'Offboardings, newest first', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, query: ListOffboardingQuery, responses: { 200: { description: 'A bare array', schema: z.array(OffboardingDto) } } },
    async ({ req, query }) => ok((await service.list(currentUser(req), query)).map(toOffboardingDto)),
  );

  r.get(
    '/offboarding/:id',
    { summary: 'One offboarding, with a settlement preview while in progress', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: OffboardingIdParams, responses: { 200: { description: 'The offboarding', schema: OffboardingDto }, 404: E404 } },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toOffboardingDto(await service.get(user, user.tenant.timezone, params.id)));
    },
  );

  r.post(
    '/offboarding/:id/checklist',
    { summary: 'Add a checklist item', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: OffboardingIdParams, body: AddChecklistItemBody, responses: { 201: { description: 'The offboarding', schema: OffboardingDto }, 404: E404, 409: E409 } },
    async ({ req, params, body }) => created(toOffboardingDto(await service.addItem(currentUser(req), params.id, body.title))),
  );

  r.patch(
    '/offboarding/:id/checklist/:itemId',
    {
      summary: 'Tick (or untick) a checklist item',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ChecklistItemParams,
      body: UpdateChecklistItemBody,
      responses: { 200: { description: 'The offboarding', schema: OffboardingDto }, 404: { description: 'No offboarding, or no such item in it' }, 409: E409 },
    },
    async ({ req, params, body }) => ok(toOffboardingDto(await service.setItem(currentUser(req), params.id, params.itemId, body.done))),
  );

  r.post(
    '/offboarding/:id/cancel',
    { summary: 'Cancel an offboarding in progress; fires nothing', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: OffboardingIdParams, responses: { 200: { description: 'The offboarding', schema: OffboardingDto }, 404: E404, 409: E409 } },
    async ({ req, params }) => ok(toOffboardingDto(await service.cancel(currentUser(req), params.id))),
  );

  r.post(
    '/offboarding/:id/finalize',
    {
      summary:
        'Finalize: fix the settlement, terminate the active contract and set the person INACTIVE in one transaction. Fires only offboarding.settled (no contract.ended, no user.terminated, no amounts)',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: OffboardingIdParams,
      responses: {
        200: { description: 'The completed offboarding with its settlement; X-Access-Propagation says whether door access was withdrawn everywhere', schema: OffboardingDto },
        403: { description: 'Role not allowed, or the caller is the person offboarded' },
        404: E404,
        409: { description: 'Not in progress; CHECKLIST_INCOMPLETE' },
      },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      const result = await service.finalize(user, user.tenant.timezone, params.id);
      return propagated(ok, { value: toOffboardingDto(result.value), propagation: result.propagation });
    },
  );
}
