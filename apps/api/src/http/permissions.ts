import type { Role } from '@wfm/core/tenancy';
import {
  ACCESS_ADMINS,
  ACCESS_READERS,
  COURSE_ADMINS,
  ESIGN_ADMINS,
  EVERY_ROLE,
  MANAGERS,
  OUTLET_ADMINS,
  PEOPLE_ADMINS,
  RECRUITERS,
  ROSTER_APPROVERS,
  TENANT_ADMINS,
} from '@wfm/core/role-sets';

/*
 * The permission matrix: which roles may call each route that signs in a user. ApiRouter reads it
 * when a route is declared (a user route without an entry stops the API from starting), the OpenAPI
 * document shows it as `x-roles`, and permissions.e2e.spec.ts holds it against the declared routes.
 * The sets are @wfm/core/role-sets'.
 *
 * Only the route-level check lives here. Services still narrow what a permitted caller may do (the
 * rank rule, outlet scope); those that apply one of these sets beyond the route import it from
 * @wfm/core/role-sets.
 */

/** `METHOD /path`, the path as declared to ApiRouter (relative to /api/v1, Express parameters). */
export const ROUTE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  'GET /tenant': TENANT_ADMINS,
  'PATCH /tenant': TENANT_ADMINS,

  'GET /users': MANAGERS,
  'POST /users': PEOPLE_ADMINS,
  'POST /users/bulk-import': PEOPLE_ADMINS,
  'GET /users/:id': EVERY_ROLE,
  'PATCH /users/:id': PEOPLE_ADMINS,
  'PATCH /users/:id/status': PEOPLE_ADMINS,
  'DELETE /users/:id': PEOPLE_ADMINS,
  'GET /users/:id/outlets': MANAGERS,
  'PUT /users/:id/outlets': PEOPLE_ADMINS,

  'GET /outlets': EVERY_ROLE,
  'POST /outlets': OUTLET_ADMINS,
  'POST /outlets/bulk-import': OUTLET_ADMINS,
  'PATCH /outlets/:id': OUTLET_ADMINS,

  'POST /shift-assignments': MANAGERS,
  'GET /shift-assignments': EVERY_ROLE,
  'PATCH /shift-assignments/:id': MANAGERS,
  'POST /shift-assignments/:id/release': MANAGERS,

  'POST /scheduler/assignments': MANAGERS,
  'POST /scheduler/clone-week': MANAGERS,
  'GET /scheduler/rosters': MANAGERS,
  'GET /scheduler/rosters/:id': MANAGERS,
  'POST /scheduler/rosters/:id/approve': ROSTER_APPROVERS,
  'POST /scheduler/rosters/:id/reject': ROSTER_APPROVERS,

  'GET /open-shifts': EVERY_ROLE,
  'POST /open-shifts/:id/claim': EVERY_ROLE,
  'DELETE /open-shifts/:id': MANAGERS,

  'POST /shift-swaps': EVERY_ROLE,
  'GET /shift-swaps/candidates': EVERY_ROLE,
  'GET /shift-swaps': EVERY_ROLE,
  'POST /shift-swaps/:id/accept': EVERY_ROLE,
  'POST /shift-swaps/:id/decline': EVERY_ROLE,
  'POST /shift-swaps/:id/cancel': EVERY_ROLE,
  'POST /shift-swaps/:id/approve': MANAGERS,
  'POST /shift-swaps/:id/reject': MANAGERS,

  'POST /contracts': PEOPLE_ADMINS,
  'GET /contracts': EVERY_ROLE,
  'GET /contracts/:id': EVERY_ROLE,
  'PATCH /contracts/:id': PEOPLE_ADMINS,
  'POST /contracts/:id/activate': PEOPLE_ADMINS,
  'POST /contracts/:id/terminate': PEOPLE_ADMINS,

  'POST /disciplinary-actions': PEOPLE_ADMINS,
  'GET /disciplinary-actions': EVERY_ROLE,
  'GET /disciplinary-actions/:id': EVERY_ROLE,

  'POST /issues': EVERY_ROLE,
  'POST /mobile/issues': EVERY_ROLE,
  'GET /issues': EVERY_ROLE,
  'GET /issues/:id': EVERY_ROLE,
  'PATCH /issues/:id': MANAGERS,

  'POST /courses': COURSE_ADMINS,
  'GET /courses': EVERY_ROLE,
  'GET /courses/:id': EVERY_ROLE,
  'POST /courses/:id/enrolments': COURSE_ADMINS,
  'GET /courses/:id/enrolments': COURSE_ADMINS,
  'GET /me/enrolments': EVERY_ROLE,
  'POST /courses/:id/lessons/:lessonId/complete': EVERY_ROLE,
  'POST /courses/:id/quiz/attempts': EVERY_ROLE,

  'POST /offboarding': PEOPLE_ADMINS,
  'GET /offboarding': PEOPLE_ADMINS,
  'GET /offboarding/:id': PEOPLE_ADMINS,
  'POST /offboarding/:id/checklist': PEOPLE_ADMINS,
  'PATCH /offboarding/:id/checklist/:itemId': PEOPLE_ADMINS,
  'POST /offboarding/:id/cancel': PEOPLE_ADMINS,
  'POST /offboarding/:id/finalize': PEOPLE_ADMINS,

  'PUT /users/:id/pay': PEOPLE_ADMINS,
  'GET /users/:id/pay': EVERY_ROLE,
  'GET /payroll/deductions': PEOPLE_ADMINS,
  'POST /payroll/deductions': PEOPLE_ADMINS,
  'DELETE /payroll/deductions/:id': PEOPLE_ADMINS,
  'POST /payroll/runs': PEOPLE_ADMINS,
  'GET /payroll/runs': PEOPLE_ADMINS,
  'GET /payroll/runs/:id': PEOPLE_ADMINS,
  'POST /payroll/runs/:id/recompute': PEOPLE_ADMINS,
  'POST /payroll/runs/:id/approve': PEOPLE_ADMINS,
  'POST /payroll/runs/:id/mark-paid': PEOPLE_ADMINS,
  'GET /payroll/runs/:id/journal': PEOPLE_ADMINS,
  'GET /payroll/runs/:id/payslips': PEOPLE_ADMINS,
  'GET /payroll/runs/:id/payslips/:userId': EVERY_ROLE,
  'GET /payroll/runs/:id/payslips/:userId/pdf': EVERY_ROLE,
  'GET /payroll/payslips': EVERY_ROLE,
  'POST /payroll/accounting/connect': PEOPLE_ADMINS,
  'GET /payroll/accounting': PEOPLE_ADMINS,
  'DELETE /payroll/accounting': PEOPLE_ADMINS,
  'POST /payroll/runs/:id/export': PEOPLE_ADMINS,

  'GET /recruiting/jobs': RECRUITERS,
  'POST /recruiting/jobs': RECRUITERS,
  'GET /recruiting/jobs/:id': RECRUITERS,
  'PATCH /recruiting/jobs/:id': RECRUITERS,
  'DELETE /recruiting/jobs/:id': RECRUITERS,
  'GET /recruiting/applications': RECRUITERS,
  'GET /recruiting/applications/:id': RECRUITERS,
  'POST /recruiting/applications/:id/stage': RECRUITERS,
  'GET /recruiting/applications/:id/resume': RECRUITERS,
  'DELETE /recruiting/applications/:id': RECRUITERS,
  'POST /recruiting/applications/:id/convert': RECRUITERS,

  'POST /policies': PEOPLE_ADMINS,
  'GET /policies': EVERY_ROLE,
  'PATCH /policies/:id': PEOPLE_ADMINS,
  'POST /policies/:id/acknowledge': EVERY_ROLE,

  'POST /mobile/clock-in': EVERY_ROLE,
  'POST /mobile/clock-out': EVERY_ROLE,
  'GET /attendance': EVERY_ROLE,
  'PATCH /attendance/:id': MANAGERS,

  'POST /leave-requests': EVERY_ROLE,
  'GET /leave-requests': EVERY_ROLE,
  'GET /leave-requests/:id': EVERY_ROLE,
  'POST /leave-requests/:id/approve': MANAGERS,
  'POST /leave-requests/:id/reject': MANAGERS,
  'POST /leave-requests/:id/cancel': EVERY_ROLE,
  'GET /leave-approval-chain': EVERY_ROLE,
  'PUT /leave-approval-chain': TENANT_ADMINS,

  // Spec 01: keys and clients are made by a tenant owner or company admin.
  'POST /api-keys': TENANT_ADMINS,
  'GET /api-keys': TENANT_ADMINS,
  'DELETE /api-keys/:id': TENANT_ADMINS,
  'POST /oauth-clients': TENANT_ADMINS,
  'GET /oauth-clients': TENANT_ADMINS,
  'POST /oauth-clients/:id/revoke': TENANT_ADMINS,

  // Issue 17: kiosks are registered by those who run outlets (an outlet manager for their own);
  // everyone sets their own PIN; a manager clears the PIN of someone they manage.
  'POST /kiosks': [...OUTLET_ADMINS, 'OUTLET_MANAGER'],
  'GET /kiosks': [...OUTLET_ADMINS, 'OUTLET_MANAGER'],
  'DELETE /kiosks/:id': [...OUTLET_ADMINS, 'OUTLET_MANAGER'],
  'PUT /kiosk-pin': EVERY_ROLE,
  'DELETE /kiosk-pin': EVERY_ROLE,
  'DELETE /users/:id/kiosk-pin': MANAGERS,

  // Issue 16: single sign-on connections are the tenant owners' and company admins'.
  'GET /sso/connections': TENANT_ADMINS,
  'POST /sso/connections': TENANT_ADMINS,
  'GET /sso/connections/:id': TENANT_ADMINS,
  'PATCH /sso/connections/:id': TENANT_ADMINS,
  'DELETE /sso/connections/:id': TENANT_ADMINS,
  'GET /sso/connections/:id/saml-metadata': TENANT_ADMINS,
  'POST /sso/connections/:id/domains': TENANT_ADMINS,
  'POST /sso/connections/:id/domains/:domainId/verify': TENANT_ADMINS,
  'DELETE /sso/connections/:id/domains/:domainId': TENANT_ADMINS,

  'GET /webhooks': TENANT_ADMINS,
  'GET /webhooks/events': TENANT_ADMINS,
  'GET /webhooks/deliveries/dead-count': TENANT_ADMINS,
  'POST /webhooks/deliveries/:deliveryId/redeliver': TENANT_ADMINS,
  'POST /webhooks': TENANT_ADMINS,
  'PATCH /webhooks/:id': TENANT_ADMINS,
  'DELETE /webhooks/:id': TENANT_ADMINS,
  'POST /webhooks/:id/rotate': TENANT_ADMINS,
  'POST /webhooks/:id/test': TENANT_ADMINS,
  'GET /webhooks/:id/deliveries': TENANT_ADMINS,

  // Issue 17: the tenant's look is an owner's or company admin's; a card is its owner's alone (the service acts on the caller only).
  'GET /branding': TENANT_ADMINS,
  'PATCH /branding': TENANT_ADMINS,
  'PUT /branding/logo': TENANT_ADMINS,
  'DELETE /branding/logo': TENANT_ADMINS,
  'GET /me/public-profile': EVERY_ROLE,
  'PATCH /me/public-profile': EVERY_ROLE,
  'POST /me/public-profile/rotate': EVERY_ROLE,
  'PUT /me/public-profile/photo': EVERY_ROLE,
  'DELETE /me/public-profile/photo': EVERY_ROLE,
  'POST /esign/documents': ESIGN_ADMINS,
  'POST /esign/documents/generate': ESIGN_ADMINS,
  'GET /esign/documents': ESIGN_ADMINS,
  'GET /esign/documents/:id': ESIGN_ADMINS,
  'GET /esign/documents/:id/download': ESIGN_ADMINS,
  'POST /esign/documents/:id/requests': ESIGN_ADMINS,
  'GET /esign/requests': ESIGN_ADMINS,
  'GET /esign/requests/:id': ESIGN_ADMINS,
  'POST /esign/requests/:id/revoke': ESIGN_ADMINS,
  'GET /esign/requests/:id/download': ESIGN_ADMINS,

  'GET /access/zones': ACCESS_READERS,
  'GET /access/zones/:id': ACCESS_READERS,
  'POST /access/zones': ACCESS_ADMINS,
  'PATCH /access/zones/:id': ACCESS_ADMINS,
  'DELETE /access/zones/:id': ACCESS_ADMINS,
  'GET /access/readers': ACCESS_READERS,
  'DELETE /access/readers/:readerId': ACCESS_ADMINS,
  'GET /access/grants': ACCESS_ADMINS,
  'GET /access/users/:userId/grants': ACCESS_ADMINS,
  'POST /access/grants': ACCESS_ADMINS,
  'POST /access/grants/bulk': ACCESS_ADMINS,
  'POST /access/grants/:id/revoke': ACCESS_ADMINS,
  'DELETE /access/grants/:id': ACCESS_ADMINS,
  'GET /access/audit': ACCESS_READERS,
  'GET /access/reports/who-where': ACCESS_ADMINS,
  'POST /access/credential': EVERY_ROLE,
  'POST /access/wallet/pass': EVERY_ROLE,
  // The tenant's signing key is the root of every door credential: an owner-level act.
  'POST /access/signing-keys/rotate': TENANT_ADMINS,
  'GET /access/api-keys': ACCESS_ADMINS,
  'POST /access/api-keys': ACCESS_ADMINS,
  'POST /access/api-keys/:id/revoke': ACCESS_ADMINS,
  'GET /access/visitors': ACCESS_ADMINS,
  'POST /access/visitors': ACCESS_ADMINS,
  'DELETE /access/visitors/:inviteCode': ACCESS_ADMINS,
  'GET /access/integrations': ACCESS_ADMINS,
  'POST /access/integrations': ACCESS_ADMINS,
  'PATCH /access/integrations/:id': ACCESS_ADMINS,
  'DELETE /access/integrations/:id': ACCESS_ADMINS,
  'POST /access/integrations/:id/test-connection': ACCESS_ADMINS,
  'POST /access/integrations/:id/sync-doors': ACCESS_ADMINS,
  'GET /access/integrations/:id/doors': ACCESS_ADMINS,
  'POST /access/integrations/:id/doors/:doorId/map': ACCESS_ADMINS,
};

/** The roles a user route admits; throws for a route the matrix does not list. */
export function routeRoles(method: string, path: string): readonly Role[] {
  const key = `${method.toUpperCase()} ${path}`;
  const roles = ROUTE_ROLES[key];
  if (!roles) throw new Error(`${key} signs in a user but has no entry in the permission matrix (apps/api/src/http/permissions.ts)`);
  return roles;
}
