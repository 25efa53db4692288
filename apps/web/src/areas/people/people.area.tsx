import type { Area } from '../area';
import { MANAGER_ROLES, PEOPLE_ADMIN_ROLES } from '../../auth/me';
import { ImportPage } from './import.page';
import { OutletsPage } from './outlets.page';
import { UsersPage } from './users.page';

export const peopleArea: Area = {
  title: 'People',
  nav: [
    { label: 'Users', to: '/people/users', roles: MANAGER_ROLES },
    { label: 'Outlets', to: '/people/outlets', roles: MANAGER_ROLES },
  ],
  routes: [
    { path: 'people/users', roles: MANAGER_ROLES, element: <UsersPage /> },
    { path: 'people/import', roles: PEOPLE_ADMIN_ROLES, element: <ImportPage /> },
    { path: 'people/outlets', roles: MANAGER_ROLES, element: <OutletsPage /> },
  ],
};
