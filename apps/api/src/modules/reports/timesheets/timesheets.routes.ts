import { MANAGERS } from '@wfm/core/role-sets';
import type { ApiRouter } from '../../../http/api-router.js';
import { reportRoutes, type ReportOutputs } from '../shared/report.routes.js';
import type { TimesheetsReport } from './timesheets.service.js';
import { TimesheetRow } from './timesheets.schemas.js';

export function timesheetsRoutes(r: ApiRouter, report: TimesheetsReport, out: ReportOutputs): void {
  reportRoutes(
    r,
    {
      path: 'timesheets',
      title: 'Timesheets',
      summary: 'Per person and local day: scheduled and clocked minutes, breaks, overtime, open clock-ins',
      row: TimesheetRow,
      columns: [
        { header: 'date', value: (x) => x.date },
        { header: 'person', value: (x) => x.userName },
        { header: 'user_id', value: (x) => x.userId, printed: false },
        { header: 'scheduled_minutes', value: (x) => x.scheduledMinutes },
        { header: 'clocked_minutes', value: (x) => x.clockedMinutes },
        { header: 'break_minutes', value: (x) => x.breakMinutes },
        { header: 'overtime_minutes', value: (x) => x.overtimeMinutes },
        { header: 'open_clock_ins', value: (x) => x.openClockIns },
      ],
      roles: MANAGERS,
      run: (caller, filters) => report.run(caller, filters),
    },
    out,
  );
}
