import { Badge, Button, Card, Group, Loader, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { useAcknowledgePolicy, useCreatePolicy, usePolicies, useUpdatePolicy, type Policy } from './me.queries';

/**
 * The company's policies: everyone reads them and acknowledges those that ask for it (clock-in
 * waits for that); HR publishes and edits them, and a new text asks everyone again.
 */
export function PoliciesPage() {
  const { t } = useTranslation('me');
  const me = useMe();
  const hr = mayCall(me.data, 'postPolicies');
  const policies = usePolicies();
  const acknowledge = useAcknowledgePolicy();
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const shown = (policies.data ?? []).filter((p) => hr || p.active);
  return (
    <Page title={t('nav.policies')} actions={hr ? <Button onClick={() => setEditing('new')}>{t('policies.new')}</Button> : null}>
      <ErrorNotice error={policies.error ?? acknowledge.error} />
      {policies.isPending ? (
        <Loader aria-label={t('policies.loading')} />
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('policies.none')}</Text>
      ) : (
        shown.map((p) => (
          <Card withBorder key={p.id}>
            <Group justify="space-between" align="flex-start" mb="xs">
              <Stack gap={2}>
                <Title order={2} size="h4">
                  {p.title}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('policies.version', { version: p.version, updated: formatDateTime(p.updatedAt) })}
                </Text>
              </Stack>
              <Group gap="xs">
                {p.active ? null : <Badge color="gray">{t('policies.retired')}</Badge>}
                {p.requiresAcknowledgement && p.active ? (
                  p.acknowledged ? (
                    <Badge color="green" variant="light">
                      {t('policies.acknowledged')}
                    </Badge>
                  ) : (
                    <Button
                      size="compact-sm"
                      aria-label={t('policies.acknowledge', { title: p.title })}
                      loading={acknowledge.isPending && acknowledge.variables === p.id}
                      onClick={() => acknowledge.mutate(p.id, { onSuccess: () => notifications.show({ color: 'green', message: t('policies.acknowledgedDone') }) })}
                    >
                      {t('policies.accept')}
                    </Button>
                  )
                ) : null}
                {hr ? (
                  <Button size="compact-sm" variant="default" aria-label={t('policies.editNamed', { title: p.title })} onClick={() => setEditing(p)}>
                    {t('policies.edit')}
                  </Button>
                ) : null}
              </Group>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.body}
            </Text>
          </Card>
        ))
      )}
      {editing !== null ? <PolicyModal policy={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function PolicyModal({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  const { t } = useTranslation('me');
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const [title, setTitle] = useState(policy?.title ?? '');
  const [body, setBody] = useState(policy?.body ?? '');
  const [requires, setRequires] = useState(policy?.requiresAcknowledgement ?? true);
  const [active, setActive] = useState(policy?.active ?? true);
  const pending = create.isPending || update.isPending;
  const done = (message: string) => () => {
    notifications.show({ color: 'green', message });
    onClose();
  };
  const save = () => {
    if (!policy) return create.mutate({ title: title.trim(), body: body.trim(), requiresAcknowledgement: requires }, { onSuccess: done(t('policies.published')) });
    const changes = {
      ...(title.trim() !== policy.title ? { title: title.trim() } : {}),
      ...(body.trim() !== policy.body ? { body: body.trim() } : {}),
      ...(requires !== policy.requiresAcknowledgement ? { requiresAcknowledgement: requires } : {}),
      ...(active !== policy.active ? { active } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: policy.id, body: changes }, { onSuccess: done(t('policies.saved')) });
  };
  return (
    <FormModal opened={true} onClose={onClose} title={policy ? t('policies.editTitle') : t('policies.new')} size="lg" error={create.error ?? update.error}
      submit={
        <Button disabled={!title.trim() || !body.trim()} loading={pending} onClick={save}>
          {policy ? t('policies.save') : t('policies.publish')}
        </Button>
      }
    >
      <TextInput label={t('policies.title')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <Textarea label={t('policies.text')} required maxLength={20_000} autosize minRows={6} maxRows={20} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      {policy && body.trim() !== policy.body ? (
        <Text size="xs" c="orange">
          {t('policies.newVersion')}
        </Text>
      ) : null}
      <Switch label={t('policies.requires')} checked={requires} onChange={(e) => setRequires(e.currentTarget.checked)} />
      {policy ? <Switch label={t('policies.inForce')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} /> : null}
    </FormModal>
  );
}
