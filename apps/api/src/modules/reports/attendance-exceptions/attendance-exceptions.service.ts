import type { Clock } from '@wfm/core/clock';
import { bounded, type ReportCaller, type ReportFilters, type ReportScopes } from '../shared/report-scope.js';
import type { ReportResult } from '../shared/report.routes.js';
import type { ReportsRepository, ScheduledShift } from '../shared/reports.repository.js';
import { minutesOf } from '../shared/worked-time.js';
import type { AttendanceExceptionRow, ExceptionKind } from './attendance-exceptions.schemas.js';

/** Minutes after a shift's start a clock-in is still on time (docs/decisions.md: the codebase had no lateness rule). */
export const LATE_GRACE_MINUTES = 5;

/**
 * What went wrong with one rostered shift, if anything, at `now`:
 * - LATE: its first clock-in more than LATE_GRACE_MINUTES after the scheduled start;
 * - MISSED_CLOCK_OUT: still clocked in after the scheduled end, or closed by the missed clock-out
 *   job (which closes at the scheduled end, or the clock-in if later, and leaves the record for
 *   review: a real clock-out against a shift is VERIFIED);
 * - NO_SHOW: marked MISSED by a manager, or still SCHEDULED with no clock-in after its end.
 * A shift can be both LATE and MISSED_CLOCK_OUT.
 */
export function exceptionsOf(s: ScheduledShift, now: Date): Array<{ kind: ExceptionKind; minutesLate: number | null }> {
  const a = s.attendance;
  if (!a) return s.status === 'MISSED' || (s.status === 'SCHEDULED' && s.scheduledEnd <= now) ? [{ kind: 'NO_SHOW', minutesLate: null }] : [];
  const found: Array<{ kind: ExceptionKind; minutesLate: number | null }> = [];
  const late = minutesOf(s.scheduledStart, a.clockInAt);
  if (late > LATE_GRACE_MINUTES) found.push({ kind: 'LATE', minutesLate: late });
  const closedByJob = a.clockOutAt !== null && a.status !== 'VERIFIED' && a.clockOutAt.getTime() === Math.max(s.scheduledEnd.getTime(), a.clockInAt.getTime());
  if ((a.clockOutAt === null && s.scheduledEnd <= now) || closedByJob) found.push({ kind: 'MISSED_CLOCK_OUT', minutesLate: null });
  return found;
}

/** Late arrivals, missed clock-outs and no-shows of rostered shifts, by the local day of the shift's start. */
export class AttendanceExceptionsReport {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly scopes: ReportScopes,
    private readonly clock: Clock,
  ) {}

  async run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<AttendanceExceptionRow>> {
    const w = await this.scopes.window(caller, filters);
    const now = this.clock.now();
    const rows = (await this.repo.shifts(w)).flatMap((s) =>
      exceptionsOf(s, now).map(
        ({ kind, minutesLate }): AttendanceExceptionRow => ({
          date: s.day,
          kind,
          userId: s.userId,
          userName: s.userName,
          outletId: s.outletId,
          outletName: s.outletName,
          shiftId: s.id,
          scheduledStart: s.scheduledStart.toISOString(),
          scheduledEnd: s.scheduledEnd.toISOString(),
          clockInAt: s.attendance?.clockInAt.toISOString() ?? null,
          clockOutAt: s.attendance?.clockOutAt?.toISOString() ?? null,
          minutesLate,
        }),
      ),
    );
    return { from: w.from, to: w.to, timezone: w.timezone, rows: bounded(rows) };
  }
}
