import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AttendancePage = lazyPage(() => import('./attendance.page'), 'AttendancePage');
const AvailabilityPage = lazyPage(() => import('./availability.page'), 'AvailabilityPage');
const LeavePage = lazyPage(() => import('./leave.page'), 'LeavePage');
const ShiftsWeekPage = lazyPage(() => import('./shifts-week.page'), 'ShiftsWeekPage');

export const scheduleArea: Area = {
  title: 'Schedule',
  routes: [
    { path: 'schedule/shifts', needs: ['getShiftAssignments', 'postShiftAssignments'], nav: 'Shifts', element: <ShiftsWeekPage /> },
    { path: 'schedule/availability', needs: ['getUsers', 'getUsersByIdAvailability', 'putUsersByIdAvailability', 'getUsersByIdTimeOff'], nav: 'Availability', element: <AvailabilityPage /> },
    { path: 'schedule/leave', needs: ['getLeaveRequests', 'postLeaveRequestsByIdApprove'], nav: 'Leave', element: <LeavePage /> },
    { path: 'schedule/attendance', needs: ['getAttendance', 'patchAttendanceById'], nav: 'Attendance', element: <AttendancePage /> },
  ],
};
