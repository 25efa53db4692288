import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const DoorCredentialPage = lazyPage(() => import('./door.page'), 'DoorCredentialPage');
const MyAvailabilityPage = lazyPage(() => import('./my-availability.page'), 'MyAvailabilityPage');
const MyLeavePage = lazyPage(() => import('./my-leave.page'), 'MyLeavePage');
const MyShiftsPage = lazyPage(() => import('./my-shifts.page'), 'MyShiftsPage');
const PoliciesPage = lazyPage(() => import('./policies.page'), 'PoliciesPage');

export const meArea: Area = {
  ns: 'me',
  title: 'area.title',
  routes: [
    { path: 'me/shifts', needs: ['getShiftAssignments'], nav: 'nav.myShifts', element: <MyShiftsPage /> },
    { path: 'me/availability', needs: ['getMeAvailability', 'putMeAvailability', 'getMeTimeOff'], nav: 'nav.myAvailability', element: <MyAvailabilityPage /> },
    { path: 'me/leave', needs: ['getLeaveRequests'], nav: 'nav.myLeave', element: <MyLeavePage /> },
    { path: 'me/door', needs: ['postAccessCredential'], feature: 'accessControl', nav: 'nav.myDoorCredential', element: <DoorCredentialPage /> },
    { path: 'me/policies', needs: ['getPolicies'], nav: 'nav.policies', element: <PoliciesPage /> },
  ],
};
