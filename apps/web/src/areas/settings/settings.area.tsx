import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const BrandingPage = lazyPage(() => import('./branding.page'), 'BrandingPage');
const CompanyPage = lazyPage(() => import('./company.page'), 'CompanyPage');
const KiosksPage = lazyPage(() => import('./kiosks.page'), 'KiosksPage');
const PlanPage = lazyPage(() => import('./plan.page'), 'PlanPage');
const SsoConnectionsPage = lazyPage(() => import('./sso.page'), 'SsoConnectionsPage');
const SsoConnectionPage = lazyPage(() => import('./sso.page'), 'SsoConnectionPage');

export const settingsArea: Area = {
  ns: 'settings',
  title: 'area.title',
  routes: [
    { path: 'settings/company', needs: ['getTenant'], nav: 'nav.company', element: <CompanyPage /> },
    { path: 'settings/branding', needs: ['getBranding'], nav: 'nav.branding', element: <BrandingPage /> },
    // The address the API's plan refusals name ("Upgrade at /admin/billing", spec 03).
    { path: 'admin/billing', needs: ['getTenantPlan'], nav: 'nav.plan', element: <PlanPage /> },
    { path: 'settings/kiosks', needs: ['getKiosks'], nav: 'nav.kiosks', element: <KiosksPage /> },
    { path: 'settings/sso', needs: ['getSsoConnections'], feature: 'sso', nav: 'nav.singleSignOn', element: <SsoConnectionsPage /> },
    { path: 'settings/sso/:id', needs: ['getSsoConnectionsById'], feature: 'sso', element: <SsoConnectionPage /> },
  ],
};
