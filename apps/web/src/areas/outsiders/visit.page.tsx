import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import type { Ok } from '../../api/types';
import { QrCode } from '../../ui/qr';
import { useErrorText } from '../../api/error-text';

type Credential = Ok<'postAccessVisitorsByInviteCodeRedeem'>;

/**
 * The visitor's phone keeps its last credential: when the pass cannot be asked again (offline, or
 * the 5-per-5-minutes limit), the page still shows a credential that has not expired.
 */
const keyOf = (code: string) => `wfm.visit.${code}`;

function stored(code: string): Credential | null {
  try {
    const c = JSON.parse(localStorage.getItem(keyOf(code)) ?? 'null') as Credential | null;
    return c && Date.parse(c.expiresAt) > Date.now() + 60_000 ? c : null;
  } catch {
    return null;
  }
}

/**
 * The magic link of a visitor pass (/visit/{code}): no sign-in. Each opening redeems the pass for
 * a fresh door credential, shown as a QR code on a wallet-style card with the zones and the expiry,
 * so a revoked or expired pass says so at once rather than showing a card the doors refuse.
 */
export function VisitPage() {
  const { t } = useTranslation('outsiders');
  const errorText = useErrorText();
  const { code = '' } = useParams();
  const [credential, setCredential] = useState<Credential | null>(null);
  const redeem = useMutation({
    mutationFn: () => ok(api.POST('/access/visitors/{inviteCode}/redeem', { params: { path: { inviteCode: code } } })),
    onSuccess: (c) => {
      localStorage.setItem(keyOf(code), JSON.stringify(c));
      setCredential(c);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) localStorage.removeItem(keyOf(code));
      else setCredential(stored(code));
    },
  });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    redeem.mutate();
  }, [redeem]);
  document.title = t('visit.documentTitle');
  const gone = redeem.error instanceof ApiError && redeem.error.status === 404;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={380} component="main">
        {credential ? (
          <Paper shadow="md" radius="lg" p="lg" style={{ background: 'linear-gradient(160deg, var(--mantine-color-blue-7), var(--mantine-color-indigo-9))', color: 'white' }}>
            <Stack gap="sm" align="center">
              <Text size="xs" tt="uppercase" fw={700} style={{ letterSpacing: 1 }}>
                {t('visit.pass')}
              </Text>
              <Title order={1} size="h3" c="white" ta="center">
                {credential.visitorName}
              </Title>
              <Paper p="sm" radius="md" bg="white">
                <QrCode value={credential.credentialId} label={t('visit.qrLabel')} size={240} />
              </Paper>
              <Group gap={6} justify="center">
                {credential.zones.map((z) => (
                  <Badge key={z.id} color="white" c="indigo.9" variant="filled">
                    {z.name}
                  </Badge>
                ))}
              </Group>
              <Text size="sm" data-testid="valid-until">
                {t('visit.validUntil', { at: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(credential.expiresAt)) })}
              </Text>
              <Text size="xs" ta="center">
                {t('visit.howTo')}
              </Text>
            </Stack>
          </Paper>
        ) : redeem.isPending ? (
          <Center p="xl">
            <Loader aria-label={t('visit.loading')} />
          </Center>
        ) : redeem.error ? (
          <Alert color={gone ? 'gray' : 'red'} role="alert" title={gone ? t('visit.goneTitle') : t('visit.failedTitle')}>
            {gone ? t('visit.goneBody') : errorText(redeem.error)}
            {gone ? null : (
              <Button mt="sm" size="xs" variant="light" onClick={() => redeem.mutate()}>
                {t('visit.retry')}
              </Button>
            )}
          </Alert>
        ) : null}
      </Stack>
    </Center>
  );
}
