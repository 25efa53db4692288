import { z } from 'zod';
import { Timezone } from '../tenants/tenants.schemas.js';

const MAX_IMPORT_ROWS = 500;

const Name = z.string().trim().min(1).max(200);
const Code = z.string().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"');
const City = z.string().trim().min(1).max(120);
const Address = z.string().trim().min(1).max(500);
const OutletStatus = z.enum(['ACTIVE', 'INACTIVE']);

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const CreateOutletBody = z.strictObject({
  name: Name,
  code: Code,
  city: City,
  address: Address.optional(),
  /** Only when the outlet is not in the company's zone. */
  timezone: Timezone.optional(),
  status: OutletStatus.default('ACTIVE'),
});
export type CreateOutletBody = z.infer<typeof CreateOutletBody>;

/** `address: null` clears the address; `timezone: null` puts the outlet back in the company's zone. */
export const UpdateOutletBody = z
  .strictObject({
    name: Name.optional(),
    code: Code.optional(),
    city: City.optional(),
    address: Address.nullable().optional(),
    timezone: Timezone.nullable().optional(),
    status: OutletStatus.optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: name, code, city, address, timezone, status');
export type UpdateOutletBody = z.infer<typeof UpdateOutletBody>;

export const ImportOutletsBody = z.strictObject({ rows: z.array(CreateOutletBody).min(1).max(MAX_IMPORT_ROWS) });

/** Parameters it does not declare are ignored, as on GET /users (spec 01 sets no rule here). */
export const ListOutletsQuery = z.object({ status: OutletStatus.optional() });
export type ListOutletsQuery = z.infer<typeof ListOutletsQuery>;

export const OutletIdParams = z.object({ id: z.uuid() });

export const OutletDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  address: z.string().nullable(),
  timezone: z.string().nullable().meta({ description: "The outlet's IANA timezone; null when it is in the company's (the tenant's `timezone`)" }),
  status: OutletStatus,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OutletDto = z.infer<typeof OutletDto>;

export const ImportResultDto = z.object({ created: z.number().int(), ids: z.array(z.uuid()) });
export type ImportResultDto = z.infer<typeof ImportResultDto>;
