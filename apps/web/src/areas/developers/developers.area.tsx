import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { TENANT_ADMIN_ROLES } from '../../auth/me';

const ApiKeysPage = lazyPage(() => import('./credentials.page'), 'ApiKeysPage');
const OAuthClientsPage = lazyPage(() => import('./credentials.page'), 'OAuthClientsPage');
const WebhookPage = lazyPage(() => import('./webhook.page'), 'WebhookPage');
const WebhooksPage = lazyPage(() => import('./webhooks.page'), 'WebhooksPage');

export const developersArea: Area = {
  title: 'Developers',
  nav: [
    { label: 'API keys', to: '/developers/api-keys', roles: TENANT_ADMIN_ROLES },
    { label: 'OAuth clients', to: '/developers/oauth-clients', roles: TENANT_ADMIN_ROLES },
    { label: 'Webhooks', to: '/developers/webhooks', roles: TENANT_ADMIN_ROLES },
  ],
  routes: [
    { path: 'developers/api-keys', roles: TENANT_ADMIN_ROLES, element: <ApiKeysPage /> },
    { path: 'developers/oauth-clients', roles: TENANT_ADMIN_ROLES, element: <OAuthClientsPage /> },
    { path: 'developers/webhooks', roles: TENANT_ADMIN_ROLES, element: <WebhooksPage /> },
    { path: 'developers/webhooks/:id', roles: TENANT_ADMIN_ROLES, element: <WebhookPage /> },
  ],
};
