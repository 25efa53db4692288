import { z } from 'zod';
import { hasAnyField } from '../tenants/tenants.schemas.js';

/** 128 random bits, base64url: what a card's public address carries instead of the user's id. */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

export const CardParams = z.object({
  uid: z.string().regex(PUBLIC_ID, 'must be a profile identifier (22 characters)').meta({ example: 'q3Zt0bV8rQ2m1X9cL5wA7g' }),
});

export const PublicCardDto = z.object({
  uid: z.string().meta({ example: 'q3Zt0bV8rQ2m1X9cL5wA7g' }),
  name: z.string(),
  roleTitle: z.string().meta({ description: "The person's role in words (e.g. Outlet Manager)", example: 'Outlet Manager' }),
  photoUrl: z.url().nullable().meta({ description: 'Absolute address of GET /u/{uid}/photo; null without a photo' }),
  outlet: z.object({ name: z.string(), city: z.string() }).nullable().meta({ description: 'The outlet the person chose to show, while they are still assigned to it and it is active' }),
  company: z.object({
    name: z.string(),
    slug: z.string().meta({ description: 'For GET /branding/public?tenant={slug}' }),
    logoUrl: z.url().nullable(),
  }),
});
export type PublicCardDto = z.infer<typeof PublicCardDto>;

export const OwnProfileDto = z.object({
  enabled: z.boolean().meta({ description: 'Whether the card answers at its public address' }),
  uid: z.string().nullable().meta({ description: 'The public identifier; null until the card is first set up', example: 'q3Zt0bV8rQ2m1X9cL5wA7g' }),
  cardUrl: z.url().nullable().meta({ description: 'Absolute address of GET /u/{uid} (answers only while enabled)' }),
  outletId: z.uuid().nullable(),
  photo: z
    .object({
      url: z.url().meta({ description: 'Absolute address of GET /u/{uid}/photo (answers only while enabled)' }),
      mediaType: z.enum(['image/png', 'image/jpeg']),
      bytes: z.number().int(),
      uploadedAt: z.iso.datetime(),
    })
    .nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type OwnProfileDto = z.infer<typeof OwnProfileDto>;

export const UpdateOwnProfileBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    outletId: z.uuid().nullable().optional().meta({ description: 'One of the outlets the caller is assigned to, shown on the card; null for none' }),
  })
  .refine(hasAnyField, 'must contain at least one of: enabled, outletId');
export type UpdateOwnProfileBody = z.infer<typeof UpdateOwnProfileBody>;

export const PhotoUploadBody = z.strictObject({
  photo: z.string().optional().meta({ format: 'binary', description: 'Required: the photo, PNG or JPEG, at most 1 MB, its type judged by its content' }),
});
