import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { ServiceLog } from './service-logs.repository.js';
import type { ServiceLogsService } from './service-logs.service.js';
import { AssetIdParams, CreateServiceLogBody, ListServiceLogsQuery, ServiceLogDto } from './service-logs.schemas.js';

const TAGS = ['maintenance'];

function toServiceLogDto(l: ServiceLog): ServiceLogDto {
  return {
    id: l.id,
    assetId: l.assetId,
    performedOn: l.performedOn,
    vendorId: l.vendorId,
    performedByUserId: l.performedByUserId,
    performedByName: l.performedByName,
    description: l.description,
    cost: l.costMinor === null || l.currency === null ? null : { amountMinor: l.costMinor, currency: l.currency },
    scheduleId: l.scheduleId,
    issueId: l.issueId,
    recordedByUserId: l.recordedByUserId,
    createdAt: l.createdAt.toISOString(),
  };
}

export function serviceLogsRoutes(r: ApiRouter, logs: ServiceLogsService): void {
  r.post(
    '/assets/:id/service-logs',
    {
      summary:
        "Log a service of an asset. Against a schedule, the asset's next due moves on and its maintenance issue is resolved; a named issue is resolved too. Both silently: no issue.resolved (spec 03)",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      params: AssetIdParams,
      body: CreateServiceLogBody,
      responses: {
        201: { description: 'The service log', schema: ServiceLogDto },
        404: { description: "No asset with this id that the caller manages; no such vendor, person, schedule of the asset or issue at its outlet" },
      },
    },
    async ({ req, params, body }) => created(toServiceLogDto(await logs.create(currentUser(req), params.id, body))),
  );

  r.get(
    '/assets/:id/service-logs',
    {
      summary: "An asset's service history, latest first; anyone who works at its outlet",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: AssetIdParams,
      query: ListServiceLogsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ServiceLogDto) }, 404: { description: 'No asset with this id where the caller works' } },
    },
    async ({ req, params, query }) => ok((await logs.list(currentUser(req), params.id, query)).map(toServiceLogDto)),
  );
}
