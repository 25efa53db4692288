import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const DoorCredentialPage = lazyPage(() => import('./door.page'), 'DoorCredentialPage');
const MyAvailabilityPage = lazyPage(() => import('./my-availability.page'), 'MyAvailabilityPage');
const MyLeavePage = lazyPage(() => import('./my-leave.page'), 'MyLeavePage');
const MyShiftsPage = lazyPage(() => import('./my-shifts.page'), 'MyShiftsPage');
const PoliciesPage = lazyPage(() => import('./policies.page'), 'PoliciesPage');

export const meArea: Area = {
  title: 'My work',
  routes: [
    { path: 'me/shifts', needs: ['getShiftAssignments'], nav: 'My shifts', element: <MyShiftsPage /> },
    { path: 'me/availability', needs: ['getMeAvailability', 'putMeAvailability', 'getMeTimeOff'], nav: 'My availability', element: <MyAvailabilityPage /> },
    { path: 'me/leave', needs: ['getLeaveRequests'], nav: 'My leave', element: <MyLeavePage /> },
    { path: 'me/door', needs: ['postAccessCredential'], feature: 'accessControl', nav: 'My door credential', element: <DoorCredentialPage /> },
    { path: 'me/policies', needs: ['getPolicies'], nav: 'Policies', element: <PoliciesPage /> },
  ],
};
