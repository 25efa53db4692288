import type { Area } from '../area';
import { EVERY_ROLE } from '../../auth/me';
import { KioskPinPage } from './kiosk-pin.page';
import { ProfileCardPage } from './profile-card.page';

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
