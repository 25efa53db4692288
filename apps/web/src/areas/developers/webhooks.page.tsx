import { Alert, Anchor, Badge, Button, Checkbox, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormActions } from '../../ui/form-actions';
import { SecretOnce } from '../../ui/secret-once';
import { useCreateWebhook, useDeadCount, useEventCodes, useWebhooks } from './developers.queries';

/** Webhook subscriptions: where the tenant's events are posted, signed with the subscription's secret. */
export function WebhooksPage() {
  const hooks = useWebhooks();
  const dead = useDeadCount();
  const [open, setOpen] = useState(false);
  return (
    <Page title="Webhooks" actions={<Button onClick={() => setOpen(true)}>New subscription</Button>}>
      {dead.data && dead.data.dead > 0 ? (
        <Alert color="red" title="Deliveries gave up">
          {dead.data.dead} delivery(ies) failed every retry. Open a subscription to see them and deliver them again.
        </Alert>
      ) : null}
      <DataTable query={hooks} error={hooks.error ?? dead.error} loadingLabel="Loading subscriptions" empty="No subscriptions yet. A subscription posts the events you choose to an https:// address of yours, signed." minWidth={720} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: 'Name',
          cell: (h) => (
            <Anchor component={Link} to={`/developers/webhooks/${h.id}`}>
              {h.name}
            </Anchor>
          ),
        },
        { header: 'Address', cell: (h) => h.url, cellProps: { style: { wordBreak: 'break-all' } } },
        { header: 'Events', cell: (h) => h.events.length },
        {
          header: 'State',
          cell: (h) => (
            <>
              {h.active ? <Badge color="green" variant="light">Active</Badge> : <Badge color="gray" variant="light">Off</Badge>}
              {h.failureCount > 0 ? (
                <Text size="xs" c="red">
                  {h.failureCount} failure(s) in a row
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'Last success', cell: (h) => formatDateTime(h.lastSuccessAt) },
      ]} />
      <CreateWebhookModal opened={open} onClose={() => setOpen(false)} />
    </Page>
  );
}

/** The event codes as checkboxes: a subscription takes 1 to 50 of them. */
export function EventPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const codes = useEventCodes();
  return (
    <Checkbox.Group label="Events" value={value} onChange={onChange} withAsterisk>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt={4} spacing={4}>
        {(codes.data?.events ?? []).map((e) => (
          <Checkbox key={e} value={e} label={e} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export const ORDERED_LABEL = 'Deliver in order (FIFO)';
/** Issue 32: what ordering costs, said where it is chosen (docs/webhooks.md, "Ordered delivery"). */
export const ORDERED_COST = 'Each event waits until the one before it was delivered or failed for good: a failing receiver holds everything back for up to 25 minutes, and one delivery is in flight at a time.';

function CreateWebhookModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateWebhook();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<string[]>([]);
  const [fifo, setFifo] = useState(false);
  const close = () => {
    create.reset();
    setName('');
    setUrl('https://');
    setEvents([]);
    setFifo(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New subscription" size="lg">
      {create.data ? (
        <Stack gap="sm">
          <SecretOnce label="Signing secret" value={create.data.secret} />
          <Text size="sm">Check each delivery's signature with it (see the webhooks guide). You can rotate it later; it is never shown again.</Text>
          <Button component={Link} to={`/developers/webhooks/${create.data.id}`} onClick={close}>
            Open the subscription
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput label="Name" required minLength={3} maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Address" description="An https:// address that answers 2xx; private and local addresses are refused" required maxLength={2000} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <EventPicker value={events} onChange={setEvents} />
          <Switch label={ORDERED_LABEL} description={ORDERED_COST} checked={fifo} onChange={(e) => setFifo(e.currentTarget.checked)} />
          <FormActions error={create.error} onCancel={close}>
            <Button disabled={name.trim().length < 3 || !/^https:\/\/.+/.test(url) || events.length === 0} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), url: url.trim(), events, ordering: fifo ? 'fifo' : 'unordered' })}>
              Subscribe
            </Button>
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}
