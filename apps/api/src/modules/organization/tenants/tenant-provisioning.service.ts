import { BadRequestError, ConflictError } from '@wfm/core/errors';
import { uuid, type PasswordHasher } from '@wfm/core/crypto';
import { normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { isValidTimezone, type Plan } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { User } from '../users/users.repository.js';
import type { TenantProvisioningRepository } from './tenant-provisioning.repository.js';
import type { Tenant } from './tenants.repository.js';
import type { OwnerDto, TenantDto } from './tenants.schemas.js';
import { toTenantDto } from './tenants.service.js';

export interface NewTenant {
  name: string;
  /** Omitted: derived from the name and made unique with a numeric suffix. Given and taken: 409. */
  slug?: string;
  plan: Plan;
  timezone: string;
  owner: {
    fullName: string;
    email: string;
    password: string;
    mobile?: string;
    /** False only for self-service signup: the owner cannot sign in until the mailed link is opened. Default true. */
    verified?: boolean;
  };
}

/** A DNS label, so a slug can also serve as a subdomain. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Derived slugs stay shorter, leaving room for a uniqueness suffix within the label. */
const DERIVED_SLUG_MAX = 48;

/** `Café Zürich & Co.` → `cafe-zurich-co`; never empty, at most 48 characters. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, DERIVED_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'company';
}

function toOwnerDto(u: User): OwnerDto {
  return {
    id: u.id,
    tenantId: u.tenantId,
    fullName: u.fullName,
    email: u.email,
    mobile: u.mobile,
    role: 'TENANT_OWNER',
    status: u.status,
    employeeCode: u.employeeCode,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** The first of `base`, `base-2`, `base-3`, … not in `taken`. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Creates a tenant and its TENANT_OWNER in one transaction. Shared by self-service signup and the
 * platform operator API, so both apply the same rules.
 */
export class TenantProvisioningService {
  constructor(
    private readonly repo: TenantProvisioningRepository,
    private readonly transaction: TransactionRunner,
    private readonly passwords: PasswordHasher,
  ) {}

  async createTenantWithOwner(input: NewTenant): Promise<{ tenant: TenantDto; owner: OwnerDto }> {
    const name = input.name.trim();
    const fullName = input.owner.fullName.trim();
    const problems: string[] = [];
    if (!name) problems.push('name must not be empty');
    if (!fullName) problems.push('owner.fullName must not be empty');
    if (input.slug !== undefined && !SLUG.test(input.slug)) {
      problems.push('slug must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen');
    }
    if (!isValidTimezone(input.timezone)) problems.push('timezone must be a valid IANA time zone');
    const mobile = input.owner.mobile === undefined ? null : normalizeMobile(input.owner.mobile);
    if (input.owner.mobile !== undefined && mobile === null) problems.push('owner.mobile must be a valid mobile number');
    if (problems.length) throw new BadRequestError(problems);

    // Hash before the transaction: scrypt is slow and must not hold a connection open.
    const passwordHash = await this.passwords.hash(input.owner.password);
    const email = normalizeEmail(input.owner.email);

    return this.transaction(async (tx) => {
      const tenantRow = { id: uuid(), name, plan: input.plan, timezone: input.timezone };
      let tenant: Tenant | null;
      if (input.slug !== undefined) {
        tenant = await this.repo.insertTenant(tx, { ...tenantRow, slug: input.slug });
        if (!tenant) throw new ConflictError('Tenant slug already exists');
      } else {
        const base = slugify(name);
        tenant = await this.repo.insertTenant(tx, { ...tenantRow, slug: nextFreeSlug(base, await this.repo.slugsLike(tx, base)) });
        // Lost a race for that suffix: a random one cannot realistically collide again.
        tenant ??= await this.repo.insertTenant(tx, { ...tenantRow, slug: `${base}-${uuid().slice(0, 8)}` });
        if (!tenant) throw new ConflictError('Tenant slug already exists');
      }
      const owner = await this.repo.insertOwner(tx, { id: uuid(), tenantId: tenant.id, fullName, email, mobile, passwordHash, verified: input.owner.verified ?? true });
      return { tenant: toTenantDto(tenant), owner: toOwnerDto(owner) };
    });
  }
}
