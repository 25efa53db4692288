import { Checkbox, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Page } from '../../ui/page';
import { PushDeviceCard } from './push/push-device.card';
import { usePreferences, useSavePreferences, type Preferences } from './notifications.queries';

type Event = keyof Preferences;
type Channel = keyof Preferences[Event];
const CHANNELS: readonly Channel[] = ['in_app', 'email', 'push', 'sms', 'whatsapp'];

/** How the signed-in person is told of each event, per channel; each switch is saved as it is turned. */
export function NotificationPreferencesPage() {
  const { t } = useTranslation('notifications');
  const prefs = usePreferences();
  const save = useSavePreferences();
  const events = prefs.data ? (Object.keys(prefs.data) as Event[]) : [];
  return (
    <Page title={t('preferences.title')}>
      <ErrorNotice error={prefs.error ?? save.error} />
      <PushDeviceCard />
      <Stack gap="sm" component="section" aria-labelledby="notification-matrix">
        <Title order={2} size="h4" id="notification-matrix">
          {t('nav.preferences')}
        </Title>
        <Text size="sm">{t('preferences.intro')}</Text>
        {prefs.isPending ? <Loader aria-label={t('preferences.loading')} /> : null}
        {prefs.data ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('preferences.event')}</Table.Th>
                  {CHANNELS.map((c) => (
                    <Table.Th key={c}>{t(`channels.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event}>
                    <Table.Td>{t(`events.${event}`)}</Table.Td>
                    {CHANNELS.map((channel) => (
                      <Table.Td key={channel}>
                        <Checkbox
                          aria-label={t('preferences.toggle', { event: t(`events.${event}`), channel: t(`channels.${channel}`) })}
                          checked={prefs.data[event][channel]}
                          disabled={channel === 'in_app' || save.isPending}
                          onChange={(e) => {
                            if (channel !== 'in_app') save.mutate({ changes: [{ event, channel, enabled: e.currentTarget.checked }] });
                          }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Page>
  );
}
