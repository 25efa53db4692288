import { Alert, Button, Group, Loader, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLastShown } from '../../ui/last-shown';
import { ErrorNotice, Page } from '../../ui/page';
import { DraftModal } from '../../ui/form-actions';
import { ConfirmModal } from '../../ui/confirm.modal';
import { useDeleteWebhook, useDeliveries, useRedeliver, useRotateSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from './developers.queries';
import { DeliveryLog, ROTATE_WARNING, SendOutcomes, SubscriptionSummary } from './subscription-parts';
import { EventPicker, ORDERED_COST, ORDERED_LABEL } from './webhooks.page';
import { PortalLinks } from './portal-links';

/** One subscription: its settings, a test, secret rotation, and the delivery log with redelivery. */
export function WebhookPage() {
  const { id = '' } = useParams();
  const hooks = useWebhooks();
  const hook = hooks.data?.find((h) => h.id === id);
  const deliveries = useDeliveries(id);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useTestWebhook();
  const redeliver = useRedeliver();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ name: string; url: string; events: string[] } | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const asking = useLastShown(confirm);
  if (hooks.error) return <ErrorNotice error={hooks.error} />;
  if (!hooks.data) return <Loader aria-label="Loading" />;
  if (!hook) return <Alert color="gray">No such subscription.</Alert>;
  return (
    <Page
      title={hook.name}
      actions={
        <Group gap="xs">
          <Button variant="light" loading={test.isPending} onClick={() => test.mutate(id)}>
            Send a test
          </Button>
          <Button variant="default" onClick={() => setEditing({ name: hook.name, url: hook.url, events: hook.events })}>
            Edit
          </Button>
          <Button variant="default" onClick={() => setConfirm('rotate')}>
            Rotate the secret
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </Group>
      }
    >
      <SubscriptionSummary hook={hook}>
        <Text size="sm">
          Secret <code>{hook.secret}</code>
        </Text>
        <Switch
          mt="xs"
          label={hook.active ? 'Active' : 'Off: nothing is posted (turning it on resets the failure count)'}
          checked={hook.active}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id, body: { active: e.currentTarget.checked } })}
        />
        <Switch
          label={ORDERED_LABEL}
          description={ORDERED_COST}
          checked={hook.ordering === 'fifo'}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id, body: { ordering: e.currentTarget.checked ? 'fifo' : 'unordered' } })}
        />
      </SubscriptionSummary>
      <SendOutcomes test={test.data} onDismissTest={() => test.reset()} rotated={rotate.data?.secret} />
      <ErrorNotice error={update.error ?? test.error ?? rotate.error ?? redeliver.error} />
      <PortalLinks webhookId={id} />
      <Text fw={700}>Deliveries</Text>
      <DeliveryLog
        query={{ ...deliveries, data: deliveries.data?.deliveries }}
        empty="No deliveries yet: they appear here as the subscribed events happen."
        action={(d) => (
          <Button
            size="compact-sm"
            variant="light"
            loading={redeliver.isPending && redeliver.variables === d.id}
            onClick={() => redeliver.mutate(d.id, { onSuccess: () => notifications.show({ color: 'green', message: 'Queued to be delivered again.' }) })}
          >
            Redeliver
          </Button>
        )}
      />
      <DraftModal draft={editing} onClose={() => setEditing(null)} title={`Edit ${hook.name}`} size="lg" error={update.error} submit={(editing) => (
        <Button
          loading={update.isPending}
          disabled={editing.name.trim().length < 3 || editing.events.length === 0}
          onClick={() => update.mutate({ id, body: { name: editing.name.trim(), url: editing.url.trim(), events: editing.events } }, { onSuccess: () => setEditing(null) })}
        >
          Save
        </Button>
      )}>
        {(editing) => (
          <>
            <TextInput label="Name" required maxLength={120} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
            <TextInput label="Address" required maxLength={2000} value={editing.url} onChange={(e) => setEditing({ ...editing, url: e.currentTarget.value })} />
            <EventPicker value={editing.events} onChange={(events) => setEditing({ ...editing, events })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={asking === 'delete' ? `Delete ${hook.name}?` : 'Rotate the signing secret?'}
        confirmLabel={asking === 'delete' ? 'Delete' : 'Rotate'}
        destructive={asking === 'delete'}
        cancelLabel="Cancel"
        pending={remove.isPending || rotate.isPending}
        error={remove.error ?? rotate.error}
        onConfirm={() => (confirm === 'delete' ? remove.mutate(id, { onSuccess: () => navigate('/developers/webhooks') }) : confirm === 'rotate' ? rotate.mutate(id, { onSuccess: () => setConfirm(null) }) : undefined)}
      >
        {asking === 'delete' ? 'Nothing more is posted to it; its pending deliveries are dropped.' : ROTATE_WARNING}
      </ConfirmModal>
    </Page>
  );
}
