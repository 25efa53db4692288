import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_ADMINS, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { MeterReading, Schedule } from './maintenance.repository.js';
import type { MaintenanceService } from './maintenance.service.js';
import {
  CreateScheduleBody,
  DueDto,
  DueQuery,
  IdParams,
  ListMeterReadingsQuery,
  ListSchedulesQuery,
  MeterReadingBody,
  MeterReadingDto,
  ScheduleDto,
  UpdateScheduleBody,
  type ScheduleDto as ScheduleDtoType,
} from './maintenance.schemas.js';

const TAGS = ['maintenance'];
const E404 = { description: 'No maintenance schedule with this id that the caller may manage' };
const ASSET_404 = { description: 'No asset with this id that the caller reaches' };

function toScheduleDto(s: Schedule): ScheduleDtoType {
  return {
    id: s.id,
    assetId: s.assetId,
    categoryId: s.categoryId,
    targetName: s.targetName,
    title: s.title,
    instructions: s.instructions,
    priority: s.priority,
    intervalUnit: s.intervalUnit,
    intervalValue: s.intervalValue,
    meter: s.meter,
    startsOn: s.startsOn,
    vendorId: s.vendorId,
    active: s.active,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function toReadingDto(r: MeterReading): z.infer<typeof MeterReadingDto> {
  return { id: r.id, assetId: r.assetId, meter: r.meter, value: r.value, recordedByUserId: r.recordedByUserId, recordedAt: r.recordedAt.toISOString() };
}

export function maintenanceRoutes(r: ApiRouter, maintenance: MaintenanceService): void {
  const create = { tags: TAGS, body: CreateScheduleBody, responses: { 201: { description: 'The schedule', schema: ScheduleDto } } };
  r.post(
    '/assets/:id/maintenance-schedules',
    {
      ...create,
      summary: 'Schedule maintenance of one asset: every N days, weeks or months, or every N units of a meter',
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      responses: { ...create.responses, 404: { description: 'No asset with this id that the caller manages; no such vendor' } },
    },
    async ({ req, params, body }) => created(toScheduleDto(await maintenance.createForAsset(currentUser(req), params.id, body))),
  );
  r.post(
    '/asset-categories/:id/maintenance-schedules',
    {
      ...create,
      summary: 'Schedule maintenance of every asset of a category, those added later included (tenant-wide roles only)',
      auth: { kind: 'user', roles: OPERATIONS_ADMINS },
      params: IdParams,
      responses: { ...create.responses, 404: { description: 'No asset category with this id in the tenant; no such vendor' } },
    },
    async ({ req, params, body }) => {
      const user = currentUser(req);
      return created(toScheduleDto(await maintenance.createForCategory(user, user.tenant.timezone, params.id, body)));
    },
  );

  r.get(
    '/maintenance-schedules',
    {
      summary: 'Maintenance schedules, oldest first; an OUTLET_MANAGER sees those covering an asset at their outlets',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      query: ListSchedulesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ScheduleDto) } },
    },
    async ({ req, query }) => ok((await maintenance.list(currentUser(req), query)).map(toScheduleDto)),
  );
  r.get(
    '/maintenance-schedules/:id',
    {
      summary: 'One maintenance schedule',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      responses: { 200: { description: 'The schedule', schema: ScheduleDto }, 404: { description: 'No schedule with this id that the caller sees' } },
    },
    async ({ req, params }) => ok(toScheduleDto(await maintenance.get(currentUser(req), params.id))),
  );
  r.patch(
    '/maintenance-schedules/:id',
    {
      summary: "Change a schedule; an OUTLET_MANAGER changes those of their outlets' assets, not category-wide ones",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      body: UpdateScheduleBody,
      responses: { 200: { description: 'The schedule', schema: ScheduleDto }, 404: E404 },
    },
    async ({ req, params, body }) => ok(toScheduleDto(await maintenance.update(currentUser(req), params.id, body))),
  );
  r.delete(
    '/maintenance-schedules/:id',
    {
      summary: 'Delete a schedule (soft): nothing of it falls due any more; its service logs stay',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 404: E404 },
    },
    async ({ req, params }) => {
      await maintenance.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.get(
    '/maintenance/due',
    {
      summary: `What falls due in a window of up to 92 days (the calendar): each asset's next due, overdue ones while the window reaches today, and later recurrences`,
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      query: DueQuery,
      responses: { 200: { description: 'A bare array by due date', schema: z.array(DueDto) } },
    },
    async ({ req, query }) => ok(await maintenance.due(currentUser(req), query)),
  );

  r.post(
    '/assets/:id/meter-readings',
    {
      summary: "Record a meter reading (hours, cycles) of an asset where the caller works; USAGE schedules fall due on them",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: IdParams,
      body: MeterReadingBody,
      responses: {
        201: { description: 'The reading', schema: MeterReadingDto },
        404: ASSET_404,
        409: { description: 'Lower than the meter already reads: readings only go up' },
      },
    },
    async ({ req, params, body }) => created(toReadingDto(await maintenance.addReading(currentUser(req), params.id, body))),
  );
  r.get(
    '/assets/:id/meter-readings',
    {
      summary: "An asset's meter readings, newest first",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: IdParams,
      query: ListMeterReadingsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(MeterReadingDto) }, 404: ASSET_404 },
    },
    async ({ req, params, query }) => ok((await maintenance.readings(currentUser(req), params.id, query)).map(toReadingDto)),
  );
}
