import { MANAGERS } from '@wfm/core/role-sets';
import type { ApiRouter } from '../../../http/api-router.js';
import { reportRoutes, type ReportOutputs } from '../shared/report.routes.js';
import type { LeaveReport } from './leave-report.service.js';
import { LeaveReportRow } from './leave-report.schemas.js';

export function leaveReportRoutes(r: ApiRouter, report: LeaveReport, out: ReportOutputs): void {
  reportRoutes(
    r,
    {
      path: 'leave',
      title: 'Leave taken and balances',
      summary: 'Per person and leave type: approved leave taken in the period, and the annual leave balance at its end (outlet filter: the people assigned there)',
      row: LeaveReportRow,
      columns: [
        { header: 'person', value: (x) => x.userName },
        { header: 'user_id', value: (x) => x.userId, printed: false },
        { header: 'leave_type', value: (x) => x.leaveType },
        { header: 'taken_days', value: (x) => x.takenDays },
        { header: 'balance', value: (x) => x.balance },
        { header: 'balance_unit', value: (x) => x.balanceUnit },
      ],
      roles: MANAGERS,
      run: (caller, filters) => report.run(caller, filters),
    },
    out,
  );
}
