import { Badge, Button, Code, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import type { Delivery } from './developers.queries';

const STATUS_COLOUR: Record<Delivery['status'], string> = { PENDING: 'blue', DELIVERED: 'green', FAILED: 'orange', DEAD: 'red' };

/**
 * The delivery log's columns, shared by the console's subscription page and the embeddable portal
 * (issue 32): the event (a toggle opening the row's detail), status, response, attempts, creation
 * and the page's own action.
 */
export function deliveryColumns(opts: { open: string | null; toggle: (id: string) => void; action?: (d: Delivery) => ReactNode }): Column<Delivery>[] {
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
export function DeliveryDetail({ d }: { d: Delivery }) {
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
