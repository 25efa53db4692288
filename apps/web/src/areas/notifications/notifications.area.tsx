import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const NotificationsPage = lazyPage(() => import('./notifications.page'), 'NotificationsPage');
const NotificationPreferencesPage = lazyPage(() => import('./notification-preferences.page'), 'NotificationPreferencesPage');

export const notificationsArea: Area = {
  ns: 'notifications',
  title: 'area.title',
  routes: [
    { path: 'notifications', needs: ['getMeNotifications', 'postMeNotificationsByIdRead', 'postMeNotificationsReadAll'], nav: 'nav.centre', element: <NotificationsPage /> },
    { path: 'notifications/preferences', needs: ['getMeNotificationPreferences', 'putMeNotificationPreferences'], nav: 'nav.preferences', element: <NotificationPreferencesPage /> },
  ],
};
