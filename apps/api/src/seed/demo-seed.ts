import { ConflictError } from '@wfm/core/errors';
import { systemClock, type Clock } from '@wfm/core/clock';
import { ScryptPasswordHasher, type PasswordHasher } from '@wfm/core/crypto';
import { ROLES, type Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantProvisioningRepository } from '../modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../modules/organization/tenants/tenant-provisioning.service.js';
import { planFill, weeksToFill, type DemoRota, type RotaLine } from './demo-activity.js';
import { DemoSeedRepository, type DemoGuide, type DemoLife, type DemoMaintenance, type DemoRegister, type DemoState } from './demo-seed.repository.js';

/** Who a demo company is: the demo's own, or another (a browser test's, one per test file). */
export type DemoIdentity = Pick<TenantEntity, 'slug' | 'name'> & {
  /** Each user's address is `<role-in-kebab-case>@<emailDomain>`: sign-in looks addresses up across tenants. */
  emailDomain: string;
};

export const DEMO: DemoIdentity = { slug: 'demo', name: 'Demo Company', emailDomain: 'demo.test' };

const DEMO_TIMEZONE = 'Europe/London';

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

/** The demo's maintenance: the register's combi oven, its quarterly clean a few days overdue, and a work order for it. */
export const DEMO_MAINTENANCE: DemoMaintenance = {
  assetTag: 'CK-OV-01',
  schedule: { title: 'Quarterly deep clean', instructions: 'Descale the steam generator, clean the cavity and check the door seal.', everyMonths: 3, overdueDays: 3 },
  workOrder: { title: 'Replace the door seal', description: 'The seal is torn at the hinge side; steam escapes while cooking.', dueInDays: 5 },
};

/** Issue 30: what staff try from a fridge before an issue is raised for it. */
export const DEMO_GUIDES: DemoGuide[] = [
  {
    categoryName: 'Refrigeration',
    title: 'Fridge not cooling',
    symptom: 'Fridge not cooling',
    priority: 'HIGH',
    steps: [
      { instruction: 'Check that the fridge is plugged in, switched on at the wall, and that the thermostat is not turned to 0.', caution: null },
      { instruction: 'Check that the door closes fully: nothing in the way, and the rubber seal is not torn or loose.', caution: null },
      { instruction: 'Clear the vents at the back and the grille at the bottom of boxes and dust.', caution: 'Switch the fridge off at the wall before touching the grille.' },
    ],
  },
];

/**
 * Issue 34: the demo's kitchen and cafe staff (made-up names), each with an hourly rate in pence and
 * a usual week; they work the demo's rota. Addresses are `<first>.<last>@<emailDomain>`. The demo
 * users of a role stay off the rota, so the README's walkthroughs (which schedule and clock them in
 * and out) meet no shift of the seed's on any day.
 */
export const DEMO_TEAM: Array<{ fullName: string; outletCode: string; hourlyMinor: number; rota: DemoRota }> = [
  { fullName: 'Dan Whitfield', outletCode: 'CK-01', hourlyMinor: 1180, rota: { weekdays: [1, 2, 3, 4, 5], start: '07:00', end: '15:00' } },
  { fullName: 'Maya Collins', outletCode: 'CK-01', hourlyMinor: 1250, rota: { weekdays: [1, 2, 3, 6, 7], start: '06:00', end: '14:00' } },
  { fullName: 'Owen Hughes', outletCode: 'CK-01', hourlyMinor: 1300, rota: { weekdays: [3, 4, 5, 6, 7], start: '14:00', end: '22:00' } },
  { fullName: 'Lena Fischer', outletCode: 'RC-02', hourlyMinor: 1200, rota: { weekdays: [1, 2, 3, 4, 5], start: '08:00', end: '16:00' } },
  { fullName: 'Sami Okafor', outletCode: 'RC-02', hourlyMinor: 1225, rota: { weekdays: [2, 3, 4, 5, 6], start: '11:00', end: '19:00' } },
  { fullName: 'Nora Quinn', outletCode: 'RC-02', hourlyMinor: 1200, rota: { weekdays: [1, 6, 7], start: '08:00', end: '16:00' } },
];

