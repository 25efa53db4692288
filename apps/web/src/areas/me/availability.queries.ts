import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type WeeklyWindow = Body<'putMeAvailability'>['windows'][number];
export type TimeOff = Ok<'getMeTimeOff'>[number];
export type AvailabilityConflict = Ok<'getAvailabilityConflicts'>['conflicts'][number];

/** A person's availability: the caller's own (`userId` undefined) through /me, anyone else's through /users/:id. */
export const useAvailability = (userId?: string) =>
  useQuery({
    queryKey: ['availability', userId ?? 'me'],
    queryFn: () => (userId ? ok(api.GET('/users/{id}/availability', { params: { path: { id: userId } } })) : ok(api.GET('/me/availability'))),
  });
export const useSaveAvailability = (userId?: string) =>
  useInvalidatingMutation(
    (windows: WeeklyWindow[]) => (userId ? ok(api.PUT('/users/{id}/availability', { params: { path: { id: userId } }, body: { windows } })) : ok(api.PUT('/me/availability', { body: { windows } }))),
    [['availability'], ['shifts']],
  );

export const useTimeOff = (userId?: string) =>
  useQuery({
    queryKey: ['availability', userId ?? 'me', 'time-off'],
    queryFn: () =>
      userId
        ? ok(api.GET('/users/{id}/time-off', { params: { path: { id: userId }, query: { limit: 200 } } }))
        : ok(api.GET('/me/time-off', { params: { query: { limit: 200 } } })),
  });
export const useAddTimeOff = (userId?: string) =>
  useInvalidatingMutation(
    (body: Body<'postMeTimeOff'>) => (userId ? ok(api.POST('/users/{id}/time-off', { params: { path: { id: userId } }, body })) : ok(api.POST('/me/time-off', { body }))),
    [['availability'], ['shifts']],
  );
export const useRemoveTimeOff = (userId?: string) =>
  useInvalidatingMutation(
    (timeOffId: string) =>
      userId
        ? ok(api.DELETE('/users/{id}/time-off/{timeOffId}', { params: { path: { id: userId, timeOffId } } }))
        : ok(api.DELETE('/me/time-off/{timeOffId}', { params: { path: { timeOffId } } })),
    [['availability'], ['shifts']],
  );

/** Under the shifts key, so adding or changing a shift refreshes the conflicts shown beside it. */
export const useAvailabilityConflicts = (query: { from: string; to: string; outletId?: string }, enabled: boolean) =>
  useQuery({
    queryKey: ['shifts', 'availability-conflicts', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => ok(api.GET('/availability/conflicts', { params: { query } })),
  });

/** The conflicts of one shift, asked right after assigning it (WARN mode lets it through). */
export const fetchShiftConflicts = async (shift: { id: string; userId: string; scheduledStart: string }) => {
  const from = shift.scheduledStart;
  const to = new Date(Date.parse(from) + 1).toISOString();
  const res = await ok(api.GET('/availability/conflicts', { params: { query: { from, to, userId: shift.userId } } }));
  return res.conflicts.filter((c) => c.shift.id === shift.id);
};

const KIND_LABEL: Record<AvailabilityConflict['kind'], string> = {
  UNAVAILABLE: 'unavailable',
  TIME_OFF: 'time off',
  LEAVE: 'on leave',
  OUTSIDE_AVAILABILITY: 'outside preferred hours',
};

export function conflictLabel(c: Pick<AvailabilityConflict, 'kind'>): string {
  return KIND_LABEL[c.kind];
}
