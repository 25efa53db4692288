import type { Role } from '../../auth/me';

/** A roster awaiting approval is decided by AREA_MANAGER and above (the API's ROSTER_APPROVERS). */
export const ROSTER_APPROVER_ROLES: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'];
