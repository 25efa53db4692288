import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { cacheable, IMAGE_HEADERS } from '../../../http/caching.js';
import { fileUpload, uploadedFile } from '../../../http/upload.js';
import { LOGO_MAX_BYTES, type BrandingService } from './branding.service.js';
import { BrandingDto, BrandingQuery, LogoParams, LogoUploadBody, PublicBrandingDto, UpdateBrandingBody } from './branding.schemas.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['branding'];
const NOT_MODIFIED = { description: 'Not modified: the ETag in If-None-Match is current (no body)' };
const image = z.string().meta({ format: 'binary' });

/**
 * The public answers may be cached briefly by anyone (a sign-in screen asks on every start) and
 * revalidated by ETag; a changed logo or colour shows within those minutes.
 */
const PUBLIC_CACHE = 'public, max-age=60';
const LOGO_CACHE = 'public, max-age=300';

export function brandingRoutes(r: ApiRouter, branding: BrandingService): void {
  r.get(
    '/branding/public',
    {
      summary: "A tenant's name, colours and logo address by its slug, for screens shown before sign-in",
      tags: TAGS,
      auth: { kind: 'none' },
      query: BrandingQuery,
      responses: { 200: { description: 'The branding (ETag, Cache-Control)', schema: PublicBrandingDto }, 304: NOT_MODIFIED, 404: { description: 'No tenant has this slug' } },
    },
    async ({ req, query }) => cacheable(req, ok(await branding.publicBySlug(query.tenant)), { cacheControl: PUBLIC_CACHE }),
  );

  r.get(
    '/branding/logo/:tenantId',
    {
      summary: "A tenant's logo image (PNG, JPEG or sanitized SVG)",
      tags: TAGS,
      auth: { kind: 'none' },
      params: LogoParams,
      responses: {
        200: { description: 'The image, with an ETag from its SHA-256 and Cache-Control', alternatives: { 'image/png': image, 'image/jpeg': image, 'image/svg+xml': image } },
        304: NOT_MODIFIED,
        404: { description: 'No such tenant, or the tenant has no logo' },
      },
    },
    async ({ req, params }) => {
      const logo = await branding.logo(params.tenantId);
      return cacheable(req, { status: 200, raw: { contentType: logo.mediaType, data: logo.data }, headers: IMAGE_HEADERS }, { cacheControl: LOGO_CACHE, sha256: logo.sha256 });
    },
  );

  r.get(
    '/branding',
    {
      summary: "The caller's tenant branding, with the stored logo's details",
      tags: TAGS,
      auth: { kind: 'user', roles: TENANT_ADMINS },
      responses: { 200: { description: 'The branding', schema: BrandingDto } },
    },
    async ({ req }) => ok(await branding.get(currentUser(req).tenantId)),
  );

  r.patch(
    '/branding',
    {
      summary: 'Set or clear the primary and accent colours (#RRGGBB; null: the apps keep their own)',
      tags: TAGS,
      auth: { kind: 'user', roles: TENANT_ADMINS },
      body: UpdateBrandingBody,
      responses: { 200: { description: 'The branding', schema: BrandingDto } },
    },
    async ({ req, body }) => ok(await branding.updateColours(currentUser(req).tenantId, body)),
  );

  r.put(
    '/branding/logo',
    {
      summary: 'Upload or replace the logo: PNG, JPEG or SVG up to 1 MB, judged by content; metadata is removed from bitmaps and SVGs are sanitized',
      tags: TAGS,
      auth: { kind: 'user', roles: TENANT_ADMINS },
      body: LogoUploadBody,
      bodyTypes: ['multipart/form-data'],
      guards: [fileUpload({ field: 'logo', maxBytes: LOGO_MAX_BYTES })],
      responses: {
        200: { description: 'The branding with the new logo', schema: BrandingDto },
        413: { description: 'The file is larger than 1 MB' },
        415: { description: 'Not multipart/form-data, or the file is not a PNG, JPEG or SVG by its content' },
        422: { description: 'A bitmap that does not decode or has more than 40 million pixels, or an SVG that does not read as a drawing' },
      },
    },
    async ({ req }) => ok(await branding.replaceLogo(currentUser(req).tenantId, await uploadedFile(req).read())),
  );

  r.delete(
    '/branding/logo',
    {
      summary: 'Remove the logo',
      tags: TAGS,
      auth: { kind: 'user', roles: TENANT_ADMINS },
      responses: { 204: { description: 'Removed' }, 404: { description: 'The tenant has no logo' } },
    },
    async ({ req }) => {
      await branding.removeLogo(currentUser(req).tenantId);
      return { status: 204 };
    },
  );
}
