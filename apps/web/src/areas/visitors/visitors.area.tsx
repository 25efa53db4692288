import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { ACCESS_ADMIN_ROLES } from '../../auth/me';

export const visitorsArea: Area = {
  title: 'Visitors',
  nav: [{ label: 'Visitor passes', to: '/access/visitors', roles: ACCESS_ADMIN_ROLES }],
  routes: [{ path: 'access/visitors', roles: ACCESS_ADMIN_ROLES, element: <Placeholder title="Visitor passes" /> }],
};
