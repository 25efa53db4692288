import { ROLES, type Role } from './tenancy.js';

/*
 * The role sets the API's route declarations (`auth: { kind: 'user', roles }`) are written in. They
 * live here because services apply some of them beyond the route (who counts as a manager of
 * other people's shifts, who administers contracts), and a service must not reach into the HTTP edge.
 * TENANT_GROUP_OWNER is in no set: it passes every role check (roleAllowed, spec 03).
 */

export const EVERY_ROLE: readonly Role[] = ROLES;
export const TENANT_ADMINS: readonly Role[] = ['TENANT_OWNER', 'COMPANY_ADMIN'];
/** Write users and policies. */
export const PEOPLE_ADMINS: readonly Role[] = [...TENANT_ADMINS, 'HR_MANAGER'];
export const OUTLET_ADMINS: readonly Role[] = [...TENANT_ADMINS, 'AREA_MANAGER', 'OPERATIONS_MANAGER'];
/** Spec 02 names these for zone operations; issue 4 extends them to every managed access resource. */
export const ACCESS_ADMINS: readonly Role[] = [...PEOPLE_ADMINS, 'AREA_MANAGER'];
/** Zone reads also allow OUTLET_MANAGER (spec 02), limited to their own outlets; issue 4 adds readers and audit. */
export const ACCESS_READERS: readonly Role[] = [...ACCESS_ADMINS, 'OUTLET_MANAGER'];
/** Every role but STAFF: they see other people's users, shifts, attendance and leave, and decide them. */
export const MANAGERS: readonly Role[] = [...ACCESS_ADMINS, 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'];
/** Issue 14: courses are built and assigned by HR roles and area managers. */
export const COURSE_ADMINS: readonly Role[] = [...PEOPLE_ADMINS, 'AREA_MANAGER'];
/** Issue 13: a roster awaiting approval is decided by AREA_MANAGER and above. */
export const ROSTER_APPROVERS: readonly Role[] = [...PEOPLE_ADMINS, 'AREA_MANAGER'];
/**
 * Issue 17: postings and applications are the HR roles'. Applicants' data is personal data, read by
 * those who hire; converting a hire creates a user, which is theirs already.
 */
export const RECRUITERS: readonly Role[] = PEOPLE_ADMINS;
/** Issue 17: documents for signature (contracts, letters) and their evidence are HR's, as contracts are. */
export const ESIGN_ADMINS: readonly Role[] = PEOPLE_ADMINS;
/**
 * Issue 30: the tenant-wide parts of operations (asset categories, vendors, automations) are the
 * outlet administrators'; what stands at an outlet (assets, maintenance, work orders, checklists,
 * guides) is also its OUTLET_MANAGER's, within their outlets.
 */
export const OPERATIONS_ADMINS: readonly Role[] = OUTLET_ADMINS;
export const OPERATIONS_MANAGERS: readonly Role[] = [...OUTLET_ADMINS, 'OUTLET_MANAGER'];
/** Issue 31: which labour-law packs and limits apply, and how strictly, is the HR roles' decision. */
export const COMPLIANCE_ADMINS: readonly Role[] = PEOPLE_ADMINS;
/**
 * Issue 31: a breach of a working-time rule is accepted, with a reason, by the HR roles tenant-wide
 * and by the managers who roster people, within their outlets (AREA_MANAGER reaches every outlet).
 */
export const COMPLIANCE_OVERRIDERS: readonly Role[] = [...PEOPLE_ADMINS, 'AREA_MANAGER', 'OUTLET_MANAGER'];
