import { z } from 'zod';
import { importBody } from '../bulk-import.js';

export const VENDOR_KINDS = ['SUPPLIER', 'MAINTAINER', 'BOTH'] as const;
const Kind = z.enum(VENDOR_KINDS).meta({ description: 'Sells assets (SUPPLIER), services them (MAINTAINER), or both' });
const Name = z.string().trim().min(1).max(200);
const ContactName = z.string().trim().min(1).max(200);
const Email = z.email().max(254);
const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{3,40}$/, 'must be a phone number (digits, spaces, "+", "(", ")", "-", ".")')
  .meta({ example: '+44 20 7946 0000' });
const Website = z.url({ protocol: /^https?$/ }).max(500);
const Notes = z.string().trim().min(1).max(2000);

const contactFields = { contactName: ContactName, email: Email, phone: Phone, website: Website, notes: Notes };

export const CreateVendorBody = z.strictObject({
  name: Name,
  kind: Kind.default('MAINTAINER'),
  contactName: ContactName.optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  website: Website.optional(),
  notes: Notes.optional(),
});
export type CreateVendorBody = z.infer<typeof CreateVendorBody>;

/** `null` clears a contact field. */
export const UpdateVendorBody = z
  .strictObject({
    name: Name.optional(),
    kind: Kind.optional(),
    contactName: contactFields.contactName.nullable().optional(),
    email: contactFields.email.nullable().optional(),
    phone: contactFields.phone.nullable().optional(),
    website: contactFields.website.nullable().optional(),
    notes: contactFields.notes.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: name, kind, contactName, email, phone, website, notes');
export type UpdateVendorBody = z.infer<typeof UpdateVendorBody>;

/**
 * The natural key is the name (ignoring case). A row for a known vendor changes the fields it gives
 * (kind included) and leaves the others; a new vendor without a kind is a MAINTAINER.
 */
export const VendorImportRow = z.strictObject({
  name: Name,
  kind: Kind.optional(),
  contactName: ContactName.optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  website: Website.optional(),
  notes: Notes.optional(),
});
export type VendorImportRow = z.infer<typeof VendorImportRow>;
export const ImportVendorsBody = importBody(VendorImportRow);

export const VendorIdParams = z.object({ id: z.uuid() });

export const VendorDto = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: Kind,
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  assetCount: z.number().int().meta({ description: 'Live assets it supplies or maintains' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type VendorDto = z.infer<typeof VendorDto>;
