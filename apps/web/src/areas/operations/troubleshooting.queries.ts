import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Guide = Ok<'getTroubleshootingGuides'>[number];
export type GuideBody = Body<'postTroubleshootingGuides'>;
export type Session = Ok<'getTroubleshootingSessionsById'>;

const GUIDES = ['troubleshooting', 'guides'] as const;

export const useGuides = (query: { assetId?: string; active?: 'true' | 'false' } = {}) =>
  useQuery({ queryKey: [...GUIDES, query], queryFn: () => ok(api.GET('/troubleshooting/guides', { params: { query } })) });
export const useCatalog = () => useQuery({ queryKey: ['troubleshooting', 'catalog'], staleTime: 60_000, queryFn: () => ok(api.GET('/troubleshooting/catalog')) });

export const useCreateGuide = () => useInvalidatingMutation((body: GuideBody) => ok(api.POST('/troubleshooting/guides', { body })), [GUIDES]);
export const useUpdateGuide = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchTroubleshootingGuidesById'> }) => ok(api.PATCH('/troubleshooting/guides/{id}', { params: { path: { id } }, body })), [GUIDES]);
export const useDeleteGuide = () => useRemovingMutation((id: string) => ok(api.DELETE('/troubleshooting/guides/{id}', { params: { path: { id } } })), [...GUIDES, {}], [GUIDES]);

const sessionKey = (id: string | null) => ['troubleshooting', 'session', id] as const;

export const useSession = (id: string | null) => useQuery({ queryKey: sessionKey(id), enabled: id !== null, queryFn: () => ok(api.GET('/troubleshooting/sessions/{id}', { params: { path: { id: id! } } })) });

/** A session call that answers with the session: the answer is what the runner shows next. */
function useSessionMutation<V>(fn: (v: V) => Promise<Session>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The API answers a repeated call with the session unchanged, so a call lost on a phone's connection is sent again.
    retry: (count, err) => count < 3 && !(err instanceof ApiError),
    onSuccess: async (session) => {
      queries.setQueryData(sessionKey(session.id), session);
      await Promise.all([queries.invalidateQueries({ queryKey: GUIDES }), queries.invalidateQueries({ queryKey: ['issues'] })]);
    },
  });
}

export const useStartSession = () => useSessionMutation((body: Body<'postTroubleshootingSessions'>) => ok(api.POST('/troubleshooting/sessions', { body })));
export const useAnswerStep = () =>
  useSessionMutation(({ id, stepId, fixed }: { id: string; stepId: string; fixed: boolean }) =>
    ok(api.POST('/troubleshooting/sessions/{id}/steps/{stepId}', { params: { path: { id, stepId } }, body: { fixed } })),
  );
export const useGiveUp = () => useSessionMutation((id: string) => ok(api.POST('/troubleshooting/sessions/{id}/give-up', { params: { path: { id } } })));
