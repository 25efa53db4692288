import { MANAGERS } from '@wfm/core/role-sets';
import type { ApiRouter } from '../../../http/api-router.js';
import { reportRoutes, type ReportOutputs } from '../shared/report.routes.js';
import type { AttendanceExceptionsReport } from './attendance-exceptions.service.js';
import { AttendanceExceptionRow } from './attendance-exceptions.schemas.js';

export function attendanceExceptionsRoutes(r: ApiRouter, report: AttendanceExceptionsReport, out: ReportOutputs): void {
  reportRoutes(
    r,
    {
      path: 'attendance-exceptions',
      title: 'Attendance exceptions',
      summary: 'Late arrivals (over 5 minutes), missed clock-outs and no-shows of rostered shifts',
      row: AttendanceExceptionRow,
      columns: [
        { header: 'date', value: (x) => x.date },
        { header: 'kind', value: (x) => x.kind },
        { header: 'person', value: (x) => x.userName },
        { header: 'user_id', value: (x) => x.userId, printed: false },
        { header: 'outlet', value: (x) => x.outletName },
        { header: 'scheduled_start', value: (x) => x.scheduledStart },
        { header: 'scheduled_end', value: (x) => x.scheduledEnd },
        { header: 'clock_in_at', value: (x) => x.clockInAt },
        { header: 'clock_out_at', value: (x) => x.clockOutAt },
        { header: 'minutes_late', value: (x) => x.minutesLate },
      ],
      roles: MANAGERS,
      run: (caller, filters) => report.run(caller, filters),
    },
    out,
  );
}
