import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session, type TokenPair } from '../api/session';
import type { Ok } from '../api/types';

export type Me = Ok<'getUsersById'>;
export type Role = Me['role'];

/** Every role (the API's EVERY_ROLE). */
export const EVERY_ROLE: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'];
/** Who may open the admin pages: every role but STAFF (the API's MANAGERS set). */
export const MANAGER_ROLES: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'];
/** Zones, grants, readers, visitors and reader keys (the API's ACCESS_ADMINS). */
export const ACCESS_ADMIN_ROLES: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'];
/** The audit log and zone reads also allow outlet managers (the API's ACCESS_READERS). */
export const ACCESS_READER_ROLES: readonly Role[] = [...ACCESS_ADMIN_ROLES, 'OUTLET_MANAGER'];
/** Users and policies (the API's PEOPLE_ADMINS). */
export const PEOPLE_ADMIN_ROLES: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER'];
/** Who builds courses and enrols people (the API's COURSE_ADMINS). */
export const COURSE_ADMIN_ROLES: readonly Role[] = [...PEOPLE_ADMIN_ROLES, 'AREA_MANAGER'];
/** The tenant, developer credentials and webhooks (the API's TENANT_ADMINS). */
export const TENANT_ADMIN_ROLES: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'];
/** Who creates and edits outlets (the API's OUTLET_ADMINS). */
export const OUTLET_ADMIN_ROLES: readonly Role[] = [...TENANT_ADMIN_ROLES, 'AREA_MANAGER', 'OPERATIONS_MANAGER'];

export function useSession(): TokenPair | null {
  return useSyncExternalStore(
    (cb) => session.subscribe(cb),
    () => session.current,
  );
}

/** The signed-in user, read from GET /users/{id} with the id the access token names. */
export function useMe() {
  const pair = useSession();
  const id = pair ? session.claims?.sub : undefined;
  return useQuery({
    queryKey: ['me', id],
    enabled: Boolean(id),
    staleTime: 60_000,
    queryFn: () => ok(api.GET('/users/{id}', { params: { path: { id: id! } } })),
  });
}

export function hasRole(me: Me | undefined, roles: readonly Role[]): boolean {
  return me !== undefined && roles.includes(me.role);
}
