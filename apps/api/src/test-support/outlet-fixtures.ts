import { createOutlet, createUser } from '@wfm/testing/factories';
import type { TwoTenantSuite } from './api-suite.js';
import { assignOutlets } from './access-fixtures.js';

/** What an outlet-scoped route is tried with: two outlets of tenant A, a tenant-wide manager, and an OUTLET_MANAGER of the first. */
export interface OutletsAndManagers {
  outlet: string;
  other: string;
  admin: string;
  managerToken: string;
}

export async function outletsAndManagers(s: TwoTenantSuite): Promise<OutletsAndManagers> {
  const outlet = (await createOutlet(s.h.ds, s.tenantA, { name: 'Soho', code: 'SOHO' })).id;
  const other = (await createOutlet(s.h.ds, s.tenantA, { name: 'Leeds', code: 'LDS' })).id;
  const admin = await s.tokenAs('OPERATIONS_MANAGER');
  const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
  await assignOutlets(s.h.ds, s.tenantA, manager.id, [outlet]);
  return { outlet, other, admin, managerToken: await s.h.tokenFor(manager) };
}
