import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { ACCESS_ADMIN_ROLES } from '../../auth/me';

const VisitorsPage = lazyPage(() => import('./visitors.page'), 'VisitorsPage');

export const visitorsArea: Area = {
  title: 'Visitors',
  nav: [{ label: 'Visitor passes', to: '/access/visitors', roles: ACCESS_ADMIN_ROLES }],
  routes: [{ path: 'access/visitors', roles: ACCESS_ADMIN_ROLES, element: <VisitorsPage /> }],
};
