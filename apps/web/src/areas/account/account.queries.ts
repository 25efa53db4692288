import { useQuery, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import { sendForm } from '../../api/raw';
import type { Body } from '../../api/types';

const PROFILE = ['me', 'public-profile'] as const;

export const useOwnProfile = () => useQuery({ queryKey: PROFILE, queryFn: () => ok(api.GET('/me/public-profile')) });

const useProfileMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [PROFILE]);

export const useUpdateProfile = () => useProfileMutation((body: Body<'patchMePublicProfile'>) => ok(api.PATCH('/me/public-profile', { body })));
export const useRotateProfile = () => useProfileMutation(() => ok(api.POST('/me/public-profile/rotate')));
export const useRemovePhoto = () => useProfileMutation(() => ok(api.DELETE('/me/public-profile/photo')));

export const useUploadPhoto = () => useProfileMutation((file: File) => sendForm('PUT', '/me/public-profile/photo', { photo: file }));


export const useSetPin = () => useMutation({ mutationFn: (pin: string) => ok(api.PUT('/kiosk-pin', { body: { pin } })) });
export const useRemovePin = () => useMutation({ mutationFn: () => ok(api.DELETE('/kiosk-pin')) });
