import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const BrandingPage = lazyPage(() => import('./branding.page'), 'BrandingPage');
const CompanyPage = lazyPage(() => import('./company.page'), 'CompanyPage');
const KiosksPage = lazyPage(() => import('./kiosks.page'), 'KiosksPage');
const PlanPage = lazyPage(() => import('./plan.page'), 'PlanPage');
const SsoConnectionsPage = lazyPage(() => import('./sso.page'), 'SsoConnectionsPage');
const SsoConnectionPage = lazyPage(() => import('./sso.page'), 'SsoConnectionPage');

export const settingsArea: Area = {
  title: 'Settings',
  routes: [
    { path: 'settings/company', needs: ['getTenant'], nav: 'Company', element: <CompanyPage /> },
    { path: 'settings/branding', needs: ['getBranding'], nav: 'Branding', element: <BrandingPage /> },
    // The address the API's plan refusals name ("Upgrade at /admin/billing", spec 03).
    { path: 'admin/billing', needs: ['getTenantPlan'], nav: 'Plan', element: <PlanPage /> },
    { path: 'settings/kiosks', needs: ['getKiosks'], nav: 'Kiosks', element: <KiosksPage /> },
    { path: 'settings/sso', needs: ['getSsoConnections'], feature: 'sso', nav: 'Single sign-on', element: <SsoConnectionsPage /> },
    { path: 'settings/sso/:id', needs: ['getSsoConnectionsById'], feature: 'sso', element: <SsoConnectionPage /> },
  ],
};
