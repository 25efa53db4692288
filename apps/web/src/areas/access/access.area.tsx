import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { ACCESS_ADMIN_ROLES, ACCESS_READER_ROLES } from '../../auth/me';

const AuditPage = lazyPage(() => import('./audit.page'), 'AuditPage');
const GrantsPage = lazyPage(() => import('./grants.page'), 'GrantsPage');
const ReaderKeysPage = lazyPage(() => import('./reader-keys.page'), 'ReaderKeysPage');
const ReadersPage = lazyPage(() => import('./readers.page'), 'ReadersPage');
const WhoWherePage = lazyPage(() => import('./who-where.page'), 'WhoWherePage');
const ZonePage = lazyPage(() => import('./zone.page'), 'ZonePage');
const ZonesPage = lazyPage(() => import('./zones.page'), 'ZonesPage');

export const accessArea: Area = {
  title: 'Door access',
  nav: [
    { label: 'Zones', to: '/access/zones', roles: ACCESS_READER_ROLES },
    { label: 'Grants', to: '/access/grants', roles: ACCESS_ADMIN_ROLES },
    { label: 'Readers', to: '/access/readers', roles: ACCESS_READER_ROLES },
    { label: 'Reader keys', to: '/access/reader-keys', roles: ACCESS_ADMIN_ROLES },
    { label: 'Audit log', to: '/access/audit', roles: ACCESS_READER_ROLES },
    { label: 'Who is where', to: '/access/who-where', roles: ACCESS_READER_ROLES },
  ],
  routes: [
    { path: 'access/zones', roles: ACCESS_READER_ROLES, element: <ZonesPage /> },
    { path: 'access/zones/:id', roles: ACCESS_READER_ROLES, element: <ZonePage /> },
    { path: 'access/grants', roles: ACCESS_ADMIN_ROLES, element: <GrantsPage /> },
    { path: 'access/readers', roles: ACCESS_READER_ROLES, element: <ReadersPage /> },
    { path: 'access/reader-keys', roles: ACCESS_ADMIN_ROLES, element: <ReaderKeysPage /> },
    { path: 'access/audit', roles: ACCESS_READER_ROLES, element: <AuditPage /> },
    { path: 'access/who-where', roles: ACCESS_READER_ROLES, element: <WhoWherePage /> },
  ],
};
