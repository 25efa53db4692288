import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/page';
import { pushSupported, useThisDevice, useTurnOff, useTurnOn } from './push.queries';

/**
 * Push notifications on this device: asks the browser's permission, subscribes and registers the
 * subscription with the API, and turns it off again. For the notification preferences page.
 */
export function PushDeviceCard() {
  const { t } = useTranslation('push');
  const supported = pushSupported();
  const device = useThisDevice(supported);
  const turnOn = useTurnOn();
  const turnOff = useTurnOff();
  const state = device.data;
  const blocked = supported && (Notification.permission === 'denied' || turnOn.data === 'denied');

  let body;
  if (!supported) body = <Text size="sm">{t('unsupported')}</Text>;
  else if (!state) body = device.error ? null : <Loader size="sm" aria-label={t('loading')} />;
  else if (!state.configured) body = <Text size="sm">{t('notConfigured')}</Text>;
  else if (state.subscriptionId) {
    const id = state.subscriptionId;
    body = (
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('on')}
        </Text>
        <Button variant="default" loading={turnOff.isPending} onClick={() => turnOff.mutate(id)}>
          {t('turnOff')}
        </Button>
      </Group>
    );
  } else if (blocked) body = <Alert color="yellow">{t('blocked')}</Alert>;
  else {
    const key = state.publicKey!;
    body = (
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('off')}
        </Text>
        <Button loading={turnOn.isPending} onClick={() => turnOn.mutate(key)}>
          {t('turnOn')}
        </Button>
      </Group>
    );
  }

  return (
    <Card withBorder maw={520}>
      <Stack gap="sm">
        <Title order={4}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <ErrorNotice error={device.error ?? turnOn.error ?? turnOff.error} />
        {body}
      </Stack>
    </Card>
  );
}
