import { roleLabel as roleWords } from '../../ui/format';
import type { Role } from './people.queries';

/** The roles from the top down, as the API ranks them (a user may assign their own rank or below). */
export const ROLE_ORDER: Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'];

export const roleLabel = (r: string) => roleWords(r).replace(/^./, (c) => c.toUpperCase());

/** The roles `actor` may give: never the group owner, and none above their own rank. */
export function assignableRoles(actor: Role | undefined): Role[] {
  const rank = actor ? ROLE_ORDER.indexOf(actor) : ROLE_ORDER.length;
  return ROLE_ORDER.filter((r, i) => r !== 'TENANT_GROUP_OWNER' && i >= rank);
}
