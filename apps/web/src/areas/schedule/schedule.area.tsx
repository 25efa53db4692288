import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { MANAGER_ROLES } from '../../auth/me';

const AttendancePage = lazyPage(() => import('./attendance.page'), 'AttendancePage');
const LeavePage = lazyPage(() => import('./leave.page'), 'LeavePage');
const ShiftsWeekPage = lazyPage(() => import('./shifts-week.page'), 'ShiftsWeekPage');

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
