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

/*
 * The auth guard turns a presented credential into its principal through these, supplied by the
 * composition root: the edge knows how a credential is presented, the owning module how it is checked.
 */

/** Turns a presented access JWT into the signed-in user, or null when it is invalid, expired or its session is over. */
export interface UserResolver {
  resolve(accessToken: string): Promise<UserPrincipal | null>;
}

/**
 * Turns a presented developer secret into the calling integration, or null when it is unknown,
 * revoked or expired. `x-api-key` admits only developer keys (spec 01, Authentication rule 2).
 */
export interface DeveloperCredentialResolver {
  resolve(secret: string, via: 'authorization' | 'x-api-key'): Promise<DeveloperPrincipal | null>;
}

/** Turns a presented kiosk device token into its kiosk, or null when it is unknown or revoked. */
export interface KioskResolver {
  resolve(token: string): Promise<KioskPrincipal | null>;
}
