import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { OutletsService } from './outlets.service.js';
import { CreateOutletBody, ImportOutletsBody, ImportResultDto, ListOutletsQuery, OutletDto, OutletIdParams, UpdateOutletBody } from './outlets.schemas.js';
import { EVERY_ROLE, OUTLET_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['outlets'];
const E409 = { description: 'Another outlet of the tenant has this code (compared ignoring case)' };

export function outletsRoutes(r: ApiRouter, outlets: OutletsService): void {
  r.get(
    '/outlets',
    {
      summary: 'Every outlet of the tenant in one array, by name; optionally only one status',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListOutletsQuery,
      looseQuery: true,
      responses: { 200: { description: 'All matching outlets', schema: z.array(OutletDto) } },
    },
    async ({ req, query }) => ok(await outlets.list(currentUser(req).tenantId, query)),
  );

  r.post(
    '/outlets',
    {
      summary: 'Create an outlet',
      tags: TAGS,
      auth: { kind: 'user', roles: OUTLET_ADMINS },
      body: CreateOutletBody,
      responses: { 201: { description: 'The created outlet', schema: OutletDto }, 409: E409 },
    },
    async ({ req, body }) => created(await outlets.create(currentUser(req).tenantId, body)),
  );

  r.post(
    '/outlets/bulk-import',
    {
      summary: 'Create up to 500 outlets at once, all or none',
      tags: TAGS,
      auth: { kind: 'user', roles: OUTLET_ADMINS },
      body: ImportOutletsBody,
      responses: {
        201: { description: 'Count and ids of the created outlets, in row order', schema: ImportResultDto },
        409: { description: 'A row repeats the code of another row or of an existing outlet; the message names the row' },
      },
    },
    async ({ req, body }) => created(await outlets.bulkImport(currentUser(req).tenantId, body.rows)),
  );

  r.patch(
    '/outlets/:id',
    {
      summary: "Change an outlet's name, code, city, address or status",
      tags: TAGS,
      auth: { kind: 'user', roles: OUTLET_ADMINS },
      params: OutletIdParams,
      body: UpdateOutletBody,
      responses: {
        200: { description: 'The updated outlet', schema: OutletDto },
        404: { description: 'No outlet with this id in the tenant' },
        409: E409,
      },
    },
    async ({ req, params, body }) => ok(await outlets.update(currentUser(req).tenantId, params.id, body)),
  );
}
