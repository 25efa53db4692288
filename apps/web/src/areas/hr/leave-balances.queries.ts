import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type AccrualPolicy = Ok<'getContractsByIdLeaveAccrual'>;
export type AccrualPolicyBody = Body<'putContractsByIdLeaveAccrual'>;
export type LeaveBalance = Ok<'getLeaveBalancesByUserId'>;
export type LedgerLine = LeaveBalance['lines'][number];

/**
 * Under ['leave'], so that a leave request made, approved or cancelled (schedule.queries) refreshes
 * the balances too: each of them moves what is pending or taken.
 */
export const useLeaveBalances = () => useQuery({ queryKey: ['leave', 'balances'], queryFn: () => ok(api.GET('/leave-balances', { params: { query: { limit: 200 } } })) });
export const useLeaveBalance = (userId: string | undefined) =>
  useQuery({
    queryKey: ['leave', 'balance', userId],
    enabled: userId !== undefined,
    queryFn: () => ok(api.GET('/leave-balances/{userId}', { params: { path: { userId: userId! } } })),
  });
export const useAdjustBalance = () =>
  useInvalidatingMutation(
    ({ userId, body }: { userId: string; body: Body<'postLeaveBalancesByUserIdAdjustments'> }) => ok(api.POST('/leave-balances/{userId}/adjustments', { params: { path: { userId } }, body })),
    [['leave']],
  );

/** A contract's policy; null when it has none (the API's 404 for a contract without one). */
export const useAccrualPolicy = (contractId: string | null) =>
  useQuery({
    queryKey: ['leave', 'accrual-policy', contractId],
    enabled: contractId !== null,
    queryFn: async () => {
      try {
        return await ok(api.GET('/contracts/{id}/leave-accrual', { params: { path: { id: contractId! } } }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
export const useSetAccrualPolicy = () =>
  useInvalidatingMutation(({ contractId, body }: { contractId: string; body: AccrualPolicyBody }) => ok(api.PUT('/contracts/{id}/leave-accrual', { params: { path: { id: contractId } }, body })), [['leave']]);
export const useRemoveAccrualPolicy = () =>
  useInvalidatingMutation((contractId: string) => ok(api.DELETE('/contracts/{id}/leave-accrual', { params: { path: { id: contractId } } })), [['leave']]);
