import { z } from 'zod';
import { ROLES } from '@wfm/core/tenancy';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

const Text = (max: number) => z.string().max(max);
const Multi = z.array(z.looseObject({ value: Text(320), type: Text(40).optional(), primary: z.boolean().optional() })).max(20);
/** Entra ID sends "True"/"False". */
export const ScimBoolean = z.union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])]);

/** A User as identity providers send it; attributes the product does not keep are accepted and ignored. */
export const ScimUserBody = z.looseObject({
  schemas: z.array(Text(200)).max(10).optional(),
  userName: Text(320).min(1),
  externalId: Text(200).nullable().optional(),
  name: z.looseObject({ givenName: Text(100).nullable().optional(), familyName: Text(100).nullable().optional(), formatted: Text(200).nullable().optional() }).optional(),
  displayName: Text(200).optional(),
  emails: Multi.optional(),
  phoneNumbers: Multi.optional(),
  active: ScimBoolean.optional(),
  roles: z.array(z.looseObject({ value: z.enum(ROLES), primary: z.boolean().optional() })).max(5).optional(),
  [SCIM_ENTERPRISE_USER]: z.looseObject({ employeeNumber: Text(100).nullable().optional() }).optional(),
});
export type ScimUserBody = z.infer<typeof ScimUserBody>;

export const ScimPatchBody = z.looseObject({
  schemas: z.array(Text(200)).max(10).optional(),
  Operations: z.array(z.looseObject({ op: Text(20), path: Text(200).optional(), value: z.unknown().optional() })).min(1).max(100),
});

export const ScimListQuery = z.object({
  filter: Text(500).optional(),
  startIndex: z.string().regex(/^\d+$/, 'must be a positive integer').optional().transform((v) => Math.max(1, Number(v ?? 1))).meta({ type: 'integer', default: 1, minimum: 1 }),
  count: z.string().regex(/^\d+$/, 'must be a non-negative integer').optional().transform((v) => Math.min(200, Number(v ?? 100))).meta({ type: 'integer', default: 100, minimum: 0, maximum: 200 }),
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

export const ScimGroupBody = z.looseObject({
  schemas: z.array(Text(200)).max(10).optional(),
  displayName: Text(200).min(1).optional(),
  members: z.array(z.looseObject({ value: Text(100) })).max(10_000).optional(),
});

export const ScimGroupDto = z.looseObject({
  schemas: z.array(z.string()),
  id: z.uuid(),
  displayName: z.string(),
  externalId: z.string().meta({ description: "The outlet's code" }),
  members: z.array(z.object({ value: z.uuid(), display: z.string(), $ref: z.string() })),
  meta: z.object({ resourceType: z.literal('Group'), created: z.iso.datetime(), lastModified: z.iso.datetime(), location: z.string() }),
});
export const ScimGroupListDto = z.object({ schemas: z.array(z.string()), totalResults: z.number().int(), startIndex: z.number().int(), itemsPerPage: z.number().int(), Resources: z.array(ScimGroupDto) });
