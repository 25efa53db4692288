import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { cacheable, IMAGE_HEADERS } from '../../../http/caching.js';
import { fileUpload, uploadedFile } from '../../../http/upload.js';
import { PHOTO_MAX_BYTES, type PublicProfilesService } from './public-profiles.service.js';
import { CardParams, OwnProfileDto, PhotoUploadBody, PublicCardDto, UpdateOwnProfileBody } from './public-profiles.schemas.js';
import { EVERY_ROLE } from '@wfm/core/role-sets';

const TAGS = ['public-profiles'];
const NOT_MODIFIED = { description: 'Not modified: the ETag in If-None-Match is current (no body)' };
const image = z.string().meta({ format: 'binary' });
/**
 * Kept by caches but checked on every use: a card switched off, or a link replaced, stops
 * answering at once; an unchanged card costs a 304.
 */
const CARD_CACHE = 'public, no-cache';

export function publicProfilesRoutes(r: ApiRouter, profiles: PublicProfilesService): void {
  r.get(
    '/u/:uid',
    {
      summary: "A person's public profile card, while they have it switched on",
      tags: TAGS,
      auth: { kind: 'none' },
      params: CardParams,
      responses: { 200: { description: 'The card (ETag, Cache-Control)', schema: PublicCardDto }, 304: NOT_MODIFIED, 404: { description: 'No such card, or switched off' } },
    },
    async ({ req, params }) => cacheable(req, ok(await profiles.card(params.uid)), { cacheControl: CARD_CACHE }),
  );

  r.get(
    '/u/:uid/photo',
    {
      summary: "The photo of a person's public profile card, while the card is switched on",
      tags: TAGS,
      auth: { kind: 'none' },
      params: CardParams,
      responses: {
        200: { description: 'The image, with an ETag from its SHA-256 and Cache-Control', alternatives: { 'image/png': image, 'image/jpeg': image } },
        304: NOT_MODIFIED,
        404: { description: 'No such card, switched off, or without a photo' },
      },
    },
    async ({ req, params }) => {
      const photo = await profiles.photo(params.uid);
      return cacheable(req, { status: 200, raw: { contentType: photo.mediaType, data: photo.data }, headers: IMAGE_HEADERS }, { cacheControl: CARD_CACHE, sha256: photo.sha256 });
    },
  );

  r.get(
    '/me/public-profile',
    {
      summary: "The caller's own public profile card settings",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'The settings; uid is null until the card is first set up', schema: OwnProfileDto } },
    },
    async ({ req }) => ok(await profiles.own(currentUser(req))),
  );

  r.patch(
    '/me/public-profile',
    {
      summary: 'Switch the public profile card on or off, or choose the outlet it shows',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: UpdateOwnProfileBody,
      responses: {
        200: { description: 'The settings', schema: OwnProfileDto },
        404: { description: 'No such outlet in the tenant' },
      },
    },
    async ({ req, body }) => ok(await profiles.update(currentUser(req), body)),
  );

  r.post(
    '/me/public-profile/rotate',
    {
      summary: "Give the card a new public identifier: links shared so far stop working",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'The settings with the new uid', schema: OwnProfileDto } },
    },
    async ({ req }) => ok(await profiles.rotate(currentUser(req))),
  );

  r.put(
    '/me/public-profile/photo',
    {
      summary: "Upload or replace the card's photo: PNG or JPEG up to 1 MB, judged by content; metadata is removed",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: PhotoUploadBody,
      bodyTypes: ['multipart/form-data'],
      guards: [fileUpload({ field: 'photo', maxBytes: PHOTO_MAX_BYTES })],
      responses: {
        200: { description: 'The settings with the new photo', schema: OwnProfileDto },
        413: { description: 'The file is larger than 1 MB' },
        415: { description: 'Not multipart/form-data, or the file is not a PNG or JPEG by its content' },
        422: { description: 'The image does not decode, or has more than 40 million pixels' },
      },
    },
    async ({ req }) => ok(await profiles.replacePhoto(currentUser(req), await uploadedFile(req).read())),
  );

  r.delete(
    '/me/public-profile/photo',
    {
      summary: "Remove the card's photo",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 204: { description: 'Removed' }, 404: { description: 'There is no photo' } },
    },
    async ({ req }) => {
      await profiles.removePhoto(currentUser(req));
      return { status: 204 };
    },
  );
}
