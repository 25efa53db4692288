import type { Area } from '../area';
import { Placeholder } from '../placeholder';
import { EVERY_ROLE } from '../../auth/me';

export const meArea: Area = {
  title: 'My work',
  nav: [
    { label: 'My shifts', to: '/me/shifts', roles: EVERY_ROLE },
    { label: 'My leave', to: '/me/leave', roles: EVERY_ROLE },
    { label: 'My door credential', to: '/me/door', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'me/shifts', roles: EVERY_ROLE, element: <Placeholder title="My shifts" /> },
    { path: 'me/leave', roles: EVERY_ROLE, element: <Placeholder title="My leave" /> },
    { path: 'me/door', roles: EVERY_ROLE, element: <Placeholder title="My door credential" /> },
  ],
};
