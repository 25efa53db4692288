import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Schedule = Ok<'getMaintenanceSchedules'>[number];
export type Due = Ok<'getMaintenanceDue'>[number];
export type WorkOrder = Ok<'getWorkOrders'>[number];
export type WorkOrderStatus = WorkOrder['status'];
export type ServiceLog = Ok<'getAssetsByIdServiceLogs'>[number];

/** Everything a maintenance change can move: what falls due, the schedules, orders, logs and the issues they resolve. */
const MAINTENANCE_KEYS = [['maintenance'], ['work-orders'], ['service-logs'], ['issues']] as const;

export const useSchedules = (query: { assetId?: string } = {}, enabled = true) =>
  useQuery({ queryKey: ['maintenance', 'schedules', query], enabled, queryFn: () => ok(api.GET('/maintenance-schedules', { params: { query: { ...query, limit: 500 } } })) });
export const useDue = (query: { from: string; to: string; assetId?: string }, enabled = true) =>
  useQuery({ queryKey: ['maintenance', 'due', query], enabled, queryFn: () => ok(api.GET('/maintenance/due', { params: { query } })) });
export const useCreateSchedule = () =>
  useInvalidatingMutation(
    ({ assetId, body }: { assetId: string; body: Body<'postAssetsByIdMaintenanceSchedules'> }) => ok(api.POST('/assets/{id}/maintenance-schedules', { params: { path: { id: assetId } }, body })),
    MAINTENANCE_KEYS,
  );
export const useUpdateSchedule = () =>
  useInvalidatingMutation(
    ({ id, body }: { id: string; body: Body<'patchMaintenanceSchedulesById'> }) => ok(api.PATCH('/maintenance-schedules/{id}', { params: { path: { id } }, body })),
    MAINTENANCE_KEYS,
  );
export const useDeleteSchedule = () => useInvalidatingMutation((id: string) => ok(api.DELETE('/maintenance-schedules/{id}', { params: { path: { id } } })), MAINTENANCE_KEYS);

export const useWorkOrders = (query: { assetId?: string } = {}, enabled = true) =>
  useQuery({ queryKey: ['work-orders', query], enabled, queryFn: () => ok(api.GET('/work-orders', { params: { query: { ...query, limit: 500 } } })) });
export const useCreateWorkOrder = () => useInvalidatingMutation((body: Body<'postWorkOrders'>) => ok(api.POST('/work-orders', { body })), MAINTENANCE_KEYS);
export const useAssignWorkOrder = () =>
  useInvalidatingMutation(
    ({ id, to }: { id: string; to: { assigneeUserId: string } | { vendorId: string } }) => ok(api.POST('/work-orders/{id}/assign', { params: { path: { id } }, body: to })),
    MAINTENANCE_KEYS,
  );
export const useCompleteWorkOrder = () =>
  useInvalidatingMutation(
    ({ id, completionNote }: { id: string; completionNote: string }) => ok(api.POST('/work-orders/{id}/complete', { params: { path: { id } }, body: { completionNote } })),
    MAINTENANCE_KEYS,
  );

/** The moves of a work order that take no body. */
export type WorkOrderMove = 'start' | 'verify' | 'reject' | 'cancel';
export const useMoveWorkOrder = () =>
  useInvalidatingMutation(({ id, move }: { id: string; move: WorkOrderMove }) => {
    const path = { params: { path: { id } } };
    switch (move) {
      case 'start':
        return ok(api.POST('/work-orders/{id}/start', path));
      case 'verify':
        return ok(api.POST('/work-orders/{id}/verify', path));
      case 'reject':
        return ok(api.POST('/work-orders/{id}/reject', path));
      case 'cancel':
        return ok(api.POST('/work-orders/{id}/cancel', path));
    }
  }, MAINTENANCE_KEYS);

export const useServiceLogs = (assetId: string, enabled = true) =>
  useQuery({ queryKey: ['service-logs', assetId], enabled, queryFn: () => ok(api.GET('/assets/{id}/service-logs', { params: { path: { id: assetId }, query: { limit: 200 } } })) });
export const useLogService = () =>
  useInvalidatingMutation(
    ({ assetId, body }: { assetId: string; body: Body<'postAssetsByIdServiceLogs'> }) => ok(api.POST('/assets/{id}/service-logs', { params: { path: { id: assetId } }, body })),
    MAINTENANCE_KEYS,
  );

/** Open issues an order or a service can take up: those of an asset, or at an outlet, that the caller sees. */
export const useOpenIssues = (query: { assetId?: string; outletId?: string }, enabled: boolean) =>
  useQuery({ queryKey: ['issues', 'open', query], enabled, queryFn: () => ok(api.GET('/issues', { params: { query: { ...query, status: 'OPEN', limit: 200 } } })) });
