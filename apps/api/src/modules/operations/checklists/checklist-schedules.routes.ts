import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { Schedule } from './checklist-schedules.repository.js';
import type { ChecklistSchedulesService } from './checklist-schedules.service.js';
import { CreateScheduleBody, IdParams, ListSchedulesQuery, ScheduleDto, UpdateScheduleBody } from './checklists.schemas.js';

const TAGS = ['checklists'];
const E404 = { description: 'No checklist schedule with this id at an outlet the caller manages' };

function toScheduleDto(s: Schedule): ScheduleDto {
  return {
    id: s.id,
    tenantId: s.tenantId,
    templateId: s.templateId,
    templateName: s.templateName,
    outletId: s.outletId,
    weekdays: s.weekdays,
    time: s.time,
    windowMinutes: s.windowMinutes,
    active: s.active,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function checklistSchedulesRoutes(r: ApiRouter, schedules: ChecklistSchedulesService): void {
  r.get(
    '/checklist-schedules',
    {
      summary: 'Checklist schedules at the outlets the caller manages (an OUTLET_MANAGER, theirs), by time of day',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      query: ListSchedulesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ScheduleDto) } },
    },
    async ({ req, query }) => ok((await schedules.list(currentUser(req), query)).map(toScheduleDto)),
  );

  r.post(
    '/checklist-schedules',
    {
      summary: "Schedule a template at an outlet on weekdays at a local time (the outlet's timezone), with a window to complete it in",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      body: CreateScheduleBody,
      responses: {
        201: { description: 'The schedule', schema: ScheduleDto },
        403: { description: 'An OUTLET_MANAGER scheduling at an outlet not theirs' },
        404: { description: 'No such outlet or template in the tenant' },
      },
    },
    async ({ req, body }) => created(toScheduleDto(await schedules.create(currentUser(req), body))),
  );

  r.patch(
    '/checklist-schedules/:id',
    {
      summary: 'Change the weekdays, time, window or whether it is active; runs already made keep their window',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      body: UpdateScheduleBody,
      responses: { 200: { description: 'The schedule', schema: ScheduleDto }, 404: E404 },
    },
    async ({ req, params, body }) => ok(toScheduleDto(await schedules.update(currentUser(req), params.id, body))),
  );

  r.delete(
    '/checklist-schedules/:id',
    {
      summary: 'Delete a schedule (soft): no further runs; runs made stay in the reports',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 404: E404 },
    },
    async ({ req, params }) => {
      await schedules.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );
}
