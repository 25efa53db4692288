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
  ns: 'access',
  title: 'area.title',
  routes: [
    { path: 'access/zones', needs: ['getAccessZones'], feature: 'accessControl', nav: 'nav.zones', element: <ZonesPage /> },
    { path: 'access/zones/:id', needs: ['getAccessZonesById'], feature: 'accessControl', element: <ZonePage /> },
    { path: 'access/grants', needs: ['getAccessGrants'], feature: 'accessControl', nav: 'nav.grants', element: <GrantsPage /> },
    { path: 'access/readers', needs: ['getAccessReaders'], feature: 'accessControl', nav: 'nav.readers', element: <ReadersPage /> },
    { path: 'access/reader-keys', needs: ['getAccessApiKeys'], feature: 'accessControl', nav: 'nav.readerKeys', element: <ReaderKeysPage /> },
    { path: 'access/audit', needs: ['getAccessAudit'], feature: 'accessControl', nav: 'nav.auditLog', element: <AuditPage /> },
    { path: 'access/who-where', needs: ['getAccessReportsWhoWhere'], feature: 'accessControl', nav: 'nav.whoIsWhere', element: <WhoWherePage /> },
  ],
};
