import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE } from '../../auth/me';

const KioskPinPage = lazyPage(() => import('./kiosk-pin.page'), 'KioskPinPage');
const ProfileCardPage = lazyPage(() => import('./profile-card.page'), 'ProfileCardPage');

export const accountArea: Area = {
  title: 'My account',
  nav: [
    { label: 'Profile card', to: '/account/profile-card', roles: EVERY_ROLE },
    { label: 'Kiosk PIN', to: '/account/kiosk-pin', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'account/profile-card', roles: EVERY_ROLE, element: <ProfileCardPage /> },
    { path: 'account/kiosk-pin', roles: EVERY_ROLE, element: <KioskPinPage /> },
  ],
};
