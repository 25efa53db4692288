import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '../../api/client';
import { ApiError, ok, type ErrorBody } from '../../api/errors';
import { session } from '../../api/session';
import type { Body } from '../../api/types';

function useInvalidating<V, R>(fn: (v: V) => Promise<R>, key: string) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queries.invalidateQueries({ queryKey: [key] }) });
}

export const useTenant = () => useQuery({ queryKey: ['tenant'], queryFn: () => ok(api.GET('/tenant')) });
export const useUpdateTenant = () => useInvalidating((body: Body<'patchTenant'>) => ok(api.PATCH('/tenant', { body })), 'tenant');

export const useBranding = () => useQuery({ queryKey: ['branding'], queryFn: () => ok(api.GET('/branding')) });
export const useUpdateBranding = () => useInvalidating((body: Body<'patchBranding'>) => ok(api.PATCH('/branding', { body })), 'branding');
export const useRemoveLogo = () => useInvalidating(() => ok(api.DELETE('/branding/logo')), 'branding');
/** A multipart upload: the typed client speaks JSON, so this one request is sent by hand. */
export const useUploadLogo = () =>
  useInvalidating(async (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    const res = await fetch(`${API_BASE}/branding/logo`, { method: 'PUT', headers: { authorization: `Bearer ${session.current?.accessToken ?? ''}` }, body: form });
    if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  }, 'branding');

export const useOutlets = () => useQuery({ queryKey: ['outlets'], staleTime: 60_000, queryFn: () => ok(api.GET('/outlets')) });
export const useKiosks = () => useQuery({ queryKey: ['kiosks'], queryFn: () => ok(api.GET('/kiosks')) });
export const useRegisterKiosk = () => useInvalidating((body: Body<'postKiosks'>) => ok(api.POST('/kiosks', { body })), 'kiosks');
export const useRevokeKiosk = () => useInvalidating((id: string) => ok(api.DELETE('/kiosks/{id}', { params: { path: { id } } })), 'kiosks');
