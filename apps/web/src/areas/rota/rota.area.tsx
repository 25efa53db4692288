import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const OpenShiftsPage = lazyPage(() => import('./open-shifts.page'), 'OpenShiftsPage');
const RostersPage = lazyPage(() => import('./rosters.page'), 'RostersPage');
const SwapsPage = lazyPage(() => import('./swaps.page'), 'SwapsPage');
const StaffingTargetsPage = lazyPage(() => import('./staffing-targets.page'), 'StaffingTargetsPage');
const AutoSchedulePage = lazyPage(() => import('./auto-schedule.page'), 'AutoSchedulePage');
const ProposalPage = lazyPage(() => import('./proposal.page'), 'ProposalPage');

export const rotaArea: Area = {
  title: 'Rota',
  routes: [
    { path: 'rota/rosters', needs: ['getSchedulerRosters'], nav: 'Rosters', element: <RostersPage /> },
    { path: 'rota/open-shifts', needs: ['getOpenShifts'], nav: 'Open shifts', element: <OpenShiftsPage /> },
    { path: 'rota/swaps', needs: ['getShiftSwaps'], nav: 'Shift swaps', element: <SwapsPage /> },
    { path: 'rota/auto-schedule', needs: ['getSchedulerProposals', 'postSchedulerProposals'], nav: 'Auto-schedule', element: <AutoSchedulePage /> },
    { path: 'rota/auto-schedule/:id', needs: ['getSchedulerProposalsById'], element: <ProposalPage /> },
    { path: 'rota/staffing-targets', needs: ['getSchedulerStaffingTargets', 'putSchedulerStaffingTargets'], nav: 'Staffing targets', element: <StaffingTargetsPage /> },
  ],
};
