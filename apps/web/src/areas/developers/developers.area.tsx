import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ApiKeysPage = lazyPage(() => import('./credentials.page'), 'ApiKeysPage');
const OAuthClientsPage = lazyPage(() => import('./credentials.page'), 'OAuthClientsPage');
const ApiKeyRequestsPage = lazyPage(() => import('./request-log.page'), 'ApiKeyRequestsPage');
const OAuthClientRequestsPage = lazyPage(() => import('./request-log.page'), 'OAuthClientRequestsPage');
const WebhookPage = lazyPage(() => import('./webhook.page'), 'WebhookPage');
const WebhooksPage = lazyPage(() => import('./webhooks.page'), 'WebhooksPage');

export const developersArea: Area = {
  ns: 'developers',
  title: 'area.title',
  routes: [
    { path: 'developers/api-keys', needs: ['getApiKeys'], feature: 'developerApi', nav: 'nav.apiKeys', element: <ApiKeysPage /> },
    { path: 'developers/api-keys/:id/requests', needs: ['getApiKeysByIdRequests'], feature: 'developerApi', element: <ApiKeyRequestsPage /> },
    { path: 'developers/oauth-clients', needs: ['getOauthClients'], feature: 'developerApi', nav: 'nav.oauthClients', element: <OAuthClientsPage /> },
    { path: 'developers/oauth-clients/:id/requests', needs: ['getOauthClientsByIdRequests'], feature: 'developerApi', element: <OAuthClientRequestsPage /> },
    { path: 'developers/webhooks', needs: ['getWebhooks'], feature: 'webhooks', nav: 'nav.webhooks', element: <WebhooksPage /> },
    { path: 'developers/webhooks/:id', needs: ['getWebhooksByIdDeliveries'], feature: 'webhooks', element: <WebhookPage /> },
  ],
};
