import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import { sendForm } from '../../api/raw';
import type { Body, Ok } from '../../api/types';

const useInvalidating = <V, R>(fn: (v: V) => Promise<R>, key: string) => useInvalidatingMutation(fn, [[key]]);

export const useTenant = () => useQuery({ queryKey: ['tenant'], queryFn: () => ok(api.GET('/tenant')) });
/** A new timezone changes every time shown: the console reads the company's zone with the caller's availability. */
export const useUpdateTenant = () => useInvalidatingMutation((body: Body<'patchTenant'>) => ok(api.PATCH('/tenant', { body })), [['tenant'], ['availability'], ['me', 'locale']]);

export const useBranding = () => useQuery({ queryKey: ['branding'], queryFn: () => ok(api.GET('/branding')) });
export const useUpdateBranding = () => useInvalidating((body: Body<'patchBranding'>) => ok(api.PATCH('/branding', { body })), 'branding');
export const useRemoveLogo = () => useInvalidating(() => ok(api.DELETE('/branding/logo')), 'branding');
export const useUploadLogo = () => useInvalidating((file: File) => sendForm('PUT', '/branding/logo', { logo: file }), 'branding');

export const useKiosks = () => useQuery({ queryKey: ['kiosks'], queryFn: () => ok(api.GET('/kiosks')) });
export const useRegisterKiosk = () => useInvalidating((body: Body<'postKiosks'>) => ok(api.POST('/kiosks', { body })), 'kiosks');
export const useRevokeKiosk = () => useInvalidating((id: string) => ok(api.DELETE('/kiosks/{id}', { params: { path: { id } } })), 'kiosks');

export type SsoConnection = Ok<'getSsoConnectionsById'>;
export type SsoDomain = SsoConnection['domains'][number];

export const useSsoConnections = () => useQuery({ queryKey: ['sso'], queryFn: () => ok(api.GET('/sso/connections')) });
export const useSsoConnection = (id: string) => useQuery({ queryKey: ['sso', id], queryFn: () => ok(api.GET('/sso/connections/{id}', { params: { path: { id } } })) });
export const useCreateSsoConnection = () => useInvalidating((body: Body<'postSsoConnections'>) => ok(api.POST('/sso/connections', { body })), 'sso');
export const useUpdateSsoConnection = () =>
  useInvalidating(({ id, body }: { id: string; body: Body<'patchSsoConnectionsById'> }) => ok(api.PATCH('/sso/connections/{id}', { params: { path: { id } }, body })), 'sso');
export const useRemoveSsoConnection = () => useRemovingMutation((id: string) => ok(api.DELETE('/sso/connections/{id}', { params: { path: { id } } })), ['sso']);
export const useAddSsoDomain = () =>
  useInvalidating(({ id, domain }: { id: string; domain: string }) => ok(api.POST('/sso/connections/{id}/domains', { params: { path: { id } }, body: { domain } })), 'sso');
export const useVerifySsoDomain = () =>
  useInvalidating(({ id, domainId }: { id: string; domainId: string }) => ok(api.POST('/sso/connections/{id}/domains/{domainId}/verify', { params: { path: { id, domainId } } })), 'sso');
export const useReleaseSsoDomain = () =>
  useInvalidating(({ id, domainId }: { id: string; domainId: string }) => ok(api.DELETE('/sso/connections/{id}/domains/{domainId}', { params: { path: { id, domainId } } })), 'sso');
