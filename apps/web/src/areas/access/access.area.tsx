import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AuditPage = lazyPage(() => import('./audit.page'), 'AuditPage');
const GrantsPage = lazyPage(() => import('./grants.page'), 'GrantsPage');
const ReaderKeysPage = lazyPage(() => import('./reader-keys.page'), 'ReaderKeysPage');
const ReadersPage = lazyPage(() => import('./readers.page'), 'ReadersPage');
const WhoWherePage = lazyPage(() => import('./who-where.page'), 'WhoWherePage');
const ZonePage = lazyPage(() => import('./zone.page'), 'ZonePage');
const ZonesPage = lazyPage(() => import('./zones.page'), 'ZonesPage');

export const accessArea: Area = {
  title: 'Door access',
  routes: [
    { path: 'access/zones', needs: ['getAccessZones'], nav: 'Zones', element: <ZonesPage /> },
    { path: 'access/zones/:id', needs: ['getAccessZonesById'], element: <ZonePage /> },
    { path: 'access/grants', needs: ['getAccessGrants'], nav: 'Grants', element: <GrantsPage /> },
    { path: 'access/readers', needs: ['getAccessReaders'], nav: 'Readers', element: <ReadersPage /> },
    { path: 'access/reader-keys', needs: ['getAccessApiKeys'], nav: 'Reader keys', element: <ReaderKeysPage /> },
    { path: 'access/audit', needs: ['getAccessAudit'], nav: 'Audit log', element: <AuditPage /> },
    { path: 'access/who-where', needs: ['getAccessReportsWhoWhere'], nav: 'Who is where', element: <WhoWherePage /> },
  ],
};
