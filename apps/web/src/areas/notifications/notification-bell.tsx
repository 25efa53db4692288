import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { useUnreadCount } from './notifications.queries';

/** The header's bell: the unread count, and the way to the notification centre. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const me = useMe();
  const allowed = mayCall(me.data, 'getMeNotifications');
  const unread = useUnreadCount(allowed);
  if (!allowed) return null;
  const count = unread.data ?? 0;
  return (
    <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} color="red" offset={4}>
      <ActionIcon component={Link} to="/notifications" variant="subtle" size="lg" aria-label={t('bell.label', { count })} data-testid="notification-bell">
        <span aria-hidden>🔔</span>
      </ActionIcon>
    </Indicator>
  );
}
