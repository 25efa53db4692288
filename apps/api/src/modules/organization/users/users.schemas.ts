import { z } from 'zod';
import { normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { ROLES } from '@wfm/core/tenancy';
import { singleLine } from '@wfm/core/validation';
import { clampedInt } from '../../../http/validation.js';
import { ImportContract } from '../../people/contracts/contracts.schemas.js';

const MAX_IMPORT_ROWS = 500;

const FullName = z.string().trim().min(1).max(200);

/** Normalised before validation so the stored form is the one uniqueness and sign-in compare. */
const Email = z.string().transform(normalizeEmail).pipe(z.email().max(254));

const Mobile = z.string().transform((value, ctx) => {
  const mobile = normalizeMobile(value);
  if (mobile === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a valid mobile number' });
    return z.NEVER;
  }
  return mobile;
});

const EmployeeCode = z.string().trim().min(1).max(64);
const Role = z.enum(ROLES);
const UserStatus = z.enum(['ACTIVE', 'INACTIVE']);

/** A person must be reachable and able to sign in by at least one identifier. */
function requireContact(row: { email?: string | null; mobile?: string | null }, ctx: z.RefinementCtx): void {
  if (!row.email && !row.mobile) ctx.addIssue({ code: 'custom', path: ['email'], message: 'or mobile is required' });
}

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const CreateUserBody = z
  .strictObject({
    fullName: FullName,
    email: Email.optional(),
    mobile: Mobile.optional(),
    role: Role,
    employeeCode: EmployeeCode.optional(),
    password: z.string().min(10).max(128).optional(),
  })
  .superRefine(requireContact);
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** `null` clears email, mobile or employeeCode; the service keeps at least one of email and mobile. */
export const UpdateUserBody = z
  .strictObject({
    fullName: FullName.optional(),
    email: Email.nullable().optional(),
    mobile: Mobile.nullable().optional(),
    role: Role.optional(),
    employeeCode: EmployeeCode.nullable().optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: fullName, email, mobile, role, employeeCode');
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const UserStatusBody = z.strictObject({ status: UserStatus });
export type UserStatusBody = z.infer<typeof UserStatusBody>;

export const ImportUserRow = z
  .strictObject({
    fullName: FullName,
    email: Email.optional(),
    mobile: Mobile.optional(),
    role: Role.default('STAFF'),
    employeeCode: EmployeeCode.optional(),
    contract: ImportContract.optional().meta({ description: 'An HR contract created ACTIVE with the person (no contract.created event)' }),
  })
  .superRefine(requireContact);
export type ImportUserRow = z.infer<typeof ImportUserRow>;

export const ImportUsersBody = z.strictObject({ rows: z.array(ImportUserRow).min(1).max(MAX_IMPORT_ROWS) });

/** Spec 01: GET /users ignores parameters it does not declare, so this is used with `looseQuery`. */
export const ListUsersQuery = z.object({
  limit: clampedInt(50, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
  search: singleLine(100)
    .trim()
    .min(1)
    .optional()
    .meta({ description: 'Part of a name, email address, mobile number or employee code, any case' }),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserIdParams = z.object({ id: z.uuid() });

export const UserDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  fullName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: Role,
  status: UserStatus,
  employeeCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserDto = z.infer<typeof UserDto>;

export const DeletedUserDto = z.object({ deleted: z.literal(true), id: z.uuid() });

export const ImportResultDto = z.object({ created: z.number().int(), ids: z.array(z.uuid()) });
export type ImportResultDto = z.infer<typeof ImportResultDto>;
