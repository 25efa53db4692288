import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Job = Ok<'getRecruitingJobs'>[number];
export type Application = Ok<'getRecruitingApplicationsById'>;
export type Stage = Application['stage'];

const useRecruitingMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [['recruiting'], ['users']]);

export const useJobs = () => useQuery({ queryKey: ['recruiting', 'jobs'], queryFn: () => ok(api.GET('/recruiting/jobs')) });
export const useCreateJob = () => useRecruitingMutation((body: Body<'postRecruitingJobs'>) => ok(api.POST('/recruiting/jobs', { body })));
export const useUpdateJob = () => useRecruitingMutation(({ id, body }: { id: string; body: Body<'patchRecruitingJobsById'> }) => ok(api.PATCH('/recruiting/jobs/{id}', { params: { path: { id } }, body })));
export const useDeleteJob = () => useRecruitingMutation((id: string) => ok(api.DELETE('/recruiting/jobs/{id}', { params: { path: { id } } })));

export const useApplications = (query: { jobId?: string; stage?: Stage }) =>
  useQuery({ queryKey: ['recruiting', 'applications', query], queryFn: () => ok(api.GET('/recruiting/applications', { params: { query: { ...query, limit: 200 } } })) });
export const useApplication = (id: string) => useQuery({ queryKey: ['recruiting', 'application', id], queryFn: () => ok(api.GET('/recruiting/applications/{id}', { params: { path: { id } } })) });
export const useMoveStage = () => useRecruitingMutation(({ id, stage }: { id: string; stage: Stage }) => ok(api.POST('/recruiting/applications/{id}/stage', { params: { path: { id } }, body: { stage } })));
export const useConvert = () => useRecruitingMutation(({ id, body }: { id: string; body: Body<'postRecruitingApplicationsByIdConvert'> }) => ok(api.POST('/recruiting/applications/{id}/convert', { params: { path: { id } }, body })));
export const useDeleteApplication = () => useRecruitingMutation((id: string) => ok(api.DELETE('/recruiting/applications/{id}', { params: { path: { id } } })));
