import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { AttendanceExceptionsReport } from './attendance-exceptions/attendance-exceptions.service.js';
import { attendanceExceptionsRoutes } from './attendance-exceptions/attendance-exceptions.routes.js';
import { DoorAccessRepository } from './door-access/door-access.repository.js';
import { DoorAccessReport } from './door-access/door-access.service.js';
import { doorAccessRoutes } from './door-access/door-access.routes.js';
import { LabourCostReport } from './labour-cost/labour-cost.service.js';
import { labourCostRoutes } from './labour-cost/labour-cost.routes.js';
import { LeaveReportRepository } from './leave/leave-report.repository.js';
import { LeaveReport } from './leave/leave-report.service.js';
import { leaveReportRoutes } from './leave/leave-report.routes.js';
import { ReportScopes } from './shared/report-scope.js';
import { ReportsRepository } from './shared/reports.repository.js';
import { TimesheetsReport } from './timesheets/timesheets.service.js';
import { timesheetsRoutes } from './timesheets/timesheets.routes.js';

/** Reports (issue 33): read-only views over time, pay, leave and door data, as JSON, CSV and PDF. */
export function composeReports(infra: Infrastructure, r: ApiRouter, { companyName }: { companyName: (tenantId: string) => Promise<string> }): void {
  const { ds, clock, outletScopes } = infra;
  const repo = new ReportsRepository(ds);
  const scopes = new ReportScopes(repo, outletScopes);
  const out = { pdf: infra.pdf, companyName };
  timesheetsRoutes(r, new TimesheetsReport(repo, scopes), out);
  labourCostRoutes(r, new LabourCostReport(repo, scopes), out);
  attendanceExceptionsRoutes(r, new AttendanceExceptionsReport(repo, scopes, clock), out);
  leaveReportRoutes(r, new LeaveReport(new LeaveReportRepository(ds), scopes), out);
  doorAccessRoutes(r, new DoorAccessReport(new DoorAccessRepository(ds), scopes), out);
}
