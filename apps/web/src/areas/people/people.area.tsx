import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { MANAGER_ROLES } from '../../auth/me';

export const peopleArea: Area = {
  title: 'People',
  nav: [
    { label: 'Users', to: '/people/users', roles: MANAGER_ROLES },
    { label: 'Outlets', to: '/people/outlets', roles: MANAGER_ROLES },
  ],
  routes: [
    { path: 'people/users', roles: MANAGER_ROLES, element: <Placeholder title="Users" /> },
    { path: 'people/outlets', roles: MANAGER_ROLES, element: <Placeholder title="Outlets" /> },
  ],
};
