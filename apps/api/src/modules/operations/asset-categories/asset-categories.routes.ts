import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_ADMINS } from '@wfm/core/role-sets';
import { ImportResultsDto } from '../bulk-import.js';
import type { AssetCategoriesService } from './asset-categories.service.js';
import { AssetCategoryDto, AssetCategoryIdParams, CreateAssetCategoryBody, ImportAssetCategoriesBody, UpdateAssetCategoryBody } from './asset-categories.schemas.js';

const TAGS = ['asset-categories'];
const E404 = { description: 'No live asset category with this id in the tenant' };
const E409 = { description: 'Another live category of the tenant has this name (compared ignoring case); the message names it' };
const admin = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_ADMINS } };

export function assetCategoriesRoutes(r: ApiRouter, categories: AssetCategoriesService): void {
  r.get(
    '/asset-categories',
    {
      summary: 'Every live asset category of the tenant, by name',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'A bare array', schema: z.array(AssetCategoryDto) } },
    },
    async ({ req }) => ok(await categories.list(currentUser(req).tenantId)),
  );

  r.post(
    '/asset-categories',
    { ...admin, summary: 'Create an asset category', body: CreateAssetCategoryBody, responses: { 201: { description: 'The category', schema: AssetCategoryDto }, 409: E409 } },
    async ({ req, body }) => created(await categories.create(currentUser(req).tenantId, body)),
  );

  r.post(
    '/asset-categories/bulk-import',
    {
      ...admin,
      summary: 'Create or update up to 500 categories, idempotent on the name (ignoring case); each row succeeds or fails alone',
      body: ImportAssetCategoriesBody,
      responses: { 200: { description: 'CREATED, UPDATED, UNCHANGED or FAILED (with its errors) per row, and the totals', schema: ImportResultsDto } },
    },
    async ({ req, body }) => ok(await categories.bulkImport(currentUser(req).tenantId, body.rows)),
  );

  r.get(
    '/asset-categories/:id',
    { summary: 'One asset category', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: AssetCategoryIdParams, responses: { 200: { description: 'The category', schema: AssetCategoryDto }, 404: E404 } },
    async ({ req, params }) => ok(await categories.get(currentUser(req).tenantId, params.id)),
  );

  r.patch(
    '/asset-categories/:id',
    {
      ...admin,
      summary: "Rename a category or change its description",
      params: AssetCategoryIdParams,
      body: UpdateAssetCategoryBody,
      responses: { 200: { description: 'The category', schema: AssetCategoryDto }, 404: E404, 409: E409 },
    },
    async ({ req, params, body }) => ok(await categories.update(currentUser(req).tenantId, params.id, body)),
  );

  r.delete(
    '/asset-categories/:id',
    {
      ...admin,
      summary: 'Delete a category (soft); refused while live assets are in it',
      params: AssetCategoryIdParams,
      responses: { 204: { description: 'Deleted' }, 404: E404, 409: { description: 'Live assets are still in the category; the message counts them' } },
    },
    async ({ req, params }) => {
      await categories.remove(currentUser(req).tenantId, params.id);
      return { status: 204 };
    },
  );
}
