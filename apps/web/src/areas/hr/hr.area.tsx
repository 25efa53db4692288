import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE } from '../../auth/me';

const ContractsPage = lazyPage(() => import('./contracts.page'), 'ContractsPage');
const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');

/** Everyone reads their own contracts and reports issues; HR writes contracts, managers move issues. */
export const hrArea: Area = {
  title: 'HR',
  nav: [
    { label: 'Contracts', to: '/hr/contracts', roles: EVERY_ROLE },
    { label: 'Issues', to: '/hr/issues', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'hr/contracts', roles: EVERY_ROLE, element: <ContractsPage /> },
    { path: 'hr/issues', roles: EVERY_ROLE, element: <IssuesPage /> },
  ],
};
