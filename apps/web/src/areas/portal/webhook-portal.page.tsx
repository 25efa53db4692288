import { Alert, Badge, Button, Container, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiClient } from '@wfm/api-client/client';
import { API_BASE } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { DeliveryLog, ROTATE_WARNING, SendOutcomes, SubscriptionSummary } from '../developers/subscription-parts';
import type { Delivery } from '../developers/developers.queries';
import { useErrorText } from '../../api/error-text';

const STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'DEAD'] as const;
type Status = (typeof STATUSES)[number];
/** How far back "replay failed deliveries" reaches, in hours (`windows.<hours>` in the catalog). */
const REPLAY_WINDOWS = ['24', '168', '744'] as const;
const KEY = ['webhook-portal'] as const;

/**
 * The embeddable webhook portal (issue 32): one subscription's deliveries, a test, replays and
 * secret rotation for whoever holds the link, signed in or not, in its own tab or in an integrator's
 * iframe. The token is the URL's fragment, which never leaves the browser except as this page's
 * Bearer header; nothing is kept in storage or cookies, which a third-party frame may not have.
 */
export function WebhookPortalPage() {
  const { t } = useTranslation('portal');
  const token = useMemo(() => window.location.hash.slice(1), []);
  const portal = useMemo(() => createApiClient({ baseUrl: API_BASE, token }), [token]);
  const queries = useQueryClient();
  const [status, setStatus] = useState<Status | ''>('');
  const [eventType, setEventType] = useState('');
  const [before, setBefore] = useState<string[]>([]);
  const [rotating, setRotating] = useState(false);
  const [window_, setWindow] = useState('24');

  const sub = useQuery({ queryKey: [...KEY, 'subscription'], queryFn: () => ok(portal.GET('/webhook-portal/subscription')), retry: false });
  const cursor = before.at(-1);
  const deliveries = useQuery({
    queryKey: [...KEY, 'deliveries', status, eventType, cursor],
    enabled: sub.isSuccess,
    // The newest page follows deliveries as they happen; an older page stays as it was opened.
    refetchInterval: cursor ? false : 3_000,
    queryFn: () =>
      ok(portal.GET('/webhook-portal/deliveries', { params: { query: { limit: 25, ...(status ? { status } : {}), ...(eventType ? { eventType } : {}), ...(cursor ? { before: cursor } : {}) } } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: KEY });
  const test = useMutation({ mutationFn: () => ok(portal.POST('/webhook-portal/test')), onSettled: refresh });
  const replay = useMutation({
    mutationFn: (deliveryId: string) => ok(portal.POST('/webhook-portal/deliveries/{deliveryId}/replay', { params: { path: { deliveryId } } })),
    onSuccess: (r) => notifications.show({ color: r.status === 'DELIVERED' ? 'green' : 'orange', message: r.status === 'DELIVERED' ? t('replayed') : t('replayedAs', { status: t(`developers:deliveries.status.${r.status}`) }) }),
    onSettled: refresh,
  });
  const replayFailed = useMutation({
    mutationFn: (hours: number) => {
      const to = new Date();
      return ok(portal.POST('/webhook-portal/deliveries/replay-failed', { body: { from: new Date(to.getTime() - hours * 3_600_000).toISOString(), to: to.toISOString() } }));
    },
    onSuccess: (r) => notifications.show({ color: 'green', message: r.remaining ? t('requeuedSome', { count: r.requeued, remaining: r.remaining }) : t('requeued', { count: r.requeued }) }),
    onSettled: refresh,
  });
  const rotate = useMutation({ mutationFn: () => ok(portal.POST('/webhook-portal/rotate')), onSuccess: () => setRotating(false), onSettled: refresh });

  if (sub.error) return <LinkRefused error={sub.error} />;
  if (!sub.data) return <Loader aria-label={t('loading')} m="xl" />;
  const { subscription: hook, link } = sub.data;
  const may = (c: (typeof link.capabilities)[number]) => link.capabilities.includes(c);
  document.title = t('documentTitle', { name: hook.name });
  const rows = deliveries.data?.deliveries as Delivery[] | undefined;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {hook.name}
          </Title>
          <Group gap="xs">
            {may('test') ? (
              <Button variant="light" loading={test.isPending} onClick={() => test.mutate()}>
                {t('developers:webhook.test')}
              </Button>
            ) : null}
            {may('rotate') ? (
              <Button variant="default" onClick={() => setRotating(true)}>
                {t('developers:webhook.rotate')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <SubscriptionSummary hook={hook}>
          <Group gap="xs">
            <Badge variant="light" color={hook.active ? 'green' : 'gray'}>
              {hook.active ? t('active') : t('off')}
            </Badge>
            <Badge variant="light">{hook.ordering === 'fifo' ? t('fifo') : t('unordered')}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('worksUntil', { at: formatDateTime(link.expiresAt) })}
          </Text>
        </SubscriptionSummary>
        <SendOutcomes test={test.data} onDismissTest={() => test.reset()} rotated={rotate.data?.secret} />
        <ErrorNotice error={test.error ?? replay.error ?? replayFailed.error ?? deliveries.error} />
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label={t('developers:common.status')}
              value={status}
              data={[{ value: '', label: t('any') }, ...STATUSES.map((s) => ({ value: s, label: t(`developers:deliveries.status.${s}`) }))]}
              onChange={(e) => {
                setStatus(e.currentTarget.value as Status | '');
                setBefore([]);
              }}
            />
            <NativeSelect
              label={t('developers:deliveries.event')}
              value={eventType}
              data={[{ value: '', label: t('any') }, ...hook.events]}
              onChange={(e) => {
                setEventType(e.currentTarget.value);
                setBefore([]);
              }}
            />
          </Group>
          {may('replay') ? (
            <Group gap="sm" align="flex-end">
              <NativeSelect label={t('failedIn')} value={window_} data={REPLAY_WINDOWS.map((hours) => ({ value: hours, label: t(`windows.${hours}`) }))} onChange={(e) => setWindow(e.currentTarget.value)} />
              <Button variant="light" loading={replayFailed.isPending} onClick={() => replayFailed.mutate(Number(window_))}>
                {t('replayFailed')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <DeliveryLog
          query={{ ...deliveries, data: rows }}
          empty={t('empty')}
          {...(may('replay')
            ? {
                action: (d: Delivery) => (
                  <Button size="compact-sm" variant="light" loading={replay.isPending && replay.variables === d.id} onClick={() => replay.mutate(d.id)}>
                    {t('replay')}
                  </Button>
                ),
              }
            : {})}
        />
        <Group gap="xs">
          {before.length ? (
            <Button variant="default" size="compact-sm" onClick={() => setBefore(before.slice(0, -1))}>
              {t('developers:requests.newer')}
            </Button>
          ) : null}
          {deliveries.data?.nextCursor ? (
            <Button variant="default" size="compact-sm" onClick={() => setBefore([...before, deliveries.data.nextCursor!])}>
              {t('developers:requests.older')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={rotating}
        onClose={() => setRotating(false)}
        title={t('developers:webhook.rotateTitle')}
        confirmLabel={t('developers:webhook.rotateConfirm')}
        cancelLabel={t('ui:cancel')}
        pending={rotate.isPending}
        error={rotate.error}
        onConfirm={() => rotate.mutate()}
      >
        {ROTATE_WARNING}
      </ConfirmModal>
    </Container>
  );
}

/** A link that opens nothing: why, in the API's words, and what to do. */
function LinkRefused({ error }: { error: unknown }) {
  const { t } = useTranslation('portal');
  const errorText = useErrorText();
  const refused = error instanceof ApiError && error.status === 401;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={refused ? errorText(error) : t('ui:somethingWentWrong')} role="alert">
        {refused ? t('askAgain') : errorText(error)}
      </Alert>
    </Container>
  );
}
