import type { Plan, Role } from '@wfm/core/tenancy';

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

export type Principal = UserPrincipal;

export interface RequestContext {
  requestId: string;
  /** Subject of a signature-valid access JWT, for rate-limit keying only (not authorisation). */
  jwtSubject?: string;
  principal?: Principal;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}
