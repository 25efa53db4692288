import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { ApiError, ok } from '../../api/errors';
import { useMe } from '../../auth/me';
import { QrCode } from '../../ui/qr';
import { useErrorText } from '../../api/error-text';

/** How long a credential (a JWS) is valid, from its `iat` and `exp` claims; the door checks the signature, the page only times it. */
function lifetimeOf(credential: string): number | null {
  try {
    const claims = JSON.parse(atob(credential.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: number; exp?: number };
    return typeof claims.iat === 'number' && typeof claims.exp === 'number' && claims.exp > claims.iat ? (claims.exp - claims.iat) * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A credential and when this device received it. Its end is timed on this device's clock from
 * then (received + lifetime), never from `exp` against the device's clock: a phone whose clock is
 * hours off would otherwise see every new credential as about to expire and renew it without end.
 */
interface Held {
  credential: string;
  receivedAt: number;
}
const endOf = (h: Held): number | null => {
  const lifetime = lifetimeOf(h.credential);
  return lifetime === null ? null : h.receivedAt + lifetime;
};

/** Kept for the browser session: reopening the page shows the same credential until it nears its end. */
const KEY = 'wfm.door.credential';
const RENEW_BEFORE_MS = 60 * 60_000;

function kept(): Held | null {
  try {
    const h = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Held | null;
    const end = h ? endOf(h) : null;
    return h && end !== null && end - Date.now() > RENEW_BEFORE_MS ? h : null;
  } catch {
    return null;
  }
}

/**
 * "Show my door credential": a 24-hour credential bound to the signed-in person, as a QR code the
 * door reader's bridge scans, renewed an hour before it ends while the page is open.
 */
export function DoorCredentialPage() {
  const { t } = useTranslation('me');
  const errorText = useErrorText();
  const me = useMe();
  const [held, setHeld] = useState<Held | null>(kept);
  const credential = held?.credential ?? null;
  const [now, setNow] = useState(Date.now());
  const mint = useMutation({
    mutationFn: () => ok(api.POST('/access/credential')),
    onSuccess: (c) => {
      const h = { credential: c.credentialId, receivedAt: Date.now() };
      sessionStorage.setItem(KEY, JSON.stringify(h));
      setHeld(h);
    },
  });
  const [walletError, setWalletError] = useState<unknown>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (credential || asked.current) return;
    asked.current = true;
    mint.mutate();
  }, [credential, mint]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const end = held ? endOf(held) : null;
  useEffect(() => {
    if (end !== null && end - now < RENEW_BEFORE_MS && !mint.isPending) mint.mutate();
  }, [end, now, mint]);
  document.title = t('ui:documentTitle', { title: t('nav.myDoorCredential') });
  const left = end !== null ? Math.max(0, end - now) : 0;
  return (
    <Stack gap="md" maw={420} mx="auto">
      <Title order={1} size="h2">
        {t('nav.myDoorCredential')}
      </Title>
      {mint.error && !credential ? (
        <Alert color="red" role="alert">
          {mint.error instanceof ApiError && mint.error.status === 402 ? t('door.notInPlan') : errorText(mint.error)}
        </Alert>
      ) : null}
      {credential ? (
        <Paper shadow="md" radius="lg" p="lg" style={{ background: 'linear-gradient(160deg, var(--mantine-color-teal-7), var(--mantine-color-blue-9))', color: 'white' }}>
          <Stack align="center" gap="sm">
            <Text size="xs" tt="uppercase" fw={700} style={{ letterSpacing: 1 }}>
              {t('door.credential')}
            </Text>
            <Title order={2} size="h3" c="white">
              {me.data?.fullName}
            </Title>
            <Paper p="sm" radius="md" bg="white">
              <QrCode value={credential} label={t('door.qrLabel')} size={240} />
            </Paper>
            <Text size="sm" data-testid="credential-expiry">
              {t('door.validFor', { h: Math.floor(left / 3_600_000), m: Math.floor((left % 3_600_000) / 60_000) })}
            </Text>
            <Text size="xs" ta="center">
              {t('door.hold')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Center p="xl">{mint.isPending ? <Loader aria-label={t('door.getting')} /> : null}</Center>
      )}
      <Group>
        <Button variant="default" onClick={() => mint.mutate()} loading={mint.isPending}>
          {t('door.renew')}
        </Button>
        <Button
          variant="light"
          onClick={() => {
            setWalletError(null);
            downloadFile('/access/wallet/pass', 'door-pass.pkpass', 'POST').catch(setWalletError);
          }}
        >
          {t('door.wallet')}
        </Button>
      </Group>
      {walletError ? (
        <Alert color="gray" role="alert">
          {walletError instanceof ApiError && walletError.status === 503 ? t('door.noWallet') : errorText(walletError)}
        </Alert>
      ) : null}
    </Stack>
  );
}
