import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Page } from '../../ui/page';
import { useRemovePin, useSetPin } from './account.queries';

/** The API's rule, checked before sending: one digit repeated or a run is what a neighbour tries first. */
function guessable(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => (x - d[i]! + 10) % 10);
  return steps.every((s) => s === 1) || steps.every((s) => s === 9);
}

/** The PIN typed at an outlet's kiosk tablet to clock in and out. */
export function KioskPinPage() {
  const { t } = useTranslation('account');
  const set = useSetPin();
  const remove = useRemovePin();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const shape = pin && !/^\d{4,8}$/.test(pin) ? t('pin.shape') : pin && guessable(pin) ? t('pin.guessable') : undefined;
  const differs = repeat && repeat !== pin ? t('pin.differs') : undefined;
  const ready = /^\d{4,8}$/.test(pin) && !guessable(pin) && pin === repeat;
  return (
    <Page title={t('pin.title')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t('pin.help')}
        </Text>
        <PasswordInput label={t('pin.new')} inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={shape} />
        <PasswordInput label={t('pin.repeat')} inputMode="numeric" autoComplete="off" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={differs} />
        <ErrorNotice error={set.error ?? remove.error} />
        {set.isSuccess ? <Alert color="green">{t('pin.set')}</Alert> : null}
        <Group>
          <Button
            disabled={!ready}
            loading={set.isPending}
            onClick={() =>
              set.mutate(pin, {
                onSuccess: () => {
                  setPin('');
                  setRepeat('');
                },
              })
            }
          >
            {t('pin.submit')}
          </Button>
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => notifications.show({ message: t('pin.removed') }) })}>
            {t('pin.remove')}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
