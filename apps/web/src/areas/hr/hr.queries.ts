import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Contract = Ok<'getContracts'>[number];

const useHrMutation = <V, R>(fn: (v: V) => Promise<R>, key: string) => useInvalidatingMutation(fn, [[key]]);

export const useContracts = (userId?: string) => useQuery({ queryKey: ['contracts', userId], queryFn: () => ok(api.GET('/contracts', { params: { query: { ...(userId ? { userId } : {}), limit: 200 } } })) });
export const useCreateContract = () => useHrMutation((body: Body<'postContracts'>) => ok(api.POST('/contracts', { body })), 'contracts');
export const useActivateContract = () => useHrMutation((id: string) => ok(api.POST('/contracts/{id}/activate', { params: { path: { id } } })), 'contracts');
export const useTerminateContract = () =>
  useHrMutation(({ id, reason }: { id: string; reason: string }) => ok(api.POST('/contracts/{id}/terminate', { params: { path: { id } }, body: { reason } })), 'contracts');

export type DisciplinaryAction = Ok<'getDisciplinaryActions'>[number];
export type DisciplinaryLevel = DisciplinaryAction['level'];
export type DisciplinaryCategory = DisciplinaryAction['category'];

export const useDisciplinaryActions = (query: { userId?: string; category?: DisciplinaryCategory }) =>
  useQuery({ queryKey: ['disciplinary', query], queryFn: () => ok(api.GET('/disciplinary-actions', { params: { query: { ...query, limit: 200 } } })) });
export const useIssueDisciplinary = () => useHrMutation((body: Body<'postDisciplinaryActions'>) => ok(api.POST('/disciplinary-actions', { body })), 'disciplinary');

export type Offboarding = Ok<'getOffboardingById'>;
export type OffboardingStatus = Offboarding['status'];

export const useOffboardings = (status?: OffboardingStatus) =>
  useQuery({ queryKey: ['offboarding', 'list', status], queryFn: () => ok(api.GET('/offboarding', { params: { query: { ...(status ? { status } : {}), limit: 200 } } })) });
export const useOffboarding = (id: string) => useQuery({ queryKey: ['offboarding', id], queryFn: () => ok(api.GET('/offboarding/{id}', { params: { path: { id } } })) });
export const useStartOffboarding = () => useHrMutation((body: Body<'postOffboarding'>) => ok(api.POST('/offboarding', { body })), 'offboarding');
export const useAddChecklistItem = () =>
  useHrMutation(({ id, title }: { id: string; title: string }) => ok(api.POST('/offboarding/{id}/checklist', { params: { path: { id } }, body: { title } })), 'offboarding');
export const useTickChecklistItem = () =>
  useHrMutation(({ id, itemId, done }: { id: string; itemId: string; done: boolean }) => ok(api.PATCH('/offboarding/{id}/checklist/{itemId}', { params: { path: { id, itemId } }, body: { done } })), 'offboarding');
export const useCancelOffboarding = () => useHrMutation((id: string) => ok(api.POST('/offboarding/{id}/cancel', { params: { path: { id } } })), 'offboarding');
export const useFinalizeOffboarding = () => useInvalidatingMutation((id: string) => ok(api.POST('/offboarding/{id}/finalize', { params: { path: { id } } })), [['offboarding'], ['contracts'], ['users']]);
