import { Button, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../ui/form-actions';
import { useCloneWeek } from './rota.queries';
import { useOutlets } from '../../api/shared.queries';

/** Copies an outlet's week of shifts to another week at the same local times (fires no event). */
export function CloneWeekModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('rota');
  const outlets = useOutlets();
  const clone = useCloneWeek();
  const [outletId, setOutletId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const close = () => {
    clone.reset();
    onClose();
  };
  const submit = () =>
    clone.mutate(
      { outletId: outletId!, fromWeekStart: from, toWeekStart: to },
      {
        onSuccess: (answer) => {
          const key = answer.status === 'PENDING_APPROVAL' ? 'clone.copiedPending' : 'clone.copied';
          const skipped = answer.skipped.length ? t('clone.skipped', { count: answer.skipped.length }) : '';
          notifications.show({ color: 'green', message: t(key, { count: answer.cloned, skipped }) });
          close();
        },
      },
    );
  return (
    <FormModal opened={opened} onClose={close} title={t('clone.title')} error={clone.error}
      submit={
        <Button onClick={submit} disabled={!outletId || !from || !to} loading={clone.isPending}>
          {t('clone.submit')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('clone.help')}
      </Text>
      <Select label={t('clone.outlet')} required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} searchable allowDeselect={false} />
      <TextInput label={t('clone.from')} type="date" required value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      <TextInput label={t('clone.to')} type="date" required value={to} onChange={(e) => setTo(e.currentTarget.value)} />
    </FormModal>
  );
}
