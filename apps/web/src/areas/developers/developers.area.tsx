import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { TENANT_ADMIN_ROLES } from '../../auth/me';

export const developersArea: Area = {
  title: 'Developers',
  nav: [
    { label: 'API keys', to: '/developers/api-keys', roles: TENANT_ADMIN_ROLES },
    { label: 'OAuth clients', to: '/developers/oauth-clients', roles: TENANT_ADMIN_ROLES },
    { label: 'Webhooks', to: '/developers/webhooks', roles: TENANT_ADMIN_ROLES },
  ],
  routes: [
    { path: 'developers/api-keys', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="API keys" /> },
    { path: 'developers/oauth-clients', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="OAuth clients" /> },
    { path: 'developers/webhooks', roles: TENANT_ADMIN_ROLES, element: <Placeholder title="Webhooks" /> },
  ],
};
