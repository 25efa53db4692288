import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Shift = Ok<'getShiftAssignments'>[number];
export type LeaveRequest = Ok<'getLeaveRequests'>[number];
export type LeaveStatus = LeaveRequest['status'];
export type Attendance = Ok<'getAttendance'>[number];
export type AttendanceStatus = Attendance['status'];

const useInvalidating = <V, R>(fn: (v: V) => Promise<R>, key: string) => useInvalidatingMutation(fn, [[key]]);


export const useShifts = (query: { outletId?: string; userId?: string; from: string; to: string }, enabled = true) =>
  useQuery({ queryKey: ['shifts', query], enabled, placeholderData: keepPreviousData, queryFn: () => ok(api.GET('/shift-assignments', { params: { query: { ...query, limit: 500 } } })) });
/** A shift written may have broken working-time rules: the violations beside the shifts refetch too. */
const SHIFT_WRITES = [['shifts'], ['compliance']] as const;
export const useCreateShift = () => useInvalidatingMutation((body: Body<'postShiftAssignments'>) => ok(api.POST('/shift-assignments', { body })), SHIFT_WRITES);
export const useUpdateShift = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchShiftAssignmentsById'> }) => ok(api.PATCH('/shift-assignments/{id}', { params: { path: { id } }, body })), SHIFT_WRITES);
export const useReleaseShift = () => useInvalidating((id: string) => ok(api.POST('/shift-assignments/{id}/release', { params: { path: { id } }, body: {} })), 'shifts');

export const useLeave = (query: { status?: LeaveStatus; userId?: string }) =>
  useQuery({ queryKey: ['leave', query], placeholderData: keepPreviousData, queryFn: () => ok(api.GET('/leave-requests', { params: { query: { ...query, limit: 200 } } })) });
export const useDecideLeave = () =>
  useInvalidating(
    ({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
      approve
        ? ok(api.POST('/leave-requests/{id}/approve', { params: { path: { id } }, body: note ? { note } : {} }))
        : ok(api.POST('/leave-requests/{id}/reject', { params: { path: { id } }, body: { note: note ?? '' } })),
    'leave',
  );
export const useRequestLeave = () => useInvalidating((body: Body<'postLeaveRequests'>) => ok(api.POST('/leave-requests', { body })), 'leave');
export const useCancelLeave = () => useInvalidating((id: string) => ok(api.POST('/leave-requests/{id}/cancel', { params: { path: { id } } })), 'leave');

export const useAttendance = (query: { outletId?: string; status?: AttendanceStatus; from: string; to: string }) =>
  useQuery({ queryKey: ['attendance', query], placeholderData: keepPreviousData, queryFn: () => ok(api.GET('/attendance', { params: { query: { ...query, limit: 500 } } })) });
export const useReviewAttendance = () =>
  useInvalidating(
    ({ id, status, note }: { id: string; status: 'APPROVED' | 'REJECTED'; note?: string }) => ok(api.PATCH('/attendance/{id}', { params: { path: { id } }, body: { status, ...(note ? { note } : {}) } })),
    'attendance',
  );
