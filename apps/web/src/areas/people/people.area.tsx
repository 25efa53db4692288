import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ImportPage = lazyPage(() => import('./import.page'), 'ImportPage');
const OutletsPage = lazyPage(() => import('./outlets.page'), 'OutletsPage');
const OutletsImportPage = lazyPage(() => import('./outlets-import.page'), 'OutletsImportPage');
const UsersPage = lazyPage(() => import('./users.page'), 'UsersPage');

export const peopleArea: Area = {
  title: 'People',
  routes: [
    { path: 'people/users', needs: ['getUsers'], nav: 'Users', element: <UsersPage /> },
    { path: 'people/import', needs: ['postUsersBulkImport'], element: <ImportPage /> },
    { path: 'people/outlets', needs: ['getOutlets'], nav: 'Outlets', element: <OutletsPage /> },
    { path: 'people/outlets/import', needs: ['postOutletsBulkImport'], element: <OutletsImportPage /> },
  ],
};
