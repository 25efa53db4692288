import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Policy = Ok<'getPolicies'>[number];

/** The caller's open clock-in, if any (GET /attendance shows everyone their own). */
export const useOpenClockIn = (userId: string | undefined) =>
  useQuery({
    queryKey: ['attendance', 'open', userId],
    enabled: userId !== undefined,
    queryFn: async () => (await ok(api.GET('/attendance', { params: { query: { userId: userId!, status: 'OPEN', limit: 1 } } })))[0] ?? null,
  });
export const useClockIn = () => useInvalidatingMutation((body: Body<'postMobileClockIn'>) => ok(api.POST('/mobile/clock-in', { body })), [['attendance'], ['shifts']]);
export const useClockOut = () => useInvalidatingMutation(() => ok(api.POST('/mobile/clock-out', { body: {} })), [['attendance'], ['shifts']]);

/** Whether the API refused a clock-in until policies are acknowledged (spec 01's POLICY_ACK_REQUIRED). */
export function policyAckRequired(err: unknown): boolean {
  return err instanceof ApiError && (err.body as { code?: string } | undefined)?.code === 'POLICY_ACK_REQUIRED';
}

export const usePolicies = () => useQuery({ queryKey: ['policies'], queryFn: () => ok(api.GET('/policies')) });
export const useAcknowledgePolicy = () => useInvalidatingMutation((id: string) => ok(api.POST('/policies/{id}/acknowledge', { params: { path: { id } } })), [['policies']]);
export const useCreatePolicy = () => useInvalidatingMutation((body: Body<'postPolicies'>) => ok(api.POST('/policies', { body })), [['policies']]);
export const useUpdatePolicy = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchPoliciesById'> }) => ok(api.PATCH('/policies/{id}', { params: { path: { id } }, body })), [['policies']]);
