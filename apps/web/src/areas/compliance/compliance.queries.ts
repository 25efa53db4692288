import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Pack = Ok<'getCompliancePacks'>[number];
export type ComplianceSettings = Ok<'getComplianceSettings'>;
export type PutComplianceSettings = Body<'putComplianceSettings'>;
export type RuleMode = ComplianceSettings['rules'][number]['mode'];
export type Violation = Ok<'getComplianceViolations'>[number];
export type ViolationFilter = { from: string; to: string; userId?: string; outletId?: string; status?: Violation['status']; phase?: Violation['phase'] };

const COMPLIANCE = ['compliance'] as const;

export const usePacks = () => useQuery({ queryKey: [...COMPLIANCE, 'packs'], staleTime: Infinity, queryFn: () => ok(api.GET('/compliance/packs')) });
export const useComplianceSettings = () => useQuery({ queryKey: [...COMPLIANCE, 'settings'], queryFn: () => ok(api.GET('/compliance/settings')) });
export const useSaveComplianceSettings = () => useInvalidatingMutation((body: PutComplianceSettings) => ok(api.PUT('/compliance/settings', { body })), [COMPLIANCE]);

export function useViolations(filter: ViolationFilter, enabled = true) {
  return useQuery({ queryKey: [...COMPLIANCE, 'violations', filter], enabled, queryFn: () => ok(api.GET('/compliance/violations', { params: { query: { ...filter, limit: 500 } } })) });
}

export const useOverrideViolation = () =>
  useInvalidatingMutation(({ id, reason }: { id: string; reason: string }) => ok(api.POST('/compliance/violations/{id}/override', { params: { path: { id } }, body: { reason } })), [COMPLIANCE]);

export type PackRef = PutComplianceSettings['packs'][number];
export const useSetOutletPacks = () =>
  useInvalidatingMutation(
    ({ outletId, packs }: { outletId: string; packs: PackRef[] | null }) =>
      packs === null ? ok(api.DELETE('/compliance/outlets/{outletId}', { params: { path: { outletId } } })) : ok(api.PUT('/compliance/outlets/{outletId}', { params: { path: { outletId } }, body: { packs } })),
    [COMPLIANCE],
  );

export const useActiveContracts = (enabled: boolean) =>
  useQuery({ queryKey: ['contracts', 'active'], enabled, queryFn: () => ok(api.GET('/contracts', { params: { query: { status: 'ACTIVE', limit: 200 } } })) });

export const useSetContractSettings = () =>
  useInvalidatingMutation(
    ({ contractId, settings }: { contractId: string; settings: Body<'putComplianceContractsByContractId'> | null }) =>
      settings === null
        ? ok(api.DELETE('/compliance/contracts/{contractId}', { params: { path: { contractId } } }))
        : ok(api.PUT('/compliance/contracts/{contractId}', { params: { path: { contractId } }, body: settings })),
    [COMPLIANCE],
  );
