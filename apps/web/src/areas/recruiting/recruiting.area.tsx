import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ApplicationPage = lazyPage(() => import('./applications.page'), 'ApplicationPage');
const ApplicationsPage = lazyPage(() => import('./applications.page'), 'ApplicationsPage');
const EsignPage = lazyPage(() => import('./esign.page'), 'EsignPage');
const JobsPage = lazyPage(() => import('./jobs.page'), 'JobsPage');

/** Postings, applications and documents to sign are the HR roles' (the API's RECRUITERS and ESIGN_ADMINS). */
export const recruitingArea: Area = {
  ns: 'recruiting',
  title: 'area.title',
  routes: [
    { path: 'recruiting/jobs', needs: ['getRecruitingJobs'], nav: 'nav.jobPostings', element: <JobsPage /> },
    { path: 'recruiting/applications', needs: ['getRecruitingApplications'], nav: 'nav.applications', element: <ApplicationsPage /> },
    { path: 'recruiting/applications/:id', needs: ['getRecruitingApplicationsById'], element: <ApplicationPage /> },
    { path: 'documents/esign', needs: ['getEsignDocuments'], nav: 'nav.eSignature', element: <EsignPage /> },
  ],
};
