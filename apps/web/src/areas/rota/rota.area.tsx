import type { Area } from '../area';
import { EVERY_ROLE, MANAGER_ROLES } from '../../auth/me';
import { OpenShiftsPage } from './open-shifts.page';
import { RostersPage } from './rosters.page';
import { SwapsPage } from './swaps.page';

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
