import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { i18next } from '../../i18n/i18n';
import { ok, okPropagated, type Propagation } from '../../api/errors';
import { useRemovingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Zone = Ok<'getAccessZonesById'>;
export type Reader = Ok<'getAccessReaders'>[number];
export type Grant = Ok<'getAccessGrants'>[number];
export type GrantStatus = Grant['status'];
export type ReaderKey = Ok<'getAccessApiKeys'>[number];
export type AuditRow = Ok<'getAccessAudit'>[number];
export type AuditQuery = NonNullable<import('@wfm/api-client/client').operations['getAccessAudit']['parameters']['query']>;

const ACCESS = ['access'] as const;

/**
 * Every access change says whether all door daemons had it when the API answered; "partial" means
 * a door may still decide by the old rule for a moment, which an admin should know.
 */
function tellPropagation(p: Propagation) {
  if (p === 'partial') notifications.show({ color: 'yellow', title: i18next.t('access:propagation.title'), message: i18next.t('access:propagation.message') });
}

function useAccessMutation<V, R>(fn: (v: V) => Promise<R | { data: R; propagation: Propagation }>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => {
      const result = await fn(v);
      if (result && typeof result === 'object' && 'propagation' in result && 'data' in result) {
        tellPropagation(result.propagation);
        return result.data as R;
      }
      return result as R;
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ACCESS }),
  });
}


export const useZones = () => useQuery({ queryKey: [...ACCESS, 'zones'], queryFn: () => ok(api.GET('/access/zones')) });
export const useZone = (id: string) => useQuery({ queryKey: [...ACCESS, 'zone', id], queryFn: () => ok(api.GET('/access/zones/{id}', { params: { path: { id } } })) });
export const useCreateZone = () => useAccessMutation((body: Body<'postAccessZones'>) => okPropagated(api.POST('/access/zones', { body })));
export const useUpdateZone = () => useAccessMutation(({ id, body }: { id: string; body: Body<'patchAccessZonesById'> }) => okPropagated(api.PATCH('/access/zones/{id}', { params: { path: { id } }, body })));
export const useDeleteZone = () =>
  useRemovingMutation(
    async (id: string) => {
      const { data, propagation } = await okPropagated(api.DELETE('/access/zones/{id}', { params: { path: { id } } }));
      tellPropagation(propagation);
      return data;
    },
    [...ACCESS, 'zones'],
    [ACCESS],
  );

/** Readers report every few minutes; online means a heartbeat within 15 minutes. */
export const useReaders = () => useQuery({ queryKey: [...ACCESS, 'readers'], refetchInterval: 15_000, queryFn: () => ok(api.GET('/access/readers')) });
export const useRemoveReader = () =>
  useRemovingMutation((r: Reader) => ok(api.DELETE('/access/readers/{readerId}', { params: { path: { readerId: r.readerId } } })), [...ACCESS, 'readers'], [[...ACCESS, 'readers']], (r) => r.id);

export const useGrants = (filter: { userId?: string; zoneId?: string; status?: GrantStatus }) =>
  useQuery({ queryKey: [...ACCESS, 'grants', filter], placeholderData: keepPreviousData, queryFn: () => ok(api.GET('/access/grants', { params: { query: { ...filter, limit: 1000 } } })) });
export const useGrant = () => useAccessMutation((body: Body<'postAccessGrants'>) => okPropagated(api.POST('/access/grants', { body })));
export const useBulkGrant = () => useAccessMutation((body: Body<'postAccessGrantsBulk'>) => okPropagated(api.POST('/access/grants/bulk', { body })));
export const useRevokeGrant = () =>
  useAccessMutation(({ id, reason }: { id: string; reason?: string }) => okPropagated(api.POST('/access/grants/{id}/revoke', { params: { path: { id } }, body: reason ? { reason } : {} })));
export const useDeleteGrant = () => useAccessMutation((id: string) => okPropagated(api.DELETE('/access/grants/{id}', { params: { path: { id } } })));

export const useReaderKeys = () => useQuery({ queryKey: [...ACCESS, 'reader-keys'], queryFn: () => ok(api.GET('/access/api-keys')) });
export const useMintReaderKey = () => useAccessMutation((name: string) => ok(api.POST('/access/api-keys', { body: { name } })));
export const useRevokeReaderKey = () => useAccessMutation((id: string) => okPropagated(api.POST('/access/api-keys/{id}/revoke', { params: { path: { id } } })));

/** The audit log, asked again every 2 s while `live`: new taps appear at the top without a reload. */
export const useAudit = (query: AuditQuery, live: boolean) =>
  useQuery({
    queryKey: [...ACCESS, 'audit', query],
    refetchInterval: live ? 2_000 : false,
    placeholderData: keepPreviousData,
    queryFn: () => ok(api.GET('/access/audit', { params: { query } })),
  });

export const useWhoWhere = (query: { from: string; to: string; zoneId?: string; userId?: string }, enabled: boolean) =>
  useQuery({ queryKey: [...ACCESS, 'who-where', query], enabled, queryFn: () => ok(api.GET('/access/reports/who-where', { params: { query } })) });
