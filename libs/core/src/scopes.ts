/** Spec 01, Scopes. The two `scim:*` scopes are for SCIM only. */
export const SCOPES = [
  'outlets:read',
  'employees:read',
  'shifts:read',
  'shifts:write',
  'attendance:read',
  'attendance:write',
  'leave:read',
  'leave:write',
  'reports:read',
  'webhooks:read',
  'webhooks:write',
  'scim:read',
  'scim:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const DEFAULT_API_KEY_SCOPES: readonly Scope[] = ['outlets:read', 'employees:read'];
