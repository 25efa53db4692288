import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { MANAGER_ROLES, OUTLET_ADMIN_ROLES, PEOPLE_ADMIN_ROLES } from '../../auth/me';

const ImportPage = lazyPage(() => import('./import.page'), 'ImportPage');
const OutletsPage = lazyPage(() => import('./outlets.page'), 'OutletsPage');
const OutletsImportPage = lazyPage(() => import('./outlets-import.page'), 'OutletsImportPage');
const UsersPage = lazyPage(() => import('./users.page'), 'UsersPage');

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
    { path: 'people/outlets/import', roles: OUTLET_ADMIN_ROLES, element: <OutletsImportPage /> },
  ],
};
