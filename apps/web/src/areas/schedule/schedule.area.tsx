import type { Area } from '../area';
import { MANAGER_ROLES } from '../../auth/me';
import { AttendancePage } from './attendance.page';
import { LeavePage } from './leave.page';
import { ShiftsWeekPage } from './shifts-week.page';

export const scheduleArea: Area = {
  title: 'Schedule',
  nav: [
    { label: 'Shifts', to: '/schedule/shifts', roles: MANAGER_ROLES },
    { label: 'Leave', to: '/schedule/leave', roles: MANAGER_ROLES },
    { label: 'Attendance', to: '/schedule/attendance', roles: MANAGER_ROLES },
  ],
  routes: [
    { path: 'schedule/shifts', roles: MANAGER_ROLES, element: <ShiftsWeekPage /> },
    { path: 'schedule/leave', roles: MANAGER_ROLES, element: <LeavePage /> },
    { path: 'schedule/attendance', roles: MANAGER_ROLES, element: <AttendancePage /> },
  ],
};
