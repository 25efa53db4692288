import { z } from 'zod';
import { ROLES } from '@wfm/core/tenancy';
import { singleLine } from '@wfm/core/validation';
import { clampedInt } from '../../../http/validation.js';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

// Every SCIM string the product keeps is one line (an identifier, a name, an address), so none may hold a control character.
const Multi = z.array(z.looseObject({ value: singleLine(320), type: singleLine(40).optional(), primary: z.boolean().optional() })).max(20);
/** Entra ID sends "True"/"False". */
export const ScimBoolean = z.union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])]);

/**
 * A User as identity providers send it; attributes the product does not keep are accepted and
 * ignored. The limits here are the User's: POST and PUT are parsed with it, and PATCH holds each
 * attribute it changes to it (scim.patch.ts).
 */
export const ScimUserBody = z.looseObject({
  schemas: z.array(singleLine(200)).max(10).optional(),
  userName: singleLine(320).min(1),
  externalId: singleLine(200).nullable().optional(),
  name: z.looseObject({ givenName: singleLine(100).nullable().optional(), familyName: singleLine(100).nullable().optional(), formatted: singleLine(200).nullable().optional() }).optional(),
  displayName: singleLine(200).optional(),
  emails: Multi.optional(),
  phoneNumbers: Multi.optional(),
  active: ScimBoolean.optional(),
  roles: z.array(z.looseObject({ value: z.enum(ROLES), primary: z.boolean().optional() })).max(5).optional(),
  [SCIM_ENTERPRISE_USER]: z.looseObject({ employeeNumber: singleLine(100).nullable().optional() }).optional(),
});
export type ScimUserBody = z.infer<typeof ScimUserBody>;

export const ScimPatchBody = z.looseObject({
  schemas: z.array(singleLine(200)).max(10).optional(),
  Operations: z.array(z.looseObject({ op: singleLine(20), path: singleLine(200).optional(), value: z.unknown().optional() })).min(1).max(100),
});

/** The largest startIndex: any page past it is as empty as one at it, and the offset stays an int4. */
export const SCIM_MAX_START_INDEX = 2 ** 31 - 1;

/** RFC 7644 §3.4.2.4: a startIndex below 1 is read as 1 and a negative count as 0; both are clamped, never refused for their size. */
export const ScimListQuery = z.object({
  filter: singleLine(500).optional(),
  startIndex: clampedInt(1, 1, SCIM_MAX_START_INDEX),
  count: clampedInt(100, 0, 200),
});

export const ScimIdParams = z.object({ id: z.uuid() });

export const ScimUserDto = z.looseObject({
  schemas: z.array(z.string()),
  id: z.uuid(),
  externalId: z.string().nullable().optional(),
  userName: z.string(),
  name: z.object({ formatted: z.string(), givenName: z.string().nullable(), familyName: z.string().nullable() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  phoneNumbers: z.array(z.object({ value: z.string(), type: z.string() })),
  active: z.boolean(),
  roles: z.array(z.object({ value: z.string(), primary: z.boolean() })),
  meta: z.object({ resourceType: z.literal('User'), created: z.iso.datetime(), lastModified: z.iso.datetime(), location: z.string() }),
});

export const ScimListDto = z.object({ schemas: z.array(z.string()), totalResults: z.number().int(), startIndex: z.number().int(), itemsPerPage: z.number().int(), Resources: z.array(ScimUserDto) });
export const ScimErrorDto = z.object({ schemas: z.array(z.string()), status: z.string(), scimType: z.string().optional(), detail: z.string() });

/** An outlet's name, as the product's own outlet form has it; PUT and PATCH rename with it. */
export const ScimGroupName = z.object({ displayName: singleLine(200).trim().min(1) });

export const ScimGroupBody = z.looseObject({
  schemas: z.array(singleLine(200)).max(10).optional(),
  displayName: ScimGroupName.shape.displayName.optional(),
  members: z.array(z.looseObject({ value: singleLine(100) })).max(10_000).optional(),
});

export const ScimGroupDto = z.looseObject({
  schemas: z.array(z.string()),
  id: z.uuid(),
  displayName: z.string(),
  externalId: z.string().meta({ description: "The outlet's code" }),
  // No sampled member in the example: reference resolvers (Redoc's among them) read a member's
  // `$ref` as a JSON reference, and the docs page would fetch `string` from the API.
  members: z.array(z.object({ value: z.uuid(), display: z.string(), $ref: z.string() })).meta({ example: [] }),
  meta: z.object({ resourceType: z.literal('Group'), created: z.iso.datetime(), lastModified: z.iso.datetime(), location: z.string() }),
});
export const ScimGroupListDto = z.object({ schemas: z.array(z.string()), totalResults: z.number().int(), startIndex: z.number().int(), itemsPerPage: z.number().int(), Resources: z.array(ScimGroupDto) });
