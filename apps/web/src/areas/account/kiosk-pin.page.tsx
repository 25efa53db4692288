import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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
  const set = useSetPin();
  const remove = useRemovePin();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const shape = pin && !/^\d{4,8}$/.test(pin) ? '4 to 8 digits' : pin && guessable(pin) ? 'Too easy to guess: not one digit repeated or a run such as 1234' : undefined;
  const differs = repeat && repeat !== pin ? 'The two PINs differ' : undefined;
  const ready = /^\d{4,8}$/.test(pin) && !guessable(pin) && pin === repeat;
  return (
    <Page title="My kiosk PIN">
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          At an outlet's kiosk tablet you tap your name and type this PIN to clock in or out. Five wrong PINs lock it for 15 minutes; a manager can clear it.
        </Text>
        <PasswordInput label="New PIN" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={shape} />
        <PasswordInput label="Repeat the PIN" inputMode="numeric" autoComplete="off" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={differs} />
        <ErrorNotice error={set.error ?? remove.error} />
        {set.isSuccess ? <Alert color="green">Your kiosk PIN is set.</Alert> : null}
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
            Set the PIN
          </Button>
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => notifications.show({ message: 'Your kiosk PIN is removed: the kiosk will not clock you until you set one.' }) })}>
            Remove my PIN
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
