import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { PEOPLE_ADMIN_ROLES } from '../../auth/me';

const ApplicationPage = lazyPage(() => import('./applications.page'), 'ApplicationPage');
const ApplicationsPage = lazyPage(() => import('./applications.page'), 'ApplicationsPage');
const EsignPage = lazyPage(() => import('./esign.page'), 'EsignPage');
const JobsPage = lazyPage(() => import('./jobs.page'), 'JobsPage');

/** Postings, applications and documents to sign are the HR roles' (the API's RECRUITERS and ESIGN_ADMINS). */
export const recruitingArea: Area = {
  title: 'Hiring & documents',
  nav: [
    { label: 'Job postings', to: '/recruiting/jobs', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Applications', to: '/recruiting/applications', roles: PEOPLE_ADMIN_ROLES },
    { label: 'E-signature', to: '/documents/esign', roles: PEOPLE_ADMIN_ROLES },
  ],
  routes: [
    { path: 'recruiting/jobs', roles: PEOPLE_ADMIN_ROLES, element: <JobsPage /> },
    { path: 'recruiting/applications', roles: PEOPLE_ADMIN_ROLES, element: <ApplicationsPage /> },
    { path: 'recruiting/applications/:id', roles: PEOPLE_ADMIN_ROLES, element: <ApplicationPage /> },
    { path: 'documents/esign', roles: PEOPLE_ADMIN_ROLES, element: <EsignPage /> },
  ],
};
