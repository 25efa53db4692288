import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Roster = Ok<'getSchedulerRosters'>[number];
export type RosterStatus = Roster['status'];
export type OpenShift = Ok<'getOpenShifts'>[number];
export type Swap = Ok<'getShiftSwaps'>[number];
export type SwapStatus = Swap['status'];
export type Shift = Ok<'getShiftAssignments'>[number];
export type PublishRoster = Body<'postSchedulerAssignments'>;
export type CloneWeek = Body<'postSchedulerCloneWeek'>;

const ROTA = ['rota'] as const;

export function useRosters(filter: { outletId?: string; status?: RosterStatus }) {
  return useQuery({ queryKey: [...ROTA, 'rosters', filter], queryFn: () => ok(api.GET('/scheduler/rosters', { params: { query: { ...filter, limit: 200 } } })) });
}

export function useRoster(id: string | null) {
  return useQuery({ queryKey: [...ROTA, 'roster', id], enabled: id !== null, queryFn: () => ok(api.GET('/scheduler/rosters/{id}', { params: { path: { id: id! } } })) });
}

/** Every rota change moves shifts too: the shift views, and the rule breaches beside them, refetch as well. */
const useRotaMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [ROTA, ['shifts'], ['compliance']]);

export const usePublishRoster = () => useRotaMutation((body: PublishRoster) => ok(api.POST('/scheduler/assignments', { body })));
export const useCloneWeek = () => useRotaMutation((body: CloneWeek) => ok(api.POST('/scheduler/clone-week', { body })));
export const useDecideRoster = () =>
  useRotaMutation(({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
    approve
      ? ok(api.POST('/scheduler/rosters/{id}/approve', { params: { path: { id } }, body: note ? { note } : {} }))
      : ok(api.POST('/scheduler/rosters/{id}/reject', { params: { path: { id } }, body: note ? { note } : {} })),
  );

export function useOpenShifts(outletId: string | undefined) {
  return useQuery({ queryKey: [...ROTA, 'open-shifts', outletId], queryFn: () => ok(api.GET('/open-shifts', { params: { query: { ...(outletId ? { outletId } : {}), limit: 200 } } })) });
}
export const useClaimOpenShift = () => useRotaMutation((id: string) => ok(api.POST('/open-shifts/{id}/claim', { params: { path: { id } } })));
export const useWithdrawOpenShift = () => useRotaMutation((id: string) => ok(api.DELETE('/open-shifts/{id}', { params: { path: { id } } })));

export function useSwaps(status: SwapStatus | undefined) {
  return useQuery({ queryKey: [...ROTA, 'swaps', status], queryFn: () => ok(api.GET('/shift-swaps', { params: { query: { ...(status ? { status } : {}), limit: 200 } } })) });
}

/** The signed-in person's scheduled shifts ahead (what they may offer in a swap). */
export function useMyScheduledShifts(userId: string | undefined) {
  return useQuery({
    queryKey: ['shifts', 'mine', 'scheduled', userId],
    enabled: userId !== undefined,
    queryFn: () => ok(api.GET('/shift-assignments', { params: { query: { userId: userId!, status: 'SCHEDULED', from: new Date().toISOString(), limit: 100 } } })),
  });
}

/** Colleagues' shifts one of mine may be swapped for (at its outlet, ahead, with their names). */
export function useSwapCandidates(shiftAssignmentId: string | null) {
  return useQuery({
    queryKey: ['shifts', 'swap-candidates', shiftAssignmentId],
    enabled: shiftAssignmentId !== null,
    queryFn: () => ok(api.GET('/shift-swaps/candidates', { params: { query: { shiftAssignmentId: shiftAssignmentId! } } })),
  });
}

export const useRequestSwap = () => useRotaMutation((body: Body<'postShiftSwaps'>) => ok(api.POST('/shift-swaps', { body })));

export type SwapAction = 'accept' | 'decline' | 'cancel' | 'approve' | 'reject';
export const useSwapAction = () =>
  useRotaMutation(({ id, action }: { id: string; action: SwapAction }) => {
    const params = { params: { path: { id } } };
    switch (action) {
      case 'accept':
        return ok(api.POST('/shift-swaps/{id}/accept', params));
      case 'decline':
        return ok(api.POST('/shift-swaps/{id}/decline', params));
      case 'cancel':
        return ok(api.POST('/shift-swaps/{id}/cancel', params));
      case 'approve':
        return ok(api.POST('/shift-swaps/{id}/approve', { ...params, body: {} }));
      case 'reject':
        return ok(api.POST('/shift-swaps/{id}/reject', { ...params, body: {} }));
    }
  });
