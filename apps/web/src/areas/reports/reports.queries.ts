import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import type { Ok } from '../../api/types';

/** The filters every report takes: local days `from`–`to`, and optionally one outlet and one person. */
export interface ReportFilters {
  from: string;
  to: string;
  outletId?: string;
  userId?: string;
}

export type ReportPath = 'timesheets' | 'labour-cost' | 'attendance-exceptions' | 'leave' | 'door-access';

export type TimesheetRow = Ok<'getReportsTimesheets'>['rows'][number];
export type LabourCostRow = Ok<'getReportsLabourCost'>['rows'][number];
export type ExceptionRow = Ok<'getReportsAttendanceExceptions'>['rows'][number];
export type LeaveRow = Ok<'getReportsLeave'>['rows'][number];
export type DoorAccessRow = Ok<'getReportsDoorAccess'>['rows'][number];

/** A report asked for as JSON: the route answers CSV or PDF only for those formats. */
async function json<T>(answer: Promise<T | string>): Promise<T> {
  const body = await answer;
  if (typeof body === 'string') throw new Error('The report came back as a file');
  return body;
}

const key = (path: ReportPath, f: ReportFilters) => ['reports', path, f.from, f.to, f.outletId ?? null, f.userId ?? null];
const query = (f: ReportFilters) => ({ params: { query: { ...f, format: 'json' as const } } });

export const useTimesheets = (f: ReportFilters) => useQuery({ queryKey: key('timesheets', f), queryFn: () => json(ok(api.GET('/reports/timesheets', query(f)))) });
export const useLabourCost = (f: ReportFilters) => useQuery({ queryKey: key('labour-cost', f), queryFn: () => json(ok(api.GET('/reports/labour-cost', query(f)))) });
export const useAttendanceExceptions = (f: ReportFilters) =>
  useQuery({ queryKey: key('attendance-exceptions', f), queryFn: () => json(ok(api.GET('/reports/attendance-exceptions', query(f)))) });
export const useLeaveReport = (f: ReportFilters) => useQuery({ queryKey: key('leave', f), queryFn: () => json(ok(api.GET('/reports/leave', query(f)))) });
export const useDoorAccess = (f: ReportFilters) => useQuery({ queryKey: key('door-access', f), queryFn: () => json(ok(api.GET('/reports/door-access', query(f)))) });

/** The query string of a report's file (CSV or PDF) for these filters. */
export function reportFileQuery(f: ReportFilters, format: 'csv' | 'pdf'): string {
  const qs = new URLSearchParams({ from: f.from, to: f.to, format });
  if (f.outletId) qs.set('outletId', f.outletId);
  if (f.userId) qs.set('userId', f.userId);
  return qs.toString();
}
