import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const TimesheetsPage = lazyPage(() => import('./timesheets.page'), 'TimesheetsPage');
const LabourCostPage = lazyPage(() => import('./labour-cost.page'), 'LabourCostPage');
const AttendanceExceptionsPage = lazyPage(() => import('./attendance-exceptions.page'), 'AttendanceExceptionsPage');
const LeaveReportPage = lazyPage(() => import('./leave-report.page'), 'LeaveReportPage');
const DoorAccessReportPage = lazyPage(() => import('./door-access.page'), 'DoorAccessReportPage');

export const reportsArea: Area = {
  ns: 'reports',
  title: 'area.title',
  routes: [
    { path: 'reports/timesheets', needs: ['getReportsTimesheets'], nav: 'nav.timesheets', element: <TimesheetsPage /> },
    { path: 'reports/labour-cost', needs: ['getReportsLabourCost'], nav: 'nav.labourCost', element: <LabourCostPage /> },
    { path: 'reports/attendance-exceptions', needs: ['getReportsAttendanceExceptions'], nav: 'nav.exceptions', element: <AttendanceExceptionsPage /> },
    { path: 'reports/leave', needs: ['getReportsLeave'], nav: 'nav.leave', element: <LeaveReportPage /> },
    { path: 'reports/door-access', needs: ['getReportsDoorAccess'], feature: 'accessControl', nav: 'nav.doorAccess', element: <DoorAccessReportPage /> },
  ],
};
