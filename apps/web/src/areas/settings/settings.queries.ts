import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import { sendForm } from '../../api/raw';
import type { Body } from '../../api/types';

const useInvalidating = <V, R>(fn: (v: V) => Promise<R>, key: string) => useInvalidatingMutation(fn, [[key]]);

export const useTenant = () => useQuery({ queryKey: ['tenant'], queryFn: () => ok(api.GET('/tenant')) });
export const useUpdateTenant = () => useInvalidating((body: Body<'patchTenant'>) => ok(api.PATCH('/tenant', { body })), 'tenant');

export const useBranding = () => useQuery({ queryKey: ['branding'], queryFn: () => ok(api.GET('/branding')) });
export const useUpdateBranding = () => useInvalidating((body: Body<'patchBranding'>) => ok(api.PATCH('/branding', { body })), 'branding');
export const useRemoveLogo = () => useInvalidating(() => ok(api.DELETE('/branding/logo')), 'branding');
export const useUploadLogo = () => useInvalidating((file: File) => sendForm('PUT', '/branding/logo', { logo: file }), 'branding');

export const useKiosks = () => useQuery({ queryKey: ['kiosks'], queryFn: () => ok(api.GET('/kiosks')) });
export const useRegisterKiosk = () => useInvalidating((body: Body<'postKiosks'>) => ok(api.POST('/kiosks', { body })), 'kiosks');
export const useRevokeKiosk = () => useInvalidating((id: string) => ok(api.DELETE('/kiosks/{id}', { params: { path: { id } } })), 'kiosks');
