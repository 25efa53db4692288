import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const OpenShiftsPage = lazyPage(() => import('./open-shifts.page'), 'OpenShiftsPage');
const RostersPage = lazyPage(() => import('./rosters.page'), 'RostersPage');
const SwapsPage = lazyPage(() => import('./swaps.page'), 'SwapsPage');

export const rotaArea: Area = {
  title: 'Rota',
  routes: [
    { path: 'rota/rosters', needs: ['getSchedulerRosters'], nav: 'Rosters', element: <RostersPage /> },
    { path: 'rota/open-shifts', needs: ['getOpenShifts'], nav: 'Open shifts', element: <OpenShiftsPage /> },
    { path: 'rota/swaps', needs: ['getShiftSwaps'], nav: 'Shift swaps', element: <SwapsPage /> },
  ],
};
