import { ActionIcon, Button, ColorInput, Group, Modal, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/page';
import { useCreateShiftTemplate, useDeleteShiftTemplate, useShiftTemplates } from './week-grid.queries';

const blank = { name: '', startTime: '09:00', endTime: '17:00', breakMinutes: 0, colour: '' };

/** An outlet's shift templates: the list, and a form to add one (times of the outlet's zone). */
export function ShiftTemplatesModal({ opened, onClose, outletId }: { opened: boolean; onClose: () => void; outletId: string }) {
  const { t } = useTranslation('rota');
  const templates = useShiftTemplates(opened ? outletId : null);
  const create = useCreateShiftTemplate();
  const remove = useDeleteShiftTemplate();
  const [draft, setDraft] = useState(blank);
  const valid = draft.name.trim() !== '' && /^\d{2}:\d{2}$/.test(draft.startTime) && /^\d{2}:\d{2}$/.test(draft.endTime);
  const add = () =>
    create.mutate(
      { outletId, name: draft.name.trim(), startTime: draft.startTime, endTime: draft.endTime, breakMinutes: draft.breakMinutes, colour: draft.colour || null },
      { onSuccess: () => setDraft(blank) },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.title')} size="lg">
      <Stack>
        <ErrorNotice error={templates.error ?? create.error ?? remove.error} />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('templates.name')}</Table.Th>
              <Table.Th>{t('templates.hours')}</Table.Th>
              <Table.Th>{t('templates.break')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(templates.data ?? []).map((tpl) => (
              <Table.Tr key={tpl.id}>
                <Table.Td>{tpl.name}</Table.Td>
                <Table.Td>
                  {tpl.startTime}–{tpl.endTime}
                </Table.Td>
                <Table.Td>{t('templates.minutes', { count: tpl.breakMinutes })}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('templates.remove', { name: tpl.name })} onClick={() => remove.mutate(tpl.id)}>
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={t('templates.name')} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} w={160} />
          <TextInput label={t('templates.start')} type="time" required value={draft.startTime} onChange={(e) => setDraft({ ...draft, startTime: e.currentTarget.value })} w={140} />
          <TextInput label={t('templates.end')} type="time" required value={draft.endTime} onChange={(e) => setDraft({ ...draft, endTime: e.currentTarget.value })} w={140} />
          <NumberInput label={t('templates.breakMinutes')} min={0} max={720} value={draft.breakMinutes} onChange={(v) => setDraft({ ...draft, breakMinutes: typeof v === 'number' ? v : 0 })} w={120} />
          <ColorInput label={t('templates.colour')} format="hex" value={draft.colour} onChange={(colour) => setDraft({ ...draft, colour })} w={140} />
          <Button onClick={add} disabled={!valid} loading={create.isPending}>
            {t('templates.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
