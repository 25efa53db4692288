import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type User = Ok<'getUsers'>[number];
export type Role = User['role'];
export type Outlet = Ok<'getOutlets'>[number];
export type ImportRow = Body<'postUsersBulkImport'>['rows'][number];

export const PAGE_SIZE = 25;

export const useUsersPage = (page: number, search: string) =>
  useQuery({
    queryKey: ['users', 'page', page, search],
    placeholderData: keepPreviousData,
    queryFn: () => ok(api.GET('/users', { params: { query: { limit: PAGE_SIZE + 1, offset: page * PAGE_SIZE, ...(search ? { search } : {}) } } })),
  });
export const useUserOutlets = (id: string | null) =>
  useQuery({ queryKey: ['users', 'outlets', id], enabled: id !== null, queryFn: () => ok(api.GET('/users/{id}/outlets', { params: { path: { id: id! } } })) });

export const useCreateUser = () => useInvalidatingMutation((body: Body<'postUsers'>) => ok(api.POST('/users', { body })), [['users']]);
export const useUpdateUser = () => useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchUsersById'> }) => ok(api.PATCH('/users/{id}', { params: { path: { id } }, body })), [['users'], ['me']]);
export const useSetUserOutlets = () =>
  useInvalidatingMutation(({ id, outletIds }: { id: string; outletIds: string[] }) => ok(api.PUT('/users/{id}/outlets', { params: { path: { id } }, body: { outletIds } })), [['users']]);
export const useSetStatus = () =>
  useInvalidatingMutation(({ id, status }: { id: string; status: User['status'] }) => ok(api.PATCH('/users/{id}/status', { params: { path: { id } }, body: { status } })), [['users']]);
export const useRemoveUser = () => useInvalidatingMutation((id: string) => ok(api.DELETE('/users/{id}', { params: { path: { id } } })), [['users']]);

export const useCreateOutlet = () => useInvalidatingMutation((body: Body<'postOutlets'>) => ok(api.POST('/outlets', { body })), [['outlets']]);
export const useUpdateOutlet = () => useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchOutletsById'> }) => ok(api.PATCH('/outlets/{id}', { params: { path: { id } }, body })), [['outlets']]);
