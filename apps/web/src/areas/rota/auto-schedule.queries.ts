import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type StaffingTarget = Ok<'getSchedulerStaffingTargets'>[number];
export type Proposal = Ok<'getSchedulerProposalsById'>;
export type ProposalShift = Proposal['shifts'][number];
export type AddProposalShift = Body<'postSchedulerProposalsByIdShifts'>;
export type MoveProposalShift = Body<'patchSchedulerProposalsByIdShiftsByShiftId'>;

const TARGETS = ['rota', 'staffing-targets'] as const;
const PROPOSALS = ['rota', 'proposals'] as const;

export function useStaffingTargets(outletId: string | null) {
  return useQuery({ queryKey: [...TARGETS, outletId], enabled: outletId !== null, queryFn: () => ok(api.GET('/scheduler/staffing-targets', { params: { query: { outletId: outletId! } } })) });
}
export const usePutStaffingTargets = () => useInvalidatingMutation((body: Body<'putSchedulerStaffingTargets'>) => ok(api.PUT('/scheduler/staffing-targets', { body })), [TARGETS]);
export const useImportDemand = () =>
  useInvalidatingMutation((body: Body<'postSchedulerStaffingTargetsDemandImport'>) => ok(api.POST('/scheduler/staffing-targets/demand-import', { body })), [TARGETS]);

export function useProposals() {
  return useQuery({ queryKey: [...PROPOSALS, 'list'], queryFn: () => ok(api.GET('/scheduler/proposals', { params: { query: { limit: 50 } } })) });
}

/** Polls while the solve runs on the server, then stops. */
export function useProposal(id: string) {
  return useQuery({
    queryKey: [...PROPOSALS, id],
    queryFn: () => ok(api.GET('/scheduler/proposals/{id}', { params: { path: { id } } })),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'QUEUED' || q.state.data.status === 'RUNNING') ? 500 : false),
  });
}

const useProposalMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [PROPOSALS, ['rota'], ['shifts']]);

export const useCreateProposal = () => useProposalMutation((body: Body<'postSchedulerProposals'>) => ok(api.POST('/scheduler/proposals', { body })));
export const useAddProposalShift = () =>
  useProposalMutation(({ id, body }: { id: string; body: AddProposalShift }) => ok(api.POST('/scheduler/proposals/{id}/shifts', { params: { path: { id } }, body })));
export const useMoveProposalShift = () =>
  useProposalMutation(({ id, shiftId, body }: { id: string; shiftId: string; body: MoveProposalShift }) =>
    ok(api.PATCH('/scheduler/proposals/{id}/shifts/{shiftId}', { params: { path: { id, shiftId } }, body })),
  );
export const useRemoveProposalShift = () =>
  useProposalMutation(({ id, shiftId }: { id: string; shiftId: string }) => ok(api.DELETE('/scheduler/proposals/{id}/shifts/{shiftId}', { params: { path: { id, shiftId } } })));
export const useAcceptProposal = () => useProposalMutation((id: string) => ok(api.POST('/scheduler/proposals/{id}/accept', { params: { path: { id } } })));
export const useDiscardProposal = () => useProposalMutation((id: string) => ok(api.POST('/scheduler/proposals/{id}/discard', { params: { path: { id } } })));
