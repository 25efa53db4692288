import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Issue = Ok<'getIssues'>[number];
export type IssueStatus = Issue['status'];

export const useIssues = (query: { status?: IssueStatus; outletId?: string; assetId?: string }) =>
  useQuery({ queryKey: ['issues', query], queryFn: () => ok(api.GET('/issues', { params: { query: { ...query, limit: 200 } } })) });
export const useRaiseIssue = () => useInvalidatingMutation((body: Body<'postIssues'>) => ok(api.POST('/issues', { body })), [['issues']]);
export const useMoveIssue = () =>
  useInvalidatingMutation(
    ({ id, status, note }: { id: string; status: IssueStatus; note?: string }) => ok(api.PATCH('/issues/{id}', { params: { path: { id } }, body: { status, ...(note ? { resolutionNote: note } : {}) } })),
    [['issues']],
  );
