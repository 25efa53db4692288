import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { OPERATION_ROLES, type UserOperation } from '@wfm/api-client/operation-roles';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session, type TokenPair } from '../api/session';
import type { Ok } from '../api/types';

export type Me = Ok<'getUsersById'>;
export type Role = Me['role'];

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

/**
 * Whether the signed-in user's role may call an operation, by its `x-roles` in the API's document
 * (the generated OPERATION_ROLES): the console offers a page, link or button exactly when the API
 * will not refuse the call behind it.
 */
export function mayCall(me: Me | undefined, operation: UserOperation): boolean {
  return me !== undefined && (OPERATION_ROLES[operation] as readonly Role[]).includes(me.role);
}

/** Whether the signed-in user may call every operation a page needs (a page, and its navigation entry, are offered on this). */
export function mayOpen(me: Me | undefined, needs: readonly UserOperation[]): boolean {
  return needs.every((operation) => mayCall(me, operation));
}
