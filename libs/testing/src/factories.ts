import { ScryptPasswordHasher, TEST_SCRYPT, uuid } from '@wfm/core/crypto';
import type { Plan, Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { AssetCategoryEntity, AssetEntity, VendorEntity } from '@wfm/db/entities/operations.entity';

/** Cheap scrypt parameters: factories create many users; production parameters live in the API. */
const hasher = new ScryptPasswordHasher(TEST_SCRYPT);
const hashCache = new Map<string, Promise<string>>();
export const DEFAULT_PASSWORD = 'Correct-Horse-9';

function hashOf(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hasher.hash(password);
    hashCache.set(password, h);
  }
  return h;
}

let seq = 0;
const next = () => `${process.pid}${++seq}`;

export async function createTenant(
  ds: DataSource,
  over: Partial<Pick<TenantEntity, 'name' | 'slug' | 'plan' | 'timezone' | 'publicApiEnabled' | 'ssoEnabled'>> & { plan?: Plan } = {},
): Promise<TenantEntity> {
  const n = next();
  const row = {
    id: uuid(),
    name: over.name ?? `Tenant ${n}`,
    slug: over.slug ?? `tenant-${n}`,
    plan: over.plan ?? 'ENTERPRISE',
    timezone: over.timezone ?? 'Europe/London',
    publicApiEnabled: over.publicApiEnabled ?? true,
    ssoEnabled: over.ssoEnabled ?? false,
  };
  await ds.getRepository(TenantEntity).insert(row);
  return ds.getRepository(TenantEntity).findOneByOrFail({ id: row.id });
}

export interface CreatedUser extends UserEntity {
  password: string;
}

export async function createUser(
  ds: DataSource,
  tenantId: string,
  over: {
    role?: Role;
    email?: string | null;
    mobile?: string | null;
    fullName?: string;
    status?: 'ACTIVE' | 'INACTIVE';
    password?: string | null;
    /** False: a self-service signup that has not opened its verification link (cannot sign in). Default true. */
    verified?: boolean;
  } = {},
): Promise<CreatedUser> {
  const n = next();
  const password = over.password === undefined ? DEFAULT_PASSWORD : over.password;
  const id = uuid();
  await ds.getRepository(UserEntity).insert({
    id,
    tenantId,
    fullName: over.fullName ?? `User ${n}`,
    email: over.email === undefined ? `user${n}@example.test` : over.email,
    mobile: over.mobile === undefined ? null : over.mobile,
    role: over.role ?? 'STAFF',
    status: over.status ?? 'ACTIVE',
    employeeCode: null,
    passwordHash: password === null ? null : await hashOf(password),
    ...(over.verified === false ? { verifiedAt: null } : {}),
  });
  const user = await ds.getRepository(UserEntity).findOneByOrFail({ id });
  return Object.assign(user, { password: password ?? '' });
}

export async function createOutlet(ds: DataSource, tenantId: string, over: Partial<Pick<OutletEntity, 'name' | 'code' | 'city' | 'status'>> = {}): Promise<OutletEntity> {
  const n = next();
  const id = uuid();
  await ds.getRepository(OutletEntity).insert({
    id,
    tenantId,
    name: over.name ?? `Outlet ${n}`,
    code: over.code ?? `OUT-${n}`,
    city: over.city ?? 'London',
    address: null,
    status: over.status ?? 'ACTIVE',
  });
  return ds.getRepository(OutletEntity).findOneByOrFail({ id });
}

export async function createAssetCategory(ds: DataSource, tenantId: string, over: Partial<Pick<AssetCategoryEntity, 'name' | 'description'>> = {}): Promise<AssetCategoryEntity> {
  const now = new Date();
  const row = { id: uuid(), tenantId, name: over.name ?? `Category ${next()}`, description: over.description ?? null, createdAt: now, updatedAt: now, deletedAt: null };
  await ds.getRepository(AssetCategoryEntity).insert(row);
  return row;
}

export async function createVendor(ds: DataSource, tenantId: string, over: Partial<Pick<VendorEntity, 'name' | 'kind' | 'email' | 'phone'>> = {}): Promise<VendorEntity> {
  const now = new Date();
  const row = {
    id: uuid(),
    tenantId,
    name: over.name ?? `Vendor ${next()}`,
    kind: over.kind ?? 'MAINTAINER',
    contactName: null,
    email: over.email ?? null,
    phone: over.phone ?? null,
    website: null,
    notes: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await ds.getRepository(VendorEntity).insert(row);
  return row;
}

/** An ACTIVE asset at the outlet, in a new category unless one is given. */
export async function createAsset(
  ds: DataSource,
  tenantId: string,
  outletId: string,
  over: Partial<Pick<AssetEntity, 'name' | 'tag' | 'categoryId' | 'vendorId' | 'status'>> = {},
): Promise<AssetEntity> {
  const n = next();
  const now = new Date();
  const row = {
    id: uuid(),
    tenantId,
    outletId,
    categoryId: over.categoryId ?? (await createAssetCategory(ds, tenantId)).id,
    vendorId: over.vendorId ?? null,
    name: over.name ?? `Asset ${n}`,
    tag: over.tag ?? `TAG-${n}`,
    serialNumber: null,
    purchaseDate: null,
    warrantyUntil: null,
    status: over.status ?? 'ACTIVE',
    notes: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await ds.getRepository(AssetEntity).insert(row);
  return row;
}
