import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '../../api/client';
import { ApiError, ok, type ErrorBody } from '../../api/errors';
import { session } from '../../api/session';
import type { Body } from '../../api/types';

const PROFILE = ['me', 'public-profile'] as const;

export const useOwnProfile = () => useQuery({ queryKey: PROFILE, queryFn: () => ok(api.GET('/me/public-profile')) });

function useProfileMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queries.invalidateQueries({ queryKey: PROFILE }) });
}

export const useUpdateProfile = () => useProfileMutation((body: Body<'patchMePublicProfile'>) => ok(api.PATCH('/me/public-profile', { body })));
export const useRotateProfile = () => useProfileMutation(() => ok(api.POST('/me/public-profile/rotate')));
export const useRemovePhoto = () => useProfileMutation(() => ok(api.DELETE('/me/public-profile/photo')));

/** A multipart upload: the typed client speaks JSON, so this one request is sent by hand. */
export const useUploadPhoto = () =>
  useProfileMutation(async (file: File) => {
    const form = new FormData();
    form.append('photo', file);
    const res = await fetch(`${API_BASE}/me/public-profile/photo`, { method: 'PUT', headers: { authorization: `Bearer ${session.current?.accessToken ?? ''}` }, body: form });
    if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  });

export const useMyOutlets = () => useQuery({ queryKey: ['outlets'], staleTime: 60_000, queryFn: () => ok(api.GET('/outlets')) });

export const useSetPin = () => useMutation({ mutationFn: (pin: string) => ok(api.PUT('/kiosk-pin', { body: { pin } })) });
export const useRemovePin = () => useMutation({ mutationFn: () => ok(api.DELETE('/kiosk-pin')) });
