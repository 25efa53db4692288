import type { Area } from '../area';
import { EVERY_ROLE } from '../../auth/me';
import { DoorCredentialPage } from './door.page';
import { MyLeavePage } from './my-leave.page';
import { MyShiftsPage } from './my-shifts.page';

export const meArea: Area = {
  title: 'My work',
  nav: [
    { label: 'My shifts', to: '/me/shifts', roles: EVERY_ROLE },
    { label: 'My leave', to: '/me/leave', roles: EVERY_ROLE },
    { label: 'My door credential', to: '/me/door', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'me/shifts', roles: EVERY_ROLE, element: <MyShiftsPage /> },
    { path: 'me/leave', roles: EVERY_ROLE, element: <MyLeavePage /> },
    { path: 'me/door', roles: EVERY_ROLE, element: <DoorCredentialPage /> },
  ],
};
