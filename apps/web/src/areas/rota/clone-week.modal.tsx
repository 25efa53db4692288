import { Button, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../ui/form-actions';
import { useCloneWeek } from './rota.queries';
import { useOutlets } from '../../api/shared.queries';

/** Copies an outlet's week of shifts to another week at the same local times (fires no event). */
export function CloneWeekModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
          const skipped = answer.skipped.length ? `; ${answer.skipped.length} skipped (no longer active)` : '';
          notifications.show({ color: 'green', message: `${answer.cloned} shift(s) copied${answer.status === 'PENDING_APPROVAL' ? ', waiting for approval' : ''}${skipped}.` });
          close();
        },
      },
    );
  return (
    <FormModal opened={opened} onClose={close} title="Copy a week" error={clone.error}
      submit={
        <Button onClick={submit} disabled={!outletId || !from || !to} loading={clone.isPending}>
          Copy the week
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        The seven days from the first date are copied to the seven days from the second, a whole number of weeks apart, at the same local times.
      </Text>
      <Select label="Outlet" required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} searchable allowDeselect={false} />
      <TextInput label="Copy the week starting" type="date" required value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      <TextInput label="To the week starting" type="date" required value={to} onChange={(e) => setTo(e.currentTarget.value)} />
    </FormModal>
  );
}
