import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import { ImportResultsDto } from '../bulk-import.js';
import { IssueDto } from '../issues/issues.schemas.js';
import { toIssueDto } from '../issues/issues.routes.js';
import type { AssetsService } from './assets.service.js';
import { AssetDto, AssetIdParams, AssetTagParams, CreateAssetBody, ImportAssetsBody, ListAssetsQuery, QuickIssueBody, UpdateAssetBody } from './assets.schemas.js';

const TAGS = ['assets'];
const E404 = { description: 'No live asset with this id at an outlet the caller works at or manages' };
const E409 = { description: 'Another live asset of the tenant has this tag (compared ignoring case); the message names it' };
/** OUTLET_MANAGER only at their outlets. */
const manager = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_MANAGERS } };
/** STAFF and OUTLET_MANAGER only where they work. */
const floor = { tags: TAGS, auth: { kind: 'user' as const, roles: EVERY_ROLE } };
const REFS_404 = { description: 'No such outlet, live category or live vendor in the tenant' };

export function assetsRoutes(r: ApiRouter, assets: AssetsService): void {
  r.get(
    '/assets',
    {
      ...floor,
      summary: 'Live assets by name, filtered; STAFF and OUTLET_MANAGER see those of their outlets, other roles the whole tenant',
      query: ListAssetsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(AssetDto) } },
    },
    async ({ req, query }) => ok(await assets.list(currentUser(req), query)),
  );

  r.post(
    '/assets',
    {
      ...manager,
      summary: 'Register an asset at an outlet',
      body: CreateAssetBody,
      responses: { 201: { description: 'The asset', schema: AssetDto }, 403: { description: 'Role not allowed, or (OUTLET_MANAGER) not one of their outlets' }, 404: REFS_404, 409: E409 },
    },
    async ({ req, body }) => created(await assets.create(currentUser(req), body)),
  );

  r.post(
    '/assets/bulk-import',
    {
      ...manager,
      summary: 'Create or update up to 500 assets, idempotent on the tag (ignoring case); outlets by code, categories and vendors by name; each row succeeds or fails alone',
      body: ImportAssetsBody,
      responses: { 200: { description: 'CREATED, UPDATED, UNCHANGED or FAILED (with its errors) per row, and the totals', schema: ImportResultsDto } },
    },
    async ({ req, body }) => ok(await assets.bulkImport(currentUser(req), body.rows)),
  );

  r.get(
    '/asset-tags/:tag',
    { ...floor, summary: 'The asset a scanned or typed tag names (ignoring case)', params: AssetTagParams, responses: { 200: { description: 'The asset', schema: AssetDto }, 404: E404 } },
    async ({ req, params }) => ok(await assets.byTag(currentUser(req), params.tag)),
  );

  r.get('/assets/:id', { ...floor, summary: 'One asset', params: AssetIdParams, responses: { 200: { description: 'The asset', schema: AssetDto }, 404: E404 } }, async ({ req, params }) =>
    ok(await assets.get(currentUser(req), params.id)),
  );

  r.patch(
    '/assets/:id',
    {
      ...manager,
      summary: 'Change an asset, move it to another outlet, or set its status',
      params: AssetIdParams,
      body: UpdateAssetBody,
      responses: {
        200: { description: 'The asset', schema: AssetDto },
        403: { description: 'Role not allowed, or (OUTLET_MANAGER) the new outlet is not one of theirs' },
        404: { description: 'No such asset in the caller\'s scope, or no such outlet, live category or live vendor' },
        409: E409,
      },
    },
    async ({ req, params, body }) => ok(await assets.update(currentUser(req), params.id, body)),
  );

  r.delete(
    '/assets/:id',
    { ...manager, summary: 'Delete an asset (soft); its issues keep the link', params: AssetIdParams, responses: { 204: { description: 'Deleted' }, 404: E404 } },
    async ({ req, params }) => {
      await assets.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.post(
    '/assets/:id/quick-issue',
    {
      ...floor,
      summary: "Report a problem with an asset in two taps (its QR code's page): an OPEN issue at its outlet, source QUICK_ISSUE; fires no issue.created (spec 03)",
      params: AssetIdParams,
      body: QuickIssueBody,
      responses: { 201: { description: 'The issue', schema: IssueDto }, 404: E404, 409: { description: 'The asset is retired' } },
    },
    async ({ req, params, body }) => created(toIssueDto(await assets.quickIssue(currentUser(req), params.id, body))),
  );
}
