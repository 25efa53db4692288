import { ConflictError } from '@wfm/core/errors';
import { ScryptPasswordHasher, type PasswordHasher } from '@wfm/core/crypto';
import { ROLES, type Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantProvisioningRepository } from '../modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../modules/organization/tenants/tenant-provisioning.service.js';
import { DemoSeedRepository, type DemoMaintenance } from './demo-seed.repository.js';

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

/** The demo's operations: an oven at the first outlet whose quarterly clean is a few days overdue, and a work order for it. */
export const DEMO_MAINTENANCE: DemoMaintenance = {
  category: 'Cooking',
  asset: { name: 'Combi oven 1', tag: 'CK-OVEN-1' },
  schedule: { title: 'Quarterly deep clean', instructions: 'Descale the steam generator, clean the cavity and check the door seal.', everyMonths: 3, overdueDays: 3 },
  workOrder: { title: 'Replace the door seal', description: 'The seal is torn at the hinge side; steam escapes while cooking.', dueInDays: 5 },
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
 * Creates the demo tenant (Enterprise, developer API on, one user of every role, two outlets, an
 * asset with overdue maintenance and a work order) only
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
      maintenance: DEMO_MAINTENANCE,
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
