import { Alert, Badge, Button, Container, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createApiClient } from '@wfm/api-client/client';
import { API_BASE } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { DeliveryLog, ROTATE_WARNING, SendOutcomes, SubscriptionSummary } from '../developers/subscription-parts';
import type { Delivery } from '../developers/developers.queries';

const STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'DEAD'] as const;
type Status = (typeof STATUSES)[number];
const REPLAY_WINDOWS = [
  { value: '24', label: 'the last 24 hours' },
  { value: '168', label: 'the last 7 days' },
  { value: '744', label: 'the last 31 days' },
];
const KEY = ['webhook-portal'] as const;

/**
 * The embeddable webhook portal (issue 32): one subscription's deliveries, a test, replays and
 * secret rotation for whoever holds the link, signed in or not, in its own tab or in an integrator's
 * iframe. The token is the URL's fragment, which never leaves the browser except as this page's
 * Bearer header; nothing is kept in storage or cookies, which a third-party frame may not have.
 */
export function WebhookPortalPage() {
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
    onSuccess: (r) => notifications.show({ color: r.status === 'DELIVERED' ? 'green' : 'orange', message: r.status === 'DELIVERED' ? 'Delivered again.' : `Sent again: ${r.status.toLowerCase()}.` }),
    onSettled: refresh,
  });
  const replayFailed = useMutation({
    mutationFn: (hours: number) => {
      const to = new Date();
      return ok(portal.POST('/webhook-portal/deliveries/replay-failed', { body: { from: new Date(to.getTime() - hours * 3_600_000).toISOString(), to: to.toISOString() } }));
    },
    onSuccess: (r) => notifications.show({ color: 'green', message: `${r.requeued} failed ${r.requeued === 1 ? 'delivery' : 'deliveries'} queued to be sent again${r.remaining ? `; ${r.remaining} more: replay again` : ''}.` }),
    onSettled: refresh,
  });
  const rotate = useMutation({ mutationFn: () => ok(portal.POST('/webhook-portal/rotate')), onSuccess: () => setRotating(false), onSettled: refresh });

  if (sub.error) return <LinkRefused error={sub.error} />;
  if (!sub.data) return <Loader aria-label="Loading" m="xl" />;
  const { subscription: hook, link } = sub.data;
  const may = (c: (typeof link.capabilities)[number]) => link.capabilities.includes(c);
  document.title = `${hook.name} · Webhook portal`;
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
                Send a test
              </Button>
            ) : null}
            {may('rotate') ? (
              <Button variant="default" onClick={() => setRotating(true)}>
                Rotate the secret
              </Button>
            ) : null}
          </Group>
        </Group>
        <SubscriptionSummary hook={hook}>
          <Group gap="xs">
            <Badge variant="light" color={hook.active ? 'green' : 'gray'}>
              {hook.active ? 'active' : 'off'}
            </Badge>
            <Badge variant="light">{hook.ordering === 'fifo' ? 'in order (FIFO)' : 'unordered'}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            This link works until {formatDateTime(link.expiresAt)}.
          </Text>
        </SubscriptionSummary>
        <SendOutcomes test={test.data} onDismissTest={() => test.reset()} rotated={rotate.data?.secret} />
        <ErrorNotice error={test.error ?? replay.error ?? replayFailed.error ?? deliveries.error} />
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label="Status"
              value={status}
              data={[{ value: '', label: 'Any' }, ...STATUSES.map((s) => ({ value: s, label: s.toLowerCase() }))]}
              onChange={(e) => {
                setStatus(e.currentTarget.value as Status | '');
                setBefore([]);
              }}
            />
            <NativeSelect
              label="Event"
              value={eventType}
              data={[{ value: '', label: 'Any' }, ...hook.events]}
              onChange={(e) => {
                setEventType(e.currentTarget.value);
                setBefore([]);
              }}
            />
          </Group>
          {may('replay') ? (
            <Group gap="sm" align="flex-end">
              <NativeSelect label="Failed in" value={window_} data={REPLAY_WINDOWS} onChange={(e) => setWindow(e.currentTarget.value)} />
              <Button variant="light" loading={replayFailed.isPending} onClick={() => replayFailed.mutate(Number(window_))}>
                Replay failed deliveries
              </Button>
            </Group>
          ) : null}
        </Group>
        <DeliveryLog
          query={{ ...deliveries, data: rows }}
          empty="No deliveries here yet."
          {...(may('replay')
            ? {
                action: (d: Delivery) => (
                  <Button size="compact-sm" variant="light" loading={replay.isPending && replay.variables === d.id} onClick={() => replay.mutate(d.id)}>
                    Replay
                  </Button>
                ),
              }
            : {})}
        />
        <Group gap="xs">
          {before.length ? (
            <Button variant="default" size="compact-sm" onClick={() => setBefore(before.slice(0, -1))}>
              Newer
            </Button>
          ) : null}
          {deliveries.data?.nextCursor ? (
            <Button variant="default" size="compact-sm" onClick={() => setBefore([...before, deliveries.data.nextCursor!])}>
              Older
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={rotating}
        onClose={() => setRotating(false)}
        title="Rotate the signing secret?"
        confirmLabel="Rotate"
        cancelLabel="Cancel"
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
  const refused = error instanceof ApiError && error.status === 401;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={refused ? error.message : 'Something went wrong'} role="alert">
        {refused ? 'Ask whoever gave you this link for a new one.' : error instanceof Error ? error.message : String(error)}
      </Alert>
    </Container>
  );
}
