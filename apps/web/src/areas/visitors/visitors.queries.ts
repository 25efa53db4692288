import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok, okPropagated } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type VisitorPass = Ok<'getAccessVisitors'>[number];

const VISITORS = ['access', 'visitors'] as const;

export const useVisitorPasses = () => useQuery({ queryKey: VISITORS, queryFn: () => ok(api.GET('/access/visitors')) });

export function useCreatePass() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body<'postAccessVisitors'>) => (await okPropagated(api.POST('/access/visitors', { body }))).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: VISITORS }),
  });
}

export function useRevokePass() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await okPropagated(api.DELETE('/access/visitors/{inviteCode}', { params: { path: { inviteCode: id } } }))).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: VISITORS }),
  });
}
