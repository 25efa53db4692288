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

/** What a webhook portal link may do besides reading (issue 32). */
export const PORTAL_CAPABILITIES = ['replay', 'test', 'rotate'] as const;
export type PortalCapability = (typeof PORTAL_CAPABILITIES)[number];

/**
 * The holder of a webhook portal link (issue 32): one subscription of one tenant, and nothing else.
 * Its routes read the subscription id from here, never from the request.
 */
export interface PortalPrincipal {
  kind: 'portal';
  linkId: string;
  tenantId: string;
  webhookId: string;
  capabilities: readonly PortalCapability[];
  expiresAt: Date;
  /** `testedBy` of the test events it sends: the user who made the link, else the link's id. */
  testedBy: string;
  tenant: { plan: Plan };
}

export type Principal = UserPrincipal | DeveloperPrincipal | KioskPrincipal | PortalPrincipal;

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

/** Why a presented portal token opens nothing: each is its own 401 code, so the page can say which. */
export type PortalRefusal = 'PortalLinkInvalid' | 'PortalLinkExpired' | 'PortalLinkRevoked';

/** Turns a presented portal token into its link's principal, or says why it cannot. */
export interface PortalResolver {
  resolve(token: string): Promise<PortalPrincipal | PortalRefusal>;
}
