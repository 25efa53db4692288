import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { OUTLET_ADMIN_ROLES, TENANT_ADMIN_ROLES, type Role } from '../../auth/me';

const BrandingPage = lazyPage(() => import('./branding.page'), 'BrandingPage');
const CompanyPage = lazyPage(() => import('./company.page'), 'CompanyPage');
const KiosksPage = lazyPage(() => import('./kiosks.page'), 'KiosksPage');
const SsoConnectionsPage = lazyPage(() => import('./sso.page'), 'SsoConnectionsPage');
const SsoConnectionPage = lazyPage(() => import('./sso.page'), 'SsoConnectionPage');

/** Kiosks are registered by those who run outlets, an outlet manager for their own (the API's OUTLET_ADMINS and OUTLET_MANAGER). */
const KIOSK_ROLES: readonly Role[] = [...OUTLET_ADMIN_ROLES, 'OUTLET_MANAGER'];

export const settingsArea: Area = {
  title: 'Settings',
  nav: [
    { label: 'Company', to: '/settings/company', roles: TENANT_ADMIN_ROLES },
    { label: 'Branding', to: '/settings/branding', roles: TENANT_ADMIN_ROLES },
    { label: 'Kiosks', to: '/settings/kiosks', roles: KIOSK_ROLES },
    { label: 'Single sign-on', to: '/settings/sso', roles: TENANT_ADMIN_ROLES },
  ],
  routes: [
    { path: 'settings/company', roles: TENANT_ADMIN_ROLES, element: <CompanyPage /> },
    { path: 'settings/branding', roles: TENANT_ADMIN_ROLES, element: <BrandingPage /> },
    { path: 'settings/kiosks', roles: KIOSK_ROLES, element: <KiosksPage /> },
    { path: 'settings/sso', roles: TENANT_ADMIN_ROLES, element: <SsoConnectionsPage /> },
    { path: 'settings/sso/:id', roles: TENANT_ADMIN_ROLES, element: <SsoConnectionPage /> },
  ],
};