/** Monthly salaries (pence) of the demo users of each role; STAFF is paid by the hour (nothing until they clock in and out). */
const ROLE_PAY: Record<Role, { type: 'HOURLY' | 'MONTHLY'; rateMinor: number }> = {
  TENANT_GROUP_OWNER: { type: 'MONTHLY', rateMinor: 620_000 },
  TENANT_OWNER: { type: 'MONTHLY', rateMinor: 580_000 },
  COMPANY_ADMIN: { type: 'MONTHLY', rateMinor: 360_000 },
  HR_MANAGER: { type: 'MONTHLY', rateMinor: 375_000 },
  AREA_MANAGER: { type: 'MONTHLY', rateMinor: 410_000 },
  OPERATIONS_MANAGER: { type: 'MONTHLY', rateMinor: 395_000 },
  OUTLET_MANAGER: { type: 'MONTHLY', rateMinor: 310_000 },
  STAFF: { type: 'HOURLY', rateMinor: 1250 },
};

/** The posting on the demo's careers page; not the README's `line-cook`, which its walkthrough creates. */
export const DEMO_JOB: DemoLife['job'] = {
  title: 'Barista',
  slug: 'barista',
  outletCode: 'RC-02',
  employmentType: 'PART_TIME',
  location: 'London',
  description: 'Make the coffee Riverside Cafe is known for, 24 hours a week across weekday and weekend shifts. Latte art welcome; we train the rest.',
};

const DEMO_DOORS: DemoLife['doors'] = [
  { outletCode: 'CK-01', zone: 'Central Kitchen back door', readerId: 'ck-back-door' },
  { outletCode: 'RC-02', zone: 'Riverside Cafe stockroom', readerId: 'rc-stockroom' },
];

/** The Saturday shift nobody holds yet, each week: someone claims it from the open shifts. */
const DEMO_OPEN_SHIFT = { outletCode: 'RC-02', weekday: 6, start: '10:00', end: '18:00', note: 'Weekend cover' };

/** `Maya Collins` → `maya.collins@demo.test`. */
function teamEmail(fullName: string, emailDomain: string): string {
  return `${fullName.toLowerCase().replace(/ /g, '.')}@${emailDomain}`;
}

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
  clock: Clock;
}

export interface DemoSeedOptions {
  /**
   * Issue 34: a team, pay, a posting, doors and a rota kept around today (default). Off for a
   * browser test's company, whose tests assert what they themselves make on an otherwise empty company.
   */
  live?: boolean;
  /** The company's zone (default Europe/London): a browser test's company takes the test process's, so the times it computes are the ones the console shows. */
  timezone?: string;
}

export interface DemoSeedResult {
  created: boolean;
  tenantId: string;
  signIn: { identifier: string; password: string };
}

/**
 * Creates the demo tenant (Enterprise, developer API on, one user of every role, two outlets, their
 * assets, an overdue maintenance and a work order; live, also the team, pay, a posting, doors and
 * the weeks around today) only when no tenant has its slug, so it is safe to run on every start. On
 * a later start a live demo is kept around that day (`keepAlive`); a tenant of the slug the seed did
 * not make is left alone.
 */
