import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { PAGE_SIZE, useMarkAllRead, useMarkRead, useNotifications, type Notification } from './notifications.queries';

/** What the signed-in person was told, newest first; opening one marks it read and goes where it points. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [offset, setOffset] = useState(0);
  const list = useNotifications(offset);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const open = async (n: Notification) => {
    if (!n.readAt) await markRead.mutateAsync(n.id);
    await navigate(n.path);
  };
  const items = list.data?.items ?? [];
  return (
    <Page
      title={t('centre.title')}
      actions={
        <Group gap="sm">
          <Button variant="default" component={Link} to="/notifications/preferences">
            {t('centre.settings')}
          </Button>
          <Button onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={!list.data || list.data.unread === 0}>
            {t('centre.markAllRead')}
          </Button>
        </Group>
      }
    >
      <ErrorNotice error={list.error ?? markRead.error ?? markAll.error} />
      {list.isPending ? <Loader aria-label={t('centre.loading')} /> : null}
      {list.data && items.length === 0 && offset === 0 ? <Text c="dimmed">{t('centre.empty')}</Text> : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((n) => (
          <Card key={n.id} component="li" withBorder padding="sm" bg={n.readAt ? undefined : 'blue.0'} data-testid="notification">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={n.readAt ? 400 : 700}>{n.title}</Text>
                  {n.readAt ? null : (
                    <Badge size="xs" variant="light">
                      {t('centre.unread')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{n.body}</Text>
                <Text size="xs" c="dimmed">
                  {t('centre.received', { when: formatDateTime(n.createdAt) })}
                </Text>
              </Stack>
              <Button size="xs" variant="light" onClick={() => void open(n)} aria-label={`${t('centre.open')}: ${n.title}`}>
                {t('centre.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      {offset > 0 || items.length === PAGE_SIZE ? (
        <Group justify="space-between">
          <Button variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            {t('centre.newer')}
          </Button>
          <Button variant="default" disabled={items.length < PAGE_SIZE} onClick={() => setOffset(offset + PAGE_SIZE)}>
            {t('centre.older')}
          </Button>
        </Group>
      ) : null}
    </Page>
  );
}
