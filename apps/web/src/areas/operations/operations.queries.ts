import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
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

export const useAssignIssue = () =>
  useInvalidatingMutation(({ id, userId }: { id: string; userId: string | null }) => ok(api.PUT('/issues/{id}/assignee', { params: { path: { id } }, body: { userId } })), [['issues']]);

export type Asset = Ok<'getAssetsById'>;
export type AssetStatus = Asset['status'];
export type AssetCategory = Ok<'getAssetCategories'>[number];
export type Vendor = Ok<'getVendors'>[number];
export type QuickProblem = Body<'postAssetsByIdQuickIssue'>['problem'];
export type AssetFilter = { outletId?: string; categoryId?: string; status?: AssetStatus; search?: string };

export const useAssets = (query: AssetFilter) => useQuery({ queryKey: ['assets', query], queryFn: () => ok(api.GET('/assets', { params: { query: { ...query, limit: 200 } } })) });
export const useAsset = (id: string) => useQuery({ queryKey: ['assets', 'one', id], queryFn: () => ok(api.GET('/assets/{id}', { params: { path: { id } } })) });
export const useCreateAsset = () => useInvalidatingMutation((body: Body<'postAssets'>) => ok(api.POST('/assets', { body })), [['assets'], ['asset-categories'], ['vendors']]);
export const useUpdateAsset = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchAssetsById'> }) => ok(api.PATCH('/assets/{id}', { params: { path: { id } }, body })), [['assets'], ['asset-categories'], ['vendors']]);
export const useDeleteAsset = () => useInvalidatingMutation((id: string) => ok(api.DELETE('/assets/{id}', { params: { path: { id } } })), [['assets'], ['asset-categories'], ['vendors']]);
export const useQuickIssue = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'postAssetsByIdQuickIssue'> }) => ok(api.POST('/assets/{id}/quick-issue', { params: { path: { id } }, body })), [['issues']]);

export const useAssetCategories = () => useQuery({ queryKey: ['asset-categories'], staleTime: 60_000, queryFn: () => ok(api.GET('/asset-categories')) });
export const useCreateAssetCategory = () => useInvalidatingMutation((body: Body<'postAssetCategories'>) => ok(api.POST('/asset-categories', { body })), [['asset-categories']]);
export const useUpdateAssetCategory = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchAssetCategoriesById'> }) => ok(api.PATCH('/asset-categories/{id}', { params: { path: { id } }, body })), [['asset-categories'], ['assets']]);
export const useDeleteAssetCategory = () => useRemovingMutation((id: string) => ok(api.DELETE('/asset-categories/{id}', { params: { path: { id } } })), ['asset-categories']);

/** Vendors are read by operations managers only; pages that merely name them pass `enabled` from `mayCall`. */
export const useVendors = (enabled = true) => useQuery({ queryKey: ['vendors'], enabled, staleTime: 60_000, queryFn: () => ok(api.GET('/vendors')) });
export const useCreateVendor = () => useInvalidatingMutation((body: Body<'postVendors'>) => ok(api.POST('/vendors', { body })), [['vendors']]);
export const useUpdateVendor = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchVendorsById'> }) => ok(api.PATCH('/vendors/{id}', { params: { path: { id } }, body })), [['vendors'], ['assets']]);
export const useDeleteVendor = () => useRemovingMutation((id: string) => ok(api.DELETE('/vendors/{id}', { params: { path: { id } } })), ['vendors'], [['vendors'], ['assets']]);
