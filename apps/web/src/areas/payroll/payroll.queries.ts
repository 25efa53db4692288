import { useQuery, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ApiError, ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Run = Ok<'getPayrollRuns'>[number];
export type Payslip = Ok<'getPayrollPayslips'>[number];
export type Deduction = Ok<'getPayrollDeductions'>[number];
export type Pay = Ok<'getUsersByIdPay'>;

const PAYROLL = ['payroll'] as const;

const usePayrollMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [PAYROLL]);

export const useRuns = () => useQuery({ queryKey: [...PAYROLL, 'runs'], queryFn: () => ok(api.GET('/payroll/runs', { params: { query: { limit: 120 } } })) });
export const useRun = (id: string) => useQuery({ queryKey: [...PAYROLL, 'run', id], queryFn: () => ok(api.GET('/payroll/runs/{id}', { params: { path: { id } } })) });
export const useRunPayslips = (id: string) => useQuery({ queryKey: [...PAYROLL, 'run', id, 'payslips'], queryFn: () => ok(api.GET('/payroll/runs/{id}/payslips', { params: { path: { id } } })) });
export const useJournal = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...PAYROLL, 'run', id, 'journal'],
    enabled,
    queryFn: async () => {
      const journal = await ok(api.GET('/payroll/runs/{id}/journal', { params: { path: { id }, query: { format: 'json' } } }));
      // The route answers CSV for format=csv only; asked for JSON it never is a string.
      if (typeof journal === 'string') throw new Error('The journal came back as CSV');
      return journal;
    },
  });
export const useMyPayslips = () => useQuery({ queryKey: [...PAYROLL, 'mine'], queryFn: () => ok(api.GET('/payroll/payslips')) });
export const useDeductions = () => useQuery({ queryKey: [...PAYROLL, 'deductions'], queryFn: () => ok(api.GET('/payroll/deductions')) });

/** The accounting connection, or that there is none and whether this platform can make one. */
export const useAccounting = () => useQuery({ queryKey: [...PAYROLL, 'accounting'], queryFn: () => ok(api.GET('/payroll/accounting')) });

/** A person's pay settings, or null when none are set yet (the API's 404). */
export const usePay = (userId: string | null) =>
  useQuery({
    queryKey: [...PAYROLL, 'pay', userId],
    enabled: userId !== null,
    queryFn: async () => {
      try {
        return await ok(api.GET('/users/{id}/pay', { params: { path: { id: userId! } } }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export const useCreateRun = () => usePayrollMutation((periodYearMonth: string) => ok(api.POST('/payroll/runs', { body: { periodYearMonth } })));
export type RunStep = 'recompute' | 'approve' | 'mark-paid' | 'export';
export const useRunStep = () =>
  usePayrollMutation(({ id, step }: { id: string; step: RunStep }) => {
    const params = { params: { path: { id } } };
    switch (step) {
      case 'recompute':
        return ok(api.POST('/payroll/runs/{id}/recompute', params));
      case 'approve':
        return ok(api.POST('/payroll/runs/{id}/approve', params));
      case 'mark-paid':
        return ok(api.POST('/payroll/runs/{id}/mark-paid', params));
      case 'export':
        return ok(api.POST('/payroll/runs/{id}/export', params));
    }
  });
export const useAddDeduction = () => usePayrollMutation((body: Body<'postPayrollDeductions'>) => ok(api.POST('/payroll/deductions', { body })));
export const useRemoveDeduction = () => usePayrollMutation((id: string) => ok(api.DELETE('/payroll/deductions/{id}', { params: { path: { id } } })));
export const usePutPay = () => usePayrollMutation(({ userId, body }: { userId: string; body: Body<'putUsersByIdPay'> }) => ok(api.PUT('/users/{id}/pay', { params: { path: { id: userId } }, body })));
export const useConnectAccounting = () => useMutation({ mutationFn: () => ok(api.POST('/payroll/accounting/connect')) });
export const useDisconnectAccounting = () => usePayrollMutation(() => ok(api.DELETE('/payroll/accounting')));
