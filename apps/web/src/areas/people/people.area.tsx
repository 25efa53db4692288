import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ImportPage = lazyPage(() => import('./import.page'), 'ImportPage');
const OutletsPage = lazyPage(() => import('./outlets.page'), 'OutletsPage');
const OutletsImportPage = lazyPage(() => import('./outlets-import.page'), 'OutletsImportPage');
const UsersPage = lazyPage(() => import('./users.page'), 'UsersPage');

export const peopleArea: Area = {
  ns: 'people',
  title: 'area.title',
  routes: [
    { path: 'people/users', needs: ['getUsers'], nav: 'nav.users', element: <UsersPage /> },
    { path: 'people/import', needs: ['postUsersBulkImport'], element: <ImportPage /> },
    { path: 'people/outlets', needs: ['getOutlets'], nav: 'nav.outlets', element: <OutletsPage /> },
    { path: 'people/outlets/import', needs: ['postOutletsBulkImport'], element: <OutletsImportPage /> },
  ],
};
