import { ConflictError } from '@wfm/core/errors';
import { ScryptPasswordHasher, type PasswordHasher } from '@wfm/core/crypto';
import { ROLES, type Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantProvisioningRepository } from '../modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../modules/organization/tenants/tenant-provisioning.service.js';
import { DemoSeedRepository, type DemoRegister } from './demo-seed.repository.js';

/** Who a demo company is: the demo's own, or another (a browser test's, one per test file). */
export type DemoIdentity = Pick<TenantEntity, 'slug' | 'name'> & {
  /** Each user's address is `<role-in-kebab-case>@<emailDomain>`: sign-in looks addresses up across tenants. */
  emailDomain: string;
};

export const DEMO: DemoIdentity = { slug: 'demo', name: 'Demo Company', emailDomain: 'demo.test' };

/**
 * Demo only: every demo account shares this published password. The demo tenant exists so a new
 * installation can be tried at once; never keep it on an installation with real data.
 */
export const DEMO_PASSWORD = 'Demo-Password-1';

export const DEMO_OUTLETS = [
  { name: 'Central Kitchen', code: 'CK-01', city: 'London' },
  { name: 'Riverside Cafe', code: 'RC-02', city: 'London' },
] as const;

/**
 * Issue 30: the asset register a newcomer finds. Dates are days from the seeding day, so the walk-in
 * fridge's warranty is always about to end (three weeks on) however late the demo is started.
 */
export const DEMO_REGISTER: DemoRegister = {
  categories: [
    { name: 'Refrigeration', description: 'Fridges, freezers and cold rooms' },
    { name: 'Cooking', description: 'Ovens, ranges, grills and fryers' },
    { name: 'HVAC', description: 'Heating, ventilation and air conditioning' },
  ],
  vendors: [
    { name: 'CoolServe Refrigeration', kind: 'MAINTAINER', contactName: 'Priya Shah', email: 'service@coolserve.example', phone: '+44 20 7946 0101' },
    { name: 'Kitchen Supply Co', kind: 'BOTH', contactName: 'Tom Reed', email: 'orders@kitchensupply.example', phone: '+44 20 7946 0202' },
  ],
  assets: [
    { tag: 'CK-FR-01', name: 'Walk-in fridge', outletCode: 'CK-01', categoryName: 'Refrigeration', vendorName: 'CoolServe Refrigeration', serialNumber: 'WF-2291-A', purchasedDaysAgo: 710, warrantyDaysLeft: 21 },
    { tag: 'CK-FZ-01', name: 'Chest freezer', outletCode: 'CK-01', categoryName: 'Refrigeration', vendorName: 'CoolServe Refrigeration', serialNumber: 'CF-118', purchasedDaysAgo: 400, warrantyDaysLeft: 330 },
    { tag: 'CK-OV-01', name: 'Combi oven', outletCode: 'CK-01', categoryName: 'Cooking', vendorName: 'Kitchen Supply Co', serialNumber: 'CO-6-1120', purchasedDaysAgo: 900, warrantyDaysLeft: null },
    { tag: 'CK-AC-01', name: 'Extraction hood', outletCode: 'CK-01', categoryName: 'HVAC', vendorName: null, serialNumber: null, purchasedDaysAgo: null, warrantyDaysLeft: null },
    { tag: 'RC-FR-01', name: 'Display fridge', outletCode: 'RC-02', categoryName: 'Refrigeration', vendorName: 'CoolServe Refrigeration', serialNumber: 'DF-77', purchasedDaysAgo: 200, warrantyDaysLeft: 530 },
    { tag: 'RC-CM-01', name: 'Espresso machine', outletCode: 'RC-02', categoryName: 'Cooking', vendorName: 'Kitchen Supply Co', serialNumber: 'EM-3040', purchasedDaysAgo: 120, warrantyDaysLeft: 610 },
  ],
};

/** Roles whose demo user works at the first demo outlet: an OUTLET_MANAGER reaches only its outlets. */
const OUTLET_BOUND: readonly Role[] = ['OUTLET_MANAGER', 'STAFF'];

/** `TENANT_OWNER` → `tenant-owner@demo.test`. */
export function demoEmail(role: Role, emailDomain = DEMO.emailDomain): string {
  return `${role.toLowerCase().replace(/_/g, '-')}@${emailDomain}`;
}

/** `TENANT_OWNER` → `Demo Tenant Owner`. */
function demoName(role: Role): string {
  return `Demo ${role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')}`;
}

export interface DemoSeedDeps {
  repo: DemoSeedRepository;
  provisioning: TenantProvisioningService;
  passwords: PasswordHasher;
}

export interface DemoSeedResult {
  created: boolean;
  tenantId: string;
  signIn: { identifier: string; password: string };
}

/**
 * Creates the demo tenant (Enterprise, developer API on, one user of every role, two outlets and
 * their assets) only
 * when no tenant has its slug, so it is safe to run on every start.
 */
export async function seedDemoTenant(deps: DemoSeedDeps, identity: DemoIdentity = DEMO): Promise<DemoSeedResult> {
  const signIn = { identifier: demoEmail('TENANT_OWNER', identity.emailDomain), password: DEMO_PASSWORD };
  const existing = await deps.repo.tenantIdBySlug(identity.slug);
  if (existing) return { created: false, tenantId: existing, signIn };

  let tenantId: string;
  try {
    const { tenant } = await deps.provisioning.createTenantWithOwner({
      name: identity.name,
      slug: identity.slug,
      plan: 'ENTERPRISE',
      timezone: 'Europe/London',
      owner: { fullName: demoName('TENANT_OWNER'), email: signIn.identifier, password: DEMO_PASSWORD },
    });
    tenantId = tenant.id;
  } catch (err) {
    // Another process seeding at the same moment won the slug; its demo is the demo.
    const winner = err instanceof ConflictError ? await deps.repo.tenantIdBySlug(identity.slug) : null;
    if (winner) return { created: false, tenantId: winner, signIn };
    throw err;
  }

  const others = ROLES.filter((role) => role !== 'TENANT_OWNER');
  try {
    await deps.repo.populate(tenantId, {
      passwordHash: await deps.passwords.hash(DEMO_PASSWORD),
      users: others.map((role) => ({ role, email: demoEmail(role, identity.emailDomain), fullName: demoName(role), ...(OUTLET_BOUND.includes(role) ? { outletCode: DEMO_OUTLETS[0].code } : {}) })),
      outlets: DEMO_OUTLETS.map((o) => ({ ...o })),
      register: DEMO_REGISTER,
    });
  } catch (err) {
    // Without this, the next start would find the slug taken and never finish the demo.
    await deps.repo.removeTenant(tenantId);
    throw err;
  }
  return { created: true, tenantId, signIn };
}

/**
 * The launcher's entry point, wired from a data source: the demo, with production password hashing
 * unless told otherwise (a test's company, whose sign-ins need not cost a production scrypt each).
 */
export function seedDemo(ds: DataSource, opts: { identity?: DemoIdentity; passwords?: PasswordHasher } = {}): Promise<DemoSeedResult> {
  const passwords = opts.passwords ?? new ScryptPasswordHasher();
  return seedDemoTenant(
    {
      repo: new DemoSeedRepository(ds),
      provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(ds), passwords),
      passwords,
    },
    opts.identity,
  );
}
