import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { OUTLET_RUNNER_ROLES, TENANT_ADMIN_ROLES } from '../../auth/me';

export const settingsArea: Area = {
  title: 'Settings',
  nav: [
    { label: 'Company', to: '/settings/company', roles: TENANT_ADMIN_ROLES },
    { label: 'Branding', to: '/settings/branding', roles: TENANT_ADMIN_ROLES },
    { label: 'Single sign-on', to: '/settings/sso', roles: TENANT_ADMIN_ROLES },
    { label: 'Kiosks', to: '/settings/kiosks', roles: OUTLET_RUNNER_ROLES },
  ],
  routes: [
    { path: 'settings/company', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="Company" /> },
    { path: 'settings/branding', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="Branding" /> },
    { path: 'settings/sso', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="Single sign-on" /> },
    { path: 'settings/kiosks', roles: OUTLET_RUNNER_ROLES, element: <Placeholder title="Kiosks" /> },
  ],
};
