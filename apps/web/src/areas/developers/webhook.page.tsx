import { Alert, Button, Group, Loader, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLastShown } from '../../ui/last-shown';
import { ErrorNotice, Page } from '../../ui/page';
import { DraftModal } from '../../ui/form-actions';
import { ConfirmModal } from '../../ui/confirm.modal';
import { useDeleteWebhook, useDeliveries, useRedeliver, useRotateSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from './developers.queries';
import { DeliveryLog, ROTATE_WARNING, SendOutcomes, SubscriptionSummary } from './subscription-parts';
import { EventPicker } from './webhooks.page';
import { PortalLinks } from './portal-links';

/** One subscription: its settings, a test, secret rotation, and the delivery log with redelivery. */
export function WebhookPage() {
  const { t } = useTranslation('developers');
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
  if (!hooks.data) return <Loader aria-label={t('webhook.loading')} />;
  if (!hook) return <Alert color="gray">{t('webhook.missing')}</Alert>;
  return (
    <Page
      title={hook.name}
      actions={
        <Group gap="xs">
          <Button variant="light" loading={test.isPending} onClick={() => test.mutate(id)}>
            {t('webhook.test')}
          </Button>
          <Button variant="default" onClick={() => setEditing({ name: hook.name, url: hook.url, events: hook.events })}>
            {t('webhook.edit')}
          </Button>
          <Button variant="default" onClick={() => setConfirm('rotate')}>
            {t('webhook.rotate')}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirm('delete')}>
            {t('webhook.delete')}
          </Button>
        </Group>
      }
    >
      <SubscriptionSummary hook={hook}>
        <Text size="sm">
          {t('webhook.secret')} <code>{hook.secret}</code>
        </Text>
        <Switch
          mt="xs"
          label={hook.active ? t('webhook.active') : t('webhook.off')}
          checked={hook.active}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id, body: { active: e.currentTarget.checked } })}
        />
        <Switch
          label={t('webhooks.ordered')}
          description={t('webhooks.orderedCost')}
          checked={hook.ordering === 'fifo'}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id, body: { ordering: e.currentTarget.checked ? 'fifo' : 'unordered' } })}
        />
      </SubscriptionSummary>
      <SendOutcomes test={test.data} onDismissTest={() => test.reset()} rotated={rotate.data?.secret} />
      <ErrorNotice error={update.error ?? test.error ?? rotate.error ?? redeliver.error} />
      <PortalLinks webhookId={id} />
      <Text fw={700}>{t('webhook.deliveries')}</Text>
      <DeliveryLog
        query={{ ...deliveries, data: deliveries.data?.deliveries }}
        empty={t('webhook.noDeliveries')}
        action={(d) => (
          <Button
            size="compact-sm"
            variant="light"
            loading={redeliver.isPending && redeliver.variables === d.id}
            onClick={() => redeliver.mutate(d.id, { onSuccess: () => notifications.show({ color: 'green', message: t('webhook.requeued') }) })}
          >
            {t('webhook.redeliver')}
          </Button>
        )}
      />
      <DraftModal draft={editing} onClose={() => setEditing(null)} title={t('webhook.editTitle', { name: hook.name })} size="lg" error={update.error} submit={(editing) => (
        <Button
          loading={update.isPending}
          disabled={editing.name.trim().length < 3 || editing.events.length === 0}
          onClick={() => update.mutate({ id, body: { name: editing.name.trim(), url: editing.url.trim(), events: editing.events } }, { onSuccess: () => setEditing(null) })}
        >
          {t('webhook.save')}
        </Button>
      )}>
        {(editing) => (
          <>
            <TextInput label={t('common.name')} required maxLength={120} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
            <TextInput label={t('common.address')} required maxLength={2000} value={editing.url} onChange={(e) => setEditing({ ...editing, url: e.currentTarget.value })} />
            <EventPicker value={editing.events} onChange={(events) => setEditing({ ...editing, events })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={asking === 'delete' ? t('webhook.deleteTitle', { name: hook.name }) : t('webhook.rotateTitle')}
        confirmLabel={asking === 'delete' ? t('webhook.delete') : t('webhook.rotateConfirm')}
        destructive={asking === 'delete'}
        cancelLabel={t('webhook.cancel')}
        pending={remove.isPending || rotate.isPending}
        error={remove.error ?? rotate.error}
        onConfirm={() => (confirm === 'delete' ? remove.mutate(id, { onSuccess: () => navigate('/developers/webhooks') }) : confirm === 'rotate' ? rotate.mutate(id, { onSuccess: () => setConfirm(null) }) : undefined)}
      >
        {asking === 'delete' ? t('webhook.deleteBody') : ROTATE_WARNING}
      </ConfirmModal>
    </Page>
  );
}
