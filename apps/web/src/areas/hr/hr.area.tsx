import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE, PEOPLE_ADMIN_ROLES } from '../../auth/me';

const ContractsPage = lazyPage(() => import('./contracts.page'), 'ContractsPage');
const DisciplinaryPage = lazyPage(() => import('./disciplinary.page'), 'DisciplinaryPage');
const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');
const OffboardingListPage = lazyPage(() => import('./offboarding.page'), 'OffboardingListPage');
const OffboardingPage = lazyPage(() => import('./offboarding.page'), 'OffboardingPage');

/**
 * Everyone reads their own contracts and disciplinary record and reports issues; HR writes
 * contracts, issues disciplinary actions and runs offboarding; managers move issues.
 */
export const hrArea: Area = {
  title: 'HR',
  nav: [
    { label: 'Contracts', to: '/hr/contracts', roles: EVERY_ROLE },
    { label: 'Disciplinary', to: '/hr/disciplinary', roles: EVERY_ROLE },
    { label: 'Offboarding', to: '/hr/offboarding', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Issues', to: '/hr/issues', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'hr/contracts', roles: EVERY_ROLE, element: <ContractsPage /> },
    { path: 'hr/disciplinary', roles: EVERY_ROLE, element: <DisciplinaryPage /> },
    { path: 'hr/offboarding', roles: PEOPLE_ADMIN_ROLES, element: <OffboardingListPage /> },
    { path: 'hr/offboarding/:id', roles: PEOPLE_ADMIN_ROLES, element: <OffboardingPage /> },
    { path: 'hr/issues', roles: EVERY_ROLE, element: <IssuesPage /> },
  ],
};
