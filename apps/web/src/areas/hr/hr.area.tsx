import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { EVERY_ROLE, PEOPLE_ADMIN_ROLES } from '../../auth/me';

export const hrArea: Area = {
  title: 'HR',
  nav: [
    { label: 'Contracts', to: '/hr/contracts', roles: EVERY_ROLE },
    { label: 'Disciplinary', to: '/hr/disciplinary', roles: EVERY_ROLE },
    { label: 'Offboarding', to: '/hr/offboarding', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Training', to: '/hr/training', roles: EVERY_ROLE },
    { label: 'Issues', to: '/hr/issues', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'hr/contracts', roles: EVERY_ROLE, element: <Placeholder title="Contracts" /> },
    { path: 'hr/disciplinary', roles: EVERY_ROLE, element: <Placeholder title="Disciplinary" /> },
    { path: 'hr/offboarding', roles: PEOPLE_ADMIN_ROLES, element: <Placeholder title="Offboarding" /> },
    { path: 'hr/training', roles: EVERY_ROLE, element: <Placeholder title="Training" /> },
    { path: 'hr/issues', roles: EVERY_ROLE, element: <Placeholder title="Issues" /> },
  ],
};
