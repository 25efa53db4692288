import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AccessZonesService } from './access-zones.service.js';
import { CreateZoneBody, DeletedReaderDto, DeletedZoneDto, ListZonesQuery, ReaderDto, ReaderIdParams, UpdateZoneBody, ZoneDto, ZoneIdParams } from './access-zones.schemas.js';
import { propagated } from '../feed/propagation.js';
import { ACCESS_ADMINS, ACCESS_READERS } from '@wfm/core/role-sets';

const TAGS = ['access'];
/** A management route: on a plan with access control (its roles are its own). */
const MANAGED = { tags: TAGS, plan: 'accessControl' } as const;
const E400 = { description: 'Validation failure (hoursJson problems name the day and window)' };
const E404 = { description: 'No live zone with this id in the tenant (or, for an OUTLET_MANAGER, in their outlets)' };
const E409 = { description: 'A reader id is already bound to another live zone of the tenant' };

export function accessZonesRoutes(r: ApiRouter, zones: AccessZonesService): void {
  r.get(
    '/access/zones',
    {
      summary: 'List live zones by name; an OUTLET_MANAGER sees the zones of their outlets only',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_READERS },
      query: ListZonesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ZoneDto) }, 400: E400 },
    },
    async ({ req, query }) => ok(await zones.list(currentUser(req), query)),
  );

  r.get(
    '/access/zones/:id',
    {
      summary: 'One zone with its reader bindings',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_READERS },
      params: ZoneIdParams,
      responses: { 200: { description: 'The zone', schema: ZoneDto }, 400: E400, 404: E404 },
    },
    async ({ req, params }) => ok(await zones.get(currentUser(req), params.id)),
  );

  r.post(
    '/access/zones',
    {
      summary: 'Create a zone bound to one or more readers',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_ADMINS },
      body: CreateZoneBody,
      responses: {
        201: { description: 'The zone record, with its outlet', schema: ZoneDto },
        400: E400,
        404: { description: 'outletId is not an outlet of the tenant' },
        409: E409,
      },
    },
    async ({ req, body }) => propagated(created, await zones.create(currentUser(req), body)),
  );

  r.patch(
    '/access/zones/:id',
    {
      summary: "Change a zone's name, description, outlet, readers (replaced as a whole), hours or active switch",
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_ADMINS },
      params: ZoneIdParams,
      body: UpdateZoneBody,
      responses: {
        200: { description: 'The updated zone', schema: ZoneDto },
        400: E400,
        404: { description: `${E404.description}, or outletId is not an outlet of the tenant` },
        409: E409,
      },
    },
    async ({ req, params, body }) => propagated(ok, await zones.update(currentUser(req), params.id, body)),
  );

  r.delete(
    '/access/zones/:id',
    {
      summary: 'Delete a zone (soft): frees its readers and revokes its active grants, one REVOKED audit row each',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_ADMINS },
      params: ZoneIdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedZoneDto }, 400: E400, 404: E404 },
    },
    async ({ req, params }) => propagated(ok, await zones.remove(currentUser(req), params.id)),
  );

  r.get(
    '/access/readers',
    {
      summary: 'Readers seen by heartbeats, by reader id, with online status and zone; an OUTLET_MANAGER sees those of their outlets only',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_READERS },
      responses: { 200: { description: 'A bare array', schema: z.array(ReaderDto) } },
    },
    async ({ req }) => ok(await zones.readers(currentUser(req))),
  );

  r.delete(
    '/access/readers/:readerId',
    {
      summary: 'Remove a retired reader: it leaves the list and frees its place under the per-tenant cap; its audit rows keep its id',
      ...MANAGED,
      auth: { kind: 'user', roles: ACCESS_ADMINS },
      params: ReaderIdParams,
      responses: {
        200: { description: 'Removed', schema: DeletedReaderDto },
        400: { description: 'readerId over 100 characters or with control characters' },
        404: { description: 'No reader with this id in the tenant' },
        409: { description: 'READER_IN_ZONE: the reader is bound to a live zone; take it out of the zone first' },
      },
    },
    async ({ req, params }) => ok(await zones.removeReader(currentUser(req), params.readerId)),
  );
}
