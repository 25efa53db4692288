import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AttendancePage = lazyPage(() => import('./attendance.page'), 'AttendancePage');
const AvailabilityPage = lazyPage(() => import('./availability.page'), 'AvailabilityPage');
const LeavePage = lazyPage(() => import('./leave.page'), 'LeavePage');
const ShiftsWeekPage = lazyPage(() => import('./shifts-week.page'), 'ShiftsWeekPage');

export const scheduleArea: Area = {
  ns: 'schedule',
  title: 'area.title',
  routes: [
    { path: 'schedule/shifts', needs: ['getShiftAssignments', 'postShiftAssignments'], nav: 'nav.shifts', element: <ShiftsWeekPage /> },
    { path: 'schedule/availability', needs: ['getUsers', 'getUsersByIdAvailability', 'putUsersByIdAvailability', 'getUsersByIdTimeOff'], nav: 'nav.availability', element: <AvailabilityPage /> },
    { path: 'schedule/leave', needs: ['getLeaveRequests', 'postLeaveRequestsByIdApprove'], nav: 'nav.leave', element: <LeavePage /> },
    { path: 'schedule/attendance', needs: ['getAttendance', 'patchAttendanceById'], nav: 'nav.attendance', element: <AttendancePage /> },
  ],
};
