import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Contract = Ok<'getContracts'>[number];
export type Issue = Ok<'getIssues'>[number];
export type IssueStatus = Issue['status'];

const useHrMutation = <V, R>(fn: (v: V) => Promise<R>, key: string) => useInvalidatingMutation(fn, [[key]]);

export const useContracts = (userId?: string) => useQuery({ queryKey: ['contracts', userId], queryFn: () => ok(api.GET('/contracts', { params: { query: { ...(userId ? { userId } : {}), limit: 200 } } })) });
export const useCreateContract = () => useHrMutation((body: Body<'postContracts'>) => ok(api.POST('/contracts', { body })), 'contracts');
export const useActivateContract = () => useHrMutation((id: string) => ok(api.POST('/contracts/{id}/activate', { params: { path: { id } } })), 'contracts');
export const useTerminateContract = () =>
  useHrMutation(({ id, reason }: { id: string; reason: string }) => ok(api.POST('/contracts/{id}/terminate', { params: { path: { id } }, body: { reason } })), 'contracts');

export const useIssues = (query: { status?: IssueStatus; outletId?: string }) =>
  useQuery({ queryKey: ['issues', query], queryFn: () => ok(api.GET('/issues', { params: { query: { ...query, limit: 200 } } })) });
export const useRaiseIssue = () => useHrMutation((body: Body<'postIssues'>) => ok(api.POST('/issues', { body })), 'issues');
export const useMoveIssue = () =>
  useHrMutation(({ id, status, note }: { id: string; status: IssueStatus; note?: string }) => ok(api.PATCH('/issues/{id}', { params: { path: { id } }, body: { status, ...(note ? { resolutionNote: note } : {}) } })), 'issues');
