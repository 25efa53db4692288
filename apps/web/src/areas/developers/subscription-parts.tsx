import { Alert, Badge, Button, Code, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DataTable, type Column, type ListQuery } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { SecretOnce } from '../../ui/secret-once';
import type { Delivery, Webhook } from './developers.queries';

/*
 * What the console's subscription page and the embeddable portal (issue 32) show alike: the
 * subscription's summary, a test's outcome, a rotated secret, and the delivery log.
 */

export const ROTATE_WARNING = 'The new secret signs everything from now on and the old one stops at once: update your receiver right after.';

/** Where it posts, what it listens to, its last failure; `children` add each page's own lines. */
export function SubscriptionSummary({ hook, children }: { hook: Pick<Webhook, 'url' | 'events' | 'lastFailureAt' | 'lastFailureReason'>; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          Posts to <b>{hook.url}</b>
        </Text>
        <Text size="sm">Events: {hook.events.join(', ')}</Text>
        {children}
        {hook.lastFailureReason ? (
          <Text size="sm" c="red">
            Last failure {formatDateTime(hook.lastFailureAt)}: {hook.lastFailureReason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The receiver's answer to a test send, and the secret a rotation returned (shown once). */
export function SendOutcomes({ test, onDismissTest, rotated }: { test: { ok: boolean; status: number; bodyExcerpt: string } | undefined; onDismissTest: () => void; rotated: string | undefined }) {
  return (
    <>
      {test ? (
        <Alert color={test.ok ? 'green' : 'red'} title={test.ok ? `Test delivered: ${test.status}` : `Test failed${test.status ? `: ${test.status}` : ''}`} withCloseButton closeButtonLabel="Dismiss" onClose={onDismissTest}>
          <Code block>{test.bodyExcerpt || '(empty response)'}</Code>
        </Alert>
      ) : null}
      {rotated ? <SecretOnce label="New signing secret (the old one has stopped)" value={rotated} /> : null}
    </>
  );
}

const STATUS_COLOUR: Record<Delivery['status'], string> = { PENDING: 'blue', DELIVERED: 'green', FAILED: 'orange', DEAD: 'red' };

/**
 * The delivery log's columns: the event (a toggle opening the row's detail), status, response, attempts, creation
 * and the page's own action.
 */
function deliveryColumns(opts: { open: string | null; toggle: (id: string) => void; action?: (d: Delivery) => ReactNode }): Column<Delivery>[] {
  return [
    {
      header: 'Event',
      cell: (d) => (
        <Button variant="subtle" size="compact-sm" aria-expanded={opts.open === d.id} onClick={() => opts.toggle(d.id)}>
          {d.eventType}
        </Button>
      ),
    },
    {
      header: 'Status',
      cell: (d) => (
        <Badge variant="light" color={STATUS_COLOUR[d.status]}>
          {d.status.toLowerCase()}
        </Badge>
      ),
    },
    { header: 'Response', cell: (d) => (d.lastResponseStatus === null ? '—' : d.lastResponseStatus === 0 ? 'No response' : `HTTP ${d.lastResponseStatus}`) },
    { header: 'Attempts', cell: (d) => `${d.attempts} of ${d.maxAttempts}` },
    { header: 'Created', cell: (d) => formatDateTime(d.createdAt) },
    ...(opts.action ? [{ cell: opts.action }] : []),
  ];
}

/** A delivery opened in the log: what was posted, and how the receiver answered. */
function DeliveryDetail({ d }: { d: Delivery }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Payload
      </Text>
      <Code block data-testid="delivery-payload">
        {JSON.stringify(d.payload, null, 2)}
      </Code>
      <Text size="sm">
        Response: {d.lastResponseStatus === null ? 'not sent yet' : d.lastResponseStatus === 0 ? 'none' : `HTTP ${d.lastResponseStatus}`}
        {d.deliveredAt ? ` · delivered ${formatDateTime(d.deliveredAt)}` : ''}
        {d.status !== 'DELIVERED' && d.status !== 'DEAD' ? ` · next attempt ${formatDateTime(d.nextAttemptAt)}` : ''}
      </Text>
      {d.lastError ? <Text size="sm" c="red">Last error: {d.lastError}</Text> : null}
    </Stack>
  );
}

/** The delivery log: a row per delivery, opened to its detail by its event; `action` adds each page's button. */
export function DeliveryLog({ query, empty, action }: { query: ListQuery<Delivery>; empty: string; action?: (d: Delivery) => ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <DataTable
      query={query}
      loadingLabel="Loading deliveries"
      empty={empty}
      minWidth={720}
      tableProps={{}}
      rowProps={(d) => ({ 'data-delivery': d.id })}
      detail={(d) => (open === d.id ? <DeliveryDetail d={d} /> : null)}
      columns={deliveryColumns({ open, toggle: (id) => setOpen(open === id ? null : id), ...(action ? { action } : {}) })}
    />
  );
}
