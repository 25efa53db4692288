import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const BrandingPage = lazyPage(() => import('./branding.page'), 'BrandingPage');
const CompanyPage = lazyPage(() => import('./company.page'), 'CompanyPage');
const KiosksPage = lazyPage(() => import('./kiosks.page'), 'KiosksPage');
const SsoConnectionsPage = lazyPage(() => import('./sso.page'), 'SsoConnectionsPage');
const SsoConnectionPage = lazyPage(() => import('./sso.page'), 'SsoConnectionPage');

export const settingsArea: Area = {
  title: 'Settings',
  routes: [
    { path: 'settings/company', needs: ['getTenant'], nav: 'Company', element: <CompanyPage /> },
    { path: 'settings/branding', needs: ['getBranding'], nav: 'Branding', element: <BrandingPage /> },
    { path: 'settings/kiosks', needs: ['getKiosks'], nav: 'Kiosks', element: <KiosksPage /> },
    { path: 'settings/sso', needs: ['getSsoConnections'], nav: 'Single sign-on', element: <SsoConnectionsPage /> },
    { path: 'settings/sso/:id', needs: ['getSsoConnectionsById'], element: <SsoConnectionPage /> },
  ],
};
