import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { MANAGER_ROLES } from '../../auth/me';

export const scheduleArea: Area = {
  title: 'Schedule',
  nav: [
    { label: 'Shifts', to: '/schedule/shifts', roles: MANAGER_ROLES },
    { label: 'Leave', to: '/schedule/leave', roles: MANAGER_ROLES },
    { label: 'Attendance', to: '/schedule/attendance', roles: MANAGER_ROLES },
  ],
  routes: [
    { path: 'schedule/shifts', roles: MANAGER_ROLES, element: <Placeholder title="Shifts" /> },
    { path: 'schedule/leave', roles: MANAGER_ROLES, element: <Placeholder title="Leave" /> },
    { path: 'schedule/attendance', roles: MANAGER_ROLES, element: <Placeholder title="Attendance" /> },
  ],
};
