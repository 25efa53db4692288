import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { OPERATIONS_ADMINS, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import { ImportResultsDto } from '../bulk-import.js';
import type { VendorsService } from './vendors.service.js';
import { CreateVendorBody, ImportVendorsBody, UpdateVendorBody, VendorDto, VendorIdParams } from './vendors.schemas.js';

const TAGS = ['vendors'];
const E404 = { description: 'No live vendor with this id in the tenant' };
const E409 = { description: 'Another live vendor of the tenant has this name (compared ignoring case); the message names it' };
const admin = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_ADMINS } };
/** Vendors' contacts are for those who order and arrange repairs, not for the floor. */
const reader = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_MANAGERS } };

export function vendorsRoutes(r: ApiRouter, vendors: VendorsService): void {
  r.get('/vendors', { ...reader, summary: 'Every live vendor of the tenant with its contacts, by name', responses: { 200: { description: 'A bare array', schema: z.array(VendorDto) } } }, async ({ req }) =>
    ok(await vendors.list(currentUser(req).tenantId)),
  );

  r.post(
    '/vendors',
    { ...admin, summary: 'Add a supplier or maintainer', body: CreateVendorBody, responses: { 201: { description: 'The vendor', schema: VendorDto }, 409: E409 } },
    async ({ req, body }) => created(await vendors.create(currentUser(req).tenantId, body)),
  );

  r.post(
    '/vendors/bulk-import',
    {
      ...admin,
      summary: 'Create or update up to 500 vendors, idempotent on the name (ignoring case); each row succeeds or fails alone',
      body: ImportVendorsBody,
      responses: { 200: { description: 'CREATED, UPDATED, UNCHANGED or FAILED (with its errors) per row, and the totals', schema: ImportResultsDto } },
    },
    async ({ req, body }) => ok(await vendors.bulkImport(currentUser(req).tenantId, body.rows)),
  );

  r.get('/vendors/:id', { ...reader, summary: 'One vendor', params: VendorIdParams, responses: { 200: { description: 'The vendor', schema: VendorDto }, 404: E404 } }, async ({ req, params }) =>
    ok(await vendors.get(currentUser(req).tenantId, params.id)),
  );

  r.patch(
    '/vendors/:id',
    { ...admin, summary: "Change a vendor's name, kind or contacts", params: VendorIdParams, body: UpdateVendorBody, responses: { 200: { description: 'The vendor', schema: VendorDto }, 404: E404, 409: E409 } },
    async ({ req, params, body }) => ok(await vendors.update(currentUser(req).tenantId, params.id, body)),
  );

  r.delete(
    '/vendors/:id',
    { ...admin, summary: 'Delete a vendor (soft); its assets stay, without a vendor', params: VendorIdParams, responses: { 204: { description: 'Deleted' }, 404: E404 } },
    async ({ req, params }) => {
      await vendors.remove(currentUser(req).tenantId, params.id);
      return { status: 204 };
    },
  );
}
