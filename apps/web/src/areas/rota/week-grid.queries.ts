import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type OutletWeek = Ok<'getSchedulerWeek'>;
export type WeekPerson = OutletWeek['people'][number];
export type WeekTotals = OutletWeek['totals'];
export type WeekPreview = Ok<'postSchedulerWeekPreview'>;
export type PlannedShift = Body<'postSchedulerWeekPreview'>['shifts'][number];
export type ShiftTemplate = Ok<'getSchedulerShiftTemplates'>[number];
export type NewShiftTemplate = Body<'postSchedulerShiftTemplates'>;

const WEEK = ['rota', 'week'] as const;
const TEMPLATES = ['rota', 'shift-templates'] as const;

const fetchWeek = (outletId: string, weekStart: string) => ok(api.GET('/scheduler/week', { params: { query: { outletId, weekStart } } }));

export function useOutletWeek(outletId: string | null, weekStart: string) {
  return useQuery({ queryKey: [...WEEK, outletId, weekStart], enabled: outletId !== null, queryFn: () => fetchWeek(outletId!, weekStart) });
}

/** Another week of the outlet, read once when asked for (copying last week). */
export function useWeekReader() {
  const client = useQueryClient();
  return (outletId: string, weekStart: string) => client.fetchQuery({ queryKey: [...WEEK, outletId, weekStart], queryFn: () => fetchWeek(outletId, weekStart) });
}

/** The plan's changes and totals; the key is the plan itself, so an unchanged plan asks nothing again. */
export function useWeekPreview(outletId: string | null, weekStart: string, shifts: PlannedShift[], enabled: boolean) {
  return useQuery({
    queryKey: [...WEEK, 'preview', outletId, weekStart, shifts],
    enabled: enabled && outletId !== null,
    placeholderData: keepPreviousData,
    queryFn: () => ok(api.POST('/scheduler/week/preview', { body: { outletId: outletId!, weekStart, shifts } })),
  });
}

export function useShiftTemplates(outletId: string | null) {
  return useQuery({ queryKey: [...TEMPLATES, outletId], enabled: outletId !== null, queryFn: () => ok(api.GET('/scheduler/shift-templates', { params: { query: { outletId: outletId! } } })) });
}

export const useCreateShiftTemplate = () => useInvalidatingMutation((body: NewShiftTemplate) => ok(api.POST('/scheduler/shift-templates', { body })), [TEMPLATES]);
export const useDeleteShiftTemplate = () => useInvalidatingMutation((id: string) => ok(api.DELETE('/scheduler/shift-templates/{id}', { params: { path: { id } } })), [TEMPLATES]);

export interface WeekPublication {
  outletId: string;
  removed: string[];
  moved: Array<{ id: string; userId: string; scheduledStart: string; scheduledEnd: string }>;
  added: Array<{ userId: string; scheduledStart: string; scheduledEnd: string }>;
}

/**
 * Publishes the plan: removals first (they free the places moved and new shifts may take), then
 * moves, then the new shifts as one roster (all or none, POST /scheduler/assignments).
 */
export const usePublishWeek = () =>
  useInvalidatingMutation(
    async (p: WeekPublication) => {
      for (const id of p.removed) await ok(api.PATCH('/shift-assignments/{id}', { params: { path: { id } }, body: { status: 'CANCELLED' } }));
      for (const { id, ...to } of p.moved) await ok(api.PATCH('/shift-assignments/{id}', { params: { path: { id } }, body: to }));
      if (p.added.length > 0) await ok(api.POST('/scheduler/assignments', { body: { outletId: p.outletId, assignments: p.added } }));
    },
    [['rota'], ['shifts'], ['compliance']],
  );
