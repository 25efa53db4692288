import type { Area } from '../area';
import { ACCESS_ADMIN_ROLES } from '../../auth/me';
import { VisitorsPage } from './visitors.page';

export const visitorsArea: Area = {
  title: 'Visitors',
  nav: [{ label: 'Visitor passes', to: '/access/visitors', roles: ACCESS_ADMIN_ROLES }],
  routes: [{ path: 'access/visitors', roles: ACCESS_ADMIN_ROLES, element: <VisitorsPage /> }],
};
