import { Alert, Anchor, Badge, Button, Checkbox, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('developers');
  const hooks = useWebhooks();
  const dead = useDeadCount();
  const [open, setOpen] = useState(false);
  return (
    <Page title={t('webhooks.title')} actions={<Button onClick={() => setOpen(true)}>{t('webhooks.new')}</Button>}>
      {dead.data && dead.data.dead > 0 ? (
        <Alert color="red" title={t('webhooks.gaveUp')}>
          {t('webhooks.dead', { count: dead.data.dead })}
        </Alert>
      ) : null}
      <DataTable query={hooks} error={hooks.error ?? dead.error} loadingLabel={t('webhooks.loading')} empty={t('webhooks.empty')} minWidth={720} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('common.name'),
          cell: (h) => (
            <Anchor component={Link} to={`/developers/webhooks/${h.id}`}>
              {h.name}
            </Anchor>
          ),
        },
        { header: t('common.address'), cell: (h) => h.url, cellProps: { style: { wordBreak: 'break-all' } } },
        { header: t('webhooks.events'), cell: (h) => h.events.length },
        {
          header: t('webhooks.state'),
          cell: (h) => (
            <>
              {h.active ? <Badge color="green" variant="light">{t('webhooks.active')}</Badge> : <Badge color="gray" variant="light">{t('webhooks.off')}</Badge>}
              {h.failureCount > 0 ? (
                <Text size="xs" c="red">
                  {t('webhooks.failures', { count: h.failureCount })}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('webhooks.lastSuccess'), cell: (h) => formatDateTime(h.lastSuccessAt) },
      ]} />
      <CreateWebhookModal opened={open} onClose={() => setOpen(false)} />
    </Page>
  );
}

/** The event codes as checkboxes: a subscription takes 1 to 50 of them. */
export function EventPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('developers');
  const codes = useEventCodes();
  return (
    <Checkbox.Group label={t('webhooks.events')} value={value} onChange={onChange} withAsterisk>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt={4} spacing={4}>
        {(codes.data?.events ?? []).map((e) => (
          <Checkbox key={e} value={e} label={e} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function CreateWebhookModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('developers');
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
    <Modal opened={opened} onClose={close} title={t('webhooks.new')} size="lg">
      {create.data ? (
        <Stack gap="sm">
          <SecretOnce label={t('webhooks.signingSecret')} value={create.data.secret} />
          <Text size="sm">{t('webhooks.secretHelp')}</Text>
          <Button component={Link} to={`/developers/webhooks/${create.data.id}`} onClick={close}>
            {t('webhooks.open')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput label={t('common.name')} required minLength={3} maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={t('common.address')} description={t('webhooks.addressHelp')} required maxLength={2000} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <EventPicker value={events} onChange={setEvents} />
          <Switch label={t('webhooks.ordered')} description={t('webhooks.orderedCost')} checked={fifo} onChange={(e) => setFifo(e.currentTarget.checked)} />
          <FormActions error={create.error} onCancel={close}>
            <Button disabled={name.trim().length < 3 || !/^https:\/\/.+/.test(url) || events.length === 0} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), url: url.trim(), events, ordering: fifo ? 'fifo' : 'unordered' })}>
              {t('webhooks.subscribe')}
            </Button>
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}
