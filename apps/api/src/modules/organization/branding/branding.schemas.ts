import { z } from 'zod';
import { hasAnyField } from '../tenants/tenants.schemas.js';

/** `#RRGGBB`, any case in, upper case stored and shown. */
const Colour = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour in the form #RRGGBB')
  .transform((v) => v.toUpperCase())
  .meta({ example: '#1A73E8' });

const ShownColour = z.string().nullable().meta({ example: '#1A73E8', description: '#RRGGBB; null: the apps keep their own colour' });

/** Slugs are lower case; a person typing a company code at the sign-in screen may not type it so. */
export const BrandingQuery = z.object({
  tenant: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a tenant slug: 1 to 63 letters, digits or hyphens')
    .meta({ example: 'acme-kitchens', description: "The tenant's slug" }),
});

export const LogoParams = z.object({ tenantId: z.uuid() });

export const PublicBrandingDto = z.object({
  name: z.string().meta({ description: "The tenant's name" }),
  slug: z.string(),
  primaryColor: ShownColour,
  accentColor: ShownColour,
  logoUrl: z.url().nullable().meta({ description: 'Absolute address of GET /branding/logo/{tenantId}; null without a logo' }),
});
export type PublicBrandingDto = z.infer<typeof PublicBrandingDto>;

export const BrandingDto = PublicBrandingDto.extend({
  logo: z
    .object({
      mediaType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
      bytes: z.number().int().meta({ description: 'Size of the stored file, after metadata removal or SVG sanitizing' }),
      uploadedAt: z.iso.datetime(),
    })
    .nullable(),
  updatedAt: z.iso.datetime().nullable().meta({ description: 'Last change of colours or logo; null when never branded' }),
});
export type BrandingDto = z.infer<typeof BrandingDto>;

export const UpdateBrandingBody = z
  .strictObject({
    primaryColor: Colour.nullable().optional(),
    accentColor: Colour.nullable().optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: primaryColor, accentColor');
export type UpdateBrandingBody = z.infer<typeof UpdateBrandingBody>;

/** The multipart form of PUT /branding/logo: the file alone (read by the upload guard). */
export const LogoUploadBody = z.strictObject({
  logo: z.string().optional().meta({ format: 'binary', description: 'Required: the logo file, PNG, JPEG or SVG, at most 1 MB, its type judged by its content' }),
});
