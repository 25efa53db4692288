import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { PEOPLE_ADMIN_ROLES } from '../../auth/me';

export const recruitingArea: Area = {
  title: 'Recruiting & documents',
  nav: [
    { label: 'Job postings', to: '/recruiting/jobs', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Applications', to: '/recruiting/applications', roles: PEOPLE_ADMIN_ROLES },
    { label: 'E-signature', to: '/documents/esign', roles: PEOPLE_ADMIN_ROLES },
  ],
  routes: [
    { path: 'recruiting/jobs', roles: PEOPLE_ADMIN_ROLES, element: <Placeholder title="Job postings" /> },
    { path: 'recruiting/applications', roles: PEOPLE_ADMIN_ROLES, element: <Placeholder title="Applications" /> },
    { path: 'documents/esign', roles: PEOPLE_ADMIN_ROLES, element: <Placeholder title="E-signature" /> },
  ],
};
