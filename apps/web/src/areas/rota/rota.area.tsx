import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const OpenShiftsPage = lazyPage(() => import('./open-shifts.page'), 'OpenShiftsPage');
const RostersPage = lazyPage(() => import('./rosters.page'), 'RostersPage');
const SwapsPage = lazyPage(() => import('./swaps.page'), 'SwapsPage');
const StaffingTargetsPage = lazyPage(() => import('./staffing-targets.page'), 'StaffingTargetsPage');
const AutoSchedulePage = lazyPage(() => import('./auto-schedule.page'), 'AutoSchedulePage');
const ProposalPage = lazyPage(() => import('./proposal.page'), 'ProposalPage');
const WeekGridPage = lazyPage(() => import('./week-grid.page'), 'WeekGridPage');

export const rotaArea: Area = {
  ns: 'rota',
  title: 'area.title',
  routes: [
    { path: 'rota/week', needs: ['getSchedulerWeek', 'postSchedulerWeekPreview', 'getSchedulerShiftTemplates'], nav: 'nav.week', element: <WeekGridPage /> },
    { path: 'rota/rosters', needs: ['getSchedulerRosters'], nav: 'nav.rosters', element: <RostersPage /> },
    { path: 'rota/open-shifts', needs: ['getOpenShifts'], nav: 'nav.openShifts', element: <OpenShiftsPage /> },
    { path: 'rota/swaps', needs: ['getShiftSwaps'], nav: 'nav.shiftSwaps', element: <SwapsPage /> },
    { path: 'rota/auto-schedule', needs: ['getSchedulerProposals', 'postSchedulerProposals'], nav: 'nav.autoSchedule', element: <AutoSchedulePage /> },
    { path: 'rota/auto-schedule/:id', needs: ['getSchedulerProposalsById'], element: <ProposalPage /> },
    { path: 'rota/staffing-targets', needs: ['getSchedulerStaffingTargets', 'putSchedulerStaffingTargets'], nav: 'nav.staffingTargets', element: <StaffingTargetsPage /> },
  ],
};
