import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE } from '../../auth/me';

const DoorCredentialPage = lazyPage(() => import('./door.page'), 'DoorCredentialPage');
const MyLeavePage = lazyPage(() => import('./my-leave.page'), 'MyLeavePage');
const MyShiftsPage = lazyPage(() => import('./my-shifts.page'), 'MyShiftsPage');
const PoliciesPage = lazyPage(() => import('./policies.page'), 'PoliciesPage');

export const meArea: Area = {
  title: 'My work',
  nav: [
    { label: 'My shifts', to: '/me/shifts', roles: EVERY_ROLE },
    { label: 'My leave', to: '/me/leave', roles: EVERY_ROLE },
    { label: 'My door credential', to: '/me/door', roles: EVERY_ROLE },
    { label: 'Policies', to: '/me/policies', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'me/shifts', roles: EVERY_ROLE, element: <MyShiftsPage /> },
    { path: 'me/leave', roles: EVERY_ROLE, element: <MyLeavePage /> },
    { path: 'me/door', roles: EVERY_ROLE, element: <DoorCredentialPage /> },
    { path: 'me/policies', roles: EVERY_ROLE, element: <PoliciesPage /> },
  ],
};
