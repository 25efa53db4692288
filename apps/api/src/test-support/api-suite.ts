import type { Role } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from './harness.js';

type TenantOverrides = Parameters<typeof createTenant>[1];

export interface TwoTenantSuite {
  h: ApiHarness;
  tenantA: string;
  tenantB: string;
  /** Both tenants: rows of other tests share the database, so every table read is scoped to these. */
  tenants: string[];
  /** A token of a new user with this role, in tenant A unless told otherwise. */
  tokenAs(role: Role, tenantId?: string): Promise<string>;
}

export interface PublicApiSuite extends TwoTenantSuite {
  /** The caller's address for this test: /public limits count per source IP, so no count leaks between tests. */
  ip: string;
}

export interface SuiteOptions {
  env?: Record<string, string>;
  /** Applies to both tenants unless `tenantB` is given. */
  tenant?: TenantOverrides;
  tenantB?: TenantOverrides;
}

/**
 * Registers, in the calling `describe`, one harness for the whole block and, before each test, two fresh
 * tenants: tests are isolated by data, not by emptying the database. The returned object is filled in by those hooks, so read it inside tests
 * and later hooks only; hooks the spec registers after this call run after these.
 */
export function twoTenantSuite(opts: SuiteOptions = {}): TwoTenantSuite {
  const s = {
    tokenAs: async (role: Role, tenantId = s.tenantA) => s.h.tokenFor(await createUser(s.h.ds, tenantId, { role })),
  } as TwoTenantSuite;
  before(async () => {
    s.h = await ApiHarness.start(opts.env);
  });
  after(async () => s.h.stop());
  beforeEach(async () => {
    s.tenantA = (await createTenant(s.h.ds, opts.tenant)).id;
    s.tenantB = (await createTenant(s.h.ds, opts.tenantB ?? opts.tenant)).id;
    s.tenants = [s.tenantA, s.tenantB];
  });
  return s;
}

/** `twoTenantSuite` behind a trusted proxy, with an `x-forwarded-for` address of its own per test in `10.<subnet>.*.*`. */
export function publicApiSuite(subnet: number, opts: Omit<SuiteOptions, 'env'> = {}): PublicApiSuite {
  const s = twoTenantSuite({ ...opts, env: { TRUST_PROXY: 'true' } }) as PublicApiSuite;
  let seq = 0;
  beforeEach(() => {
    seq += 1;
    s.ip = `10.${subnet}.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
  });
  return s;
}
