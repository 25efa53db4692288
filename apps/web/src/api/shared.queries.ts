import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './client';
import { ok } from './errors';
import { displayZone } from '../ui/zone';

/** A mutation that refreshes the queries under `keys` once it has succeeded. */
export function useInvalidatingMutation<V, R>(fn: (v: V) => Promise<R>, keys: readonly QueryKey[]) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey }))) });
}

/**
 * A mutation that removes an item: it leaves the cached list under `listKey` at once, then the
 * queries under `keys` are refreshed. A page that goes back to that list after the removal must not
 * show the item again until the refetch answers. The item is named by its id unless `idOf` says
 * how (an item removed by another key).
 */
export function useRemovingMutation<R, V = string>(fn: (item: V) => Promise<R>, listKey: QueryKey, keys: readonly QueryKey[] = [listKey], idOf: (item: V) => string = (item) => item as string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, item) => {
      dropFromList(queries, listKey, idOf(item));
      return Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
    },
  });
}

function dropFromList(queries: QueryClient, listKey: QueryKey, id: string): void {
  queries.setQueryData<Array<{ id: string }>>(listKey, (list) => list?.filter((item) => item.id !== id));
}

/** The tenant's outlets (every role may read them): for pickers and names. */
export const useOutlets = () => useQuery({ queryKey: ['outlets'], staleTime: 60_000, queryFn: () => ok(api.GET('/outlets')) });

/** Each outlet's zone: its own, or the company's when it has none (or is not known yet). */
export function useOutletZones(): (outletId: string | null | undefined) => string {
  const outlets = useOutlets();
  return (outletId) => outlets.data?.find((o) => o.id === outletId)?.timezone ?? displayZone();
}

/** The tenant's people by id, as far as the caller may list them (managers; 500, the API's largest page). */
export const usePeople = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'all'],
    enabled,
    staleTime: 60_000,
    queryFn: () => ok(api.GET('/users', { params: { query: { limit: 500 } } })),
    select: (users) => new Map(users.map((u) => [u.id, u])),
  });
