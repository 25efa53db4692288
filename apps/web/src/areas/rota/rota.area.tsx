import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE, MANAGER_ROLES } from '../../auth/me';

const OpenShiftsPage = lazyPage(() => import('./open-shifts.page'), 'OpenShiftsPage');
const RostersPage = lazyPage(() => import('./rosters.page'), 'RostersPage');
const SwapsPage = lazyPage(() => import('./swaps.page'), 'SwapsPage');

export const rotaArea: Area = {
  title: 'Rota',
  nav: [
    { label: 'Rosters', to: '/rota/rosters', roles: MANAGER_ROLES },
    { label: 'Open shifts', to: '/rota/open-shifts', roles: EVERY_ROLE },
    { label: 'Shift swaps', to: '/rota/swaps', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'rota/rosters', roles: MANAGER_ROLES, element: <RostersPage /> },
    { path: 'rota/open-shifts', roles: EVERY_ROLE, element: <OpenShiftsPage /> },
    { path: 'rota/swaps', roles: EVERY_ROLE, element: <SwapsPage /> },
  ],
};
