import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const KioskPinPage = lazyPage(() => import('./kiosk-pin.page'), 'KioskPinPage');
const ProfileCardPage = lazyPage(() => import('./profile-card.page'), 'ProfileCardPage');
const LanguagePage = lazyPage(() => import('./language.page'), 'LanguagePage');

export const accountArea: Area = {
  ns: 'account',
  title: 'area.title',
  routes: [
    { path: 'account/profile-card', needs: ['getMePublicProfile'], nav: 'nav.profileCard', element: <ProfileCardPage /> },
    { path: 'account/kiosk-pin', needs: ['putKioskPin'], nav: 'nav.kioskPIN', element: <KioskPinPage /> },
    { path: 'account/language', needs: ['getMeLocale', 'patchMeLocale'], nav: 'nav.language', element: <LanguagePage /> },
  ],
};