export async function seedDemoTenant(deps: DemoSeedDeps, identity: DemoIdentity = DEMO, opts: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const live = opts.live ?? true;
  const signIn = { identifier: demoEmail('TENANT_OWNER', identity.emailDomain), password: DEMO_PASSWORD };
  const markers = { seeded: demoEmail('AREA_MANAGER', identity.emailDomain), lively: teamEmail(DEMO_TEAM[0]!.fullName, identity.emailDomain) };
  const existing = await deps.repo.findDemo(identity.slug, deps.clock.now(), markers);
  if (existing) {
    if (live && existing.seeded) await keepAlive(deps, identity, existing);
    return { created: false, tenantId: existing.id, signIn };
  }

  let tenantId: string;
  try {
    const { tenant } = await deps.provisioning.createTenantWithOwner({
      name: identity.name,
      slug: identity.slug,
      plan: 'ENTERPRISE',
      timezone: opts.timezone ?? DEMO_TIMEZONE,
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
    const passwordHash = await deps.passwords.hash(DEMO_PASSWORD);
    await deps.repo.populate(tenantId, {
      passwordHash,
      users: others.map((role) => ({ role, email: demoEmail(role, identity.emailDomain), fullName: demoName(role), ...(OUTLET_BOUND.includes(role) ? { outletCode: DEMO_OUTLETS[0].code } : {}) })),
      outlets: DEMO_OUTLETS.map((o) => ({ ...o })),
      register: DEMO_REGISTER,
      maintenance: DEMO_MAINTENANCE,
      guides: DEMO_GUIDES,
    });
    if (live) {
      await deps.repo.populateLife(tenantId, life(identity), passwordHash, deps.clock.now());
      await keepAlive(deps, identity, { id: tenantId, timezone: DEMO_TIMEZONE, seeded: true, lively: true, latestShiftStart: null });
    }
  } catch (err) {
    // Without this, the next start would find the slug taken and never finish the demo.
    await deps.repo.removeTenant(tenantId);
    throw err;
  }
  return { created: true, tenantId, signIn };
}

function life(identity: DemoIdentity): DemoLife {
  return {
    team: DEMO_TEAM.map((p) => ({ fullName: p.fullName, email: teamEmail(p.fullName, identity.emailDomain), outletCode: p.outletCode })),
    pay: [
      ...ROLES.map((role) => ({ email: demoEmail(role, identity.emailDomain), ...ROLE_PAY[role] })),
      ...DEMO_TEAM.map((p) => ({ email: teamEmail(p.fullName, identity.emailDomain), type: 'HOURLY' as const, rateMinor: p.hourlyMinor })),
    ],
    currency: 'GBP',
    job: DEMO_JOB,
    doors: DEMO_DOORS,
  };
}

function rota(identity: DemoIdentity): RotaLine[] {
  return DEMO_TEAM.map((p) => ({ email: teamEmail(p.fullName, identity.emailDomain), outletCode: p.outletCode, rota: p.rota }));
}

/**
 * Issue 34: keeps a demo made on an earlier day alive on this start. Shifts that ended since are
 * worked (completed, clocked, tapped in); the weeks from the latest shift's through next week are
 * filled (none when next week has shifts). A demo made before issue 34 gets its team and the rest first.
 */
async function keepAlive(deps: DemoSeedDeps, identity: DemoIdentity, state: DemoState): Promise<void> {
  const now = deps.clock.now();
  if (!state.lively) await deps.repo.populateLife(state.id, life(identity), await deps.passwords.hash(DEMO_PASSWORD), now);
  await deps.repo.playPast(state.id, now);
  const weeks = weeksToFill(now, state.timezone, state.latestShiftStart);
  if (weeks.length === 0) return;
  await deps.repo.fill(state.id, planFill(rota(identity), weeks, state.timezone, now, DEMO_OPEN_SHIFT), demoEmail('AREA_MANAGER', identity.emailDomain), now);
}

/**
 * The launcher's entry point, wired from a data source: the demo, with production password hashing
 * unless told otherwise (a test's company, whose sign-ins need not cost a production scrypt each).
 */
export function seedDemo(ds: DataSource, opts: DemoSeedOptions & { identity?: DemoIdentity; passwords?: PasswordHasher; clock?: Clock } = {}): Promise<DemoSeedResult> {
  const passwords = opts.passwords ?? new ScryptPasswordHasher();
  return seedDemoTenant(
    {
      repo: new DemoSeedRepository(ds),
      provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(ds), passwords),
      passwords,
      clock: opts.clock ?? systemClock,
    },
    opts.identity,
    opts,
  );
}
