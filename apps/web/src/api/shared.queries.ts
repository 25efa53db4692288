import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './client';
import { ok } from './errors';

/** A mutation that refreshes the queries under `keys` once it has succeeded. */
export function useInvalidatingMutation<V, R>(fn: (v: V) => Promise<R>, keys: readonly QueryKey[]) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey }))) });
}

/**
 * A mutation that removes the item `id`: it leaves the cached list under `listKey` at once, then the
 * queries under `keys` are refreshed. A page that goes back to that list after the removal must not
 * show the item again until the refetch answers.
 */
export function useRemovingMutation<R>(fn: (id: string) => Promise<R>, listKey: QueryKey, keys: readonly QueryKey[] = [listKey]) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, id) => {
      dropFromList(queries, listKey, id);
      return Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
    },
  });
}

function dropFromList(queries: QueryClient, listKey: QueryKey, id: string): void {
  queries.setQueryData<Array<{ id: string }>>(listKey, (list) => list?.filter((item) => item.id !== id));
}

/** The tenant's outlets (every role may read them): for pickers and names. */
export const useOutlets = () => useQuery({ queryKey: ['outlets'], staleTime: 60_000, queryFn: () => ok(api.GET('/outlets')) });

/** The tenant's people by id, as far as the caller may list them (managers; 500, the API's largest page). */
export const usePeople = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'all'],
    enabled,
    staleTime: 60_000,
    queryFn: () => ok(api.GET('/users', { params: { query: { limit: 500 } } })),
    select: (users) => new Map(users.map((u) => [u.id, u])),
  });
