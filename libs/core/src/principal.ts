import type { Plan, Role } from './tenancy.js';
import type { Scope } from './scopes.js';

/** Who is calling, resolved once per request by the auth guard. */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  tenantId: string;
  role: Role;
  sessionId: string;
  fullName: string;
  tenant: { plan: Plan; timezone: string; publicApiEnabled: boolean; ssoEnabled: boolean };
}

/** An integration calling /public (or /scim/v2) with a developer API key or an OAuth access token. */
export interface DeveloperPrincipal {
  kind: 'developer';
  credential: 'api_key' | 'oauth_token';
  /** The api_keys row or the oauth_clients row the token was issued to. */
  credentialId: string;
  tenantId: string;
  scopes: readonly Scope[];
  /** The rank it acts on people with: its maker's role while they are active, else null (it acts on nobody). */
  actingRole: Role | null;
  tenant: { plan: Plan; publicApiEnabled: boolean; ssoEnabled: boolean };
}

/** A kiosk device at an outlet, calling the two kiosk routes with its kd_ token. */
export interface KioskPrincipal {
  kind: 'kiosk';
  kioskId: string;
  tenantId: string;
  outletId: string;
  tenant: { plan: Plan; timezone: string };
}

export type Principal = UserPrincipal | DeveloperPrincipal | KioskPrincipal;

/** The signed-in person a service acts for; routes pass the request's UserPrincipal. */
export type Actor = Pick<UserPrincipal, 'userId' | 'tenantId' | 'role'>;
