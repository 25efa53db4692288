import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const KioskPinPage = lazyPage(() => import('./kiosk-pin.page'), 'KioskPinPage');
const ProfileCardPage = lazyPage(() => import('./profile-card.page'), 'ProfileCardPage');

export const accountArea: Area = {
  title: 'My account',
  routes: [
    { path: 'account/profile-card', needs: ['getMePublicProfile'], nav: 'Profile card', element: <ProfileCardPage /> },
    { path: 'account/kiosk-pin', needs: ['putKioskPin'], nav: 'Kiosk PIN', element: <KioskPinPage /> },
  ],
};
