import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { ACCESS_ADMIN_ROLES, ACCESS_READER_ROLES } from '../../auth/me';

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
    { path: 'access/zones', roles: ACCESS_READER_ROLES, element: <Placeholder title="Zones" /> },
    { path: 'access/grants', roles: ACCESS_ADMIN_ROLES, element: <Placeholder title="Grants" /> },
    { path: 'access/readers', roles: ACCESS_READER_ROLES, element: <Placeholder title="Readers" /> },
    { path: 'access/reader-keys', roles: ACCESS_ADMIN_ROLES, element: <Placeholder title="Reader keys" /> },
    { path: 'access/audit', roles: ACCESS_READER_ROLES, element: <Placeholder title="Audit log" /> },
    { path: 'access/who-where', roles: ACCESS_READER_ROLES, element: <Placeholder title="Who is where" /> },
  ],
};
