import { Alert, Badge, Button, Code, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, type ListQuery } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { SecretOnce } from '../../ui/secret-once';
import type { Delivery, Webhook } from './developers.queries';

/*
 * What the console's subscription page and the embeddable portal (issue 32) show alike: the
 * subscription's summary, a test's outcome, a rotated secret, and the delivery log.
 */

function RotateWarning() {
  const { t } = useTranslation('developers');
  return t('deliveries.rotateWarning');
}

/** What rotating the secret does, said in the dialog that asks for it (the console's and the portal's). */
export const ROTATE_WARNING: ReactNode = <RotateWarning />;

/** Where it posts, what it listens to, its last failure; `children` add each page's own lines. */
export function SubscriptionSummary({ hook, children }: { hook: Pick<Webhook, 'url' | 'events' | 'lastFailureAt' | 'lastFailureReason'>; children: ReactNode }) {
  const { t } = useTranslation('developers');
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('summary.postsTo')} <b>{hook.url}</b>
        </Text>
        <Text size="sm">{t('summary.events', { events: hook.events.join(', ') })}</Text>
        {children}
        {hook.lastFailureReason ? (
          <Text size="sm" c="red">
            {t('summary.lastFailure', { time: formatDateTime(hook.lastFailureAt), reason: hook.lastFailureReason })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The receiver's answer to a test send, and the secret a rotation returned (shown once). */
export function SendOutcomes({ test, onDismissTest, rotated }: { test: { ok: boolean; status: number; bodyExcerpt: string } | undefined; onDismissTest: () => void; rotated: string | undefined }) {
  const { t } = useTranslation('developers');
  return (
    <>
      {test ? (
        <Alert color={test.ok ? 'green' : 'red'} title={test.ok ? t('deliveries.testDelivered', { status: test.status }) : test.status ? t('deliveries.testFailedStatus', { status: test.status }) : t('deliveries.testFailed')} withCloseButton closeButtonLabel={t('deliveries.dismiss')} onClose={onDismissTest}>
          <Code block>{test.bodyExcerpt || t('deliveries.emptyResponse')}</Code>
        </Alert>
      ) : null}
      {rotated ? <SecretOnce label={t('deliveries.newSecret')} value={rotated} /> : null}
    </>
  );
}

const STATUS_COLOUR: Record<Delivery['status'], string> = { PENDING: 'blue', DELIVERED: 'green', FAILED: 'orange', DEAD: 'red' };

/**
 * The delivery log's columns: the event (a toggle opening the row's detail), status, response, attempts, creation
 * and the page's own action.
 */
function deliveryColumns(t: TFunction<'developers'>, opts: { open: string | null; toggle: (id: string) => void; action?: (d: Delivery) => ReactNode }): Column<Delivery>[] {
  return [
    {
      header: t('deliveries.event'),
      cell: (d) => (
        <Button variant="subtle" size="compact-sm" aria-expanded={opts.open === d.id} onClick={() => opts.toggle(d.id)}>
          {d.eventType}
        </Button>
      ),
    },
    {
      header: t('common.status'),
      cell: (d) => (
        <Badge variant="light" color={STATUS_COLOUR[d.status]}>
          {t(`deliveries.status.${d.status}`)}
        </Badge>
      ),
    },
    { header: t('deliveries.response'), cell: (d) => (d.lastResponseStatus === null ? '—' : d.lastResponseStatus === 0 ? t('deliveries.noResponse') : t('deliveries.http', { status: d.lastResponseStatus })) },
    { header: t('deliveries.attempts'), cell: (d) => t('deliveries.attemptsOf', { attempts: d.attempts, max: d.maxAttempts }) },
    { header: t('deliveries.created'), cell: (d) => formatDateTime(d.createdAt) },
    ...(opts.action ? [{ cell: opts.action }] : []),
  ];
}

/** A delivery opened in the log: what was posted, and how the receiver answered. */
function DeliveryDetail({ d }: { d: Delivery }) {
  const { t } = useTranslation('developers');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('deliveries.payload')}
      </Text>
      <Code block data-testid="delivery-payload">
        {JSON.stringify(d.payload, null, 2)}
      </Code>
      <Text size="sm">
        {t('deliveries.detailResponse', { response: d.lastResponseStatus === null ? t('deliveries.notSent') : d.lastResponseStatus === 0 ? t('deliveries.none') : t('deliveries.http', { status: d.lastResponseStatus }) })}
        {d.deliveredAt ? t('deliveries.deliveredAt', { time: formatDateTime(d.deliveredAt) }) : ''}
        {d.status !== 'DELIVERED' && d.status !== 'DEAD' ? t('deliveries.nextAttempt', { time: formatDateTime(d.nextAttemptAt) }) : ''}
      </Text>
      {d.lastError ? <Text size="sm" c="red">{t('deliveries.lastError', { error: d.lastError })}</Text> : null}
    </Stack>
  );
}

/** The delivery log: a row per delivery, opened to its detail by its event; `action` adds each page's button. */
export function DeliveryLog({ query, empty, action }: { query: ListQuery<Delivery>; empty: string; action?: (d: Delivery) => ReactNode }) {
  const { t } = useTranslation('developers');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <DataTable
      query={query}
      loadingLabel={t('deliveries.loading')}
      empty={empty}
      minWidth={720}
      tableProps={{}}
      rowProps={(d) => ({ 'data-delivery': d.id })}
      detail={(d) => (open === d.id ? <DeliveryDetail d={d} /> : null)}
      columns={deliveryColumns(t, { open, toggle: (id) => setOpen(open === id ? null : id), ...(action ? { action } : {}) })}
    />
  );
}
