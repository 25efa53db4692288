import { Alert, Button, Center, Group, Loader, Paper, PasswordInput, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { checkKioskToken, KIOSK_TOKEN_KEY, useKioskClock, useKioskWorkers } from './kiosk.queries';
import { useErrorText } from '../../api/error-text';

/**
 * The shared tablet at an outlet's entrance (/kiosk): set up once with the kiosk's device token,
 * then anyone working there today taps their name, types their PIN and clocks in or out.
 */
export function KioskPage() {
  const { t } = useTranslation('kiosk');
  document.title = t('ui:documentTitle', { title: t('clockIn') });
  const [token, setToken] = useState(() => localStorage.getItem(KIOSK_TOKEN_KEY));
  const forget = () => {
    localStorage.removeItem(KIOSK_TOKEN_KEY);
    setToken(null);
  };
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={720} component="main">
        {token ? <Workers token={token} onRevoked={forget} /> : <Setup onReady={setToken} />}
      </Paper>
    </Center>
  );
}

function Setup({ onReady }: { onReady: (token: string) => void }) {
  const { t } = useTranslation('kiosk');
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const check = useMutation({
    mutationFn: (token: string) => checkKioskToken(token),
    onSuccess: (_workers, token) => {
      localStorage.setItem(KIOSK_TOKEN_KEY, token);
      onReady(token);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check.mutate(typed.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('setup.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('setup.help')}
        </Text>
        <PasswordInput label={t('setup.token')} required value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
        {check.error ? (
          <Alert color="red" role="alert">
            {check.error instanceof ApiError && check.error.status === 401 ? t('setup.refused') : errorText(check.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={check.isPending} disabled={!/^kd_/.test(typed.trim())}>
          {t('setup.use')}
        </Button>
      </Stack>
    </form>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', '⌫'];

function Workers({ token, onRevoked }: { token: string; onRevoked: () => void }) {
  const { t } = useTranslation('kiosk');
  const errorText = useErrorText();
  const workers = useKioskWorkers(token);
  const clock = useKioskClock(token);
  const [chosen, setChosen] = useState<{ id: string; fullName: string } | null>(null);
  const [pin, setPin] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const revoked = workers.error instanceof ApiError && workers.error.status === 401;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), 5_000);
    return () => clearTimeout(timer);
  }, [done]);
  const reset = () => {
    setChosen(null);
    setPin('');
    clock.reset();
  };
  const send = (action: 'IN' | 'OUT') =>
    clock.mutate(
      { userId: chosen!.id, pin, action },
      {
        onSuccess: () => {
          const at = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date());
          setDone(t(action === 'IN' ? 'welcome' : 'goodbye', { name: chosen!.fullName, at }));
          reset();
        },
        onError: () => setPin(''),
      },
    );
  if (revoked)
    return (
      <Stack>
        <Alert color="red" role="alert" title={t('revoked.title')}>
          {t('revoked.text')}
        </Alert>
        <Button onClick={onRevoked}>{t('revoked.again')}</Button>
      </Stack>
    );
  if (chosen)
    return (
      <Stack gap="md" align="center">
        <Title order={1} size="h3">
          {chosen.fullName}
        </Title>
        <Text aria-live="polite" size="xl" ff="monospace" data-testid="pin-dots">
          {pin ? '●'.repeat(pin.length) : t('typePin')}
        </Text>
        <SimpleGrid cols={3} spacing="xs" w={260}>
          {KEYS.map((k, i) =>
            k === '' ? (
              <span key={i} />
            ) : (
              <Button key={k} size="xl" variant="default" aria-label={k === '⌫' ? t('deleteDigit') : k} onClick={() => setPin((p) => (k === '⌫' ? p.slice(0, -1) : p.length < 8 ? p + k : p))}>
                {k}
              </Button>
            ),
          )}
        </SimpleGrid>
        {clock.error ? (
          <Alert color="red" role="alert" w="100%">
            {errorText(clock.error)}
          </Alert>
        ) : null}
        <Group grow w="100%">
          <Button size="lg" color="green" disabled={pin.length < 4} loading={clock.isPending && clock.variables?.action === 'IN'} onClick={() => send('IN')}>
            {t('clockIn')}
          </Button>
          <Button size="lg" color="orange" disabled={pin.length < 4} loading={clock.isPending && clock.variables?.action === 'OUT'} onClick={() => send('OUT')}>
            {t('clockOut')}
          </Button>
        </Group>
        <Button variant="subtle" onClick={reset}>
          {t('back')}
        </Button>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('tapName')}
      </Title>
      {done ? (
        <Alert color="green" role="status">
          {done}
        </Alert>
      ) : null}
      {workers.isPending ? <Loader aria-label={t('ui:loading')} /> : null}
      {workers.error && !revoked ? (
        <Alert color="red" role="alert">
          {errorText(workers.error)}
        </Alert>
      ) : null}
      {workers.data && workers.data.length === 0 ? <Text c="dimmed">{t('nobody')}</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {(workers.data ?? []).map((w) => (
          <UnstyledButton key={w.id} onClick={() => setChosen(w)} p="lg" bg="blue.0" style={{ borderRadius: 8, textAlign: 'center' }}>
            <Text fw={600} size="lg">
              {w.fullName}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
