import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../ui/form-actions';
import { usePublishRoster, type PublishRoster } from './rota.queries';
import { localToday, shiftInstants } from '../../ui/shift-time';
import { useOutletZones, useOutlets } from '../../api/shared.queries';
import { isoDay, weekStart } from '../schedule/week';
import { useOutletWeek } from './week-grid.queries';
import { zoneTime } from '../../ui/zone';

type ShiftType = PublishRoster['assignments'][number]['type'];
const TYPES: Array<NonNullable<ShiftType>> = ['REGULAR', 'OVERTIME', 'ON_CALL', 'TRAINING'];

interface Row {
  key: number;
  userId: string | null;
  day: string;
  start: string;
  end: string;
  type: NonNullable<ShiftType>;
}

let nextKey = 0;
const blankRow = (day = localToday()): Row => ({ key: nextKey++, userId: null, day, start: '09:00', end: '17:00', type: 'REGULAR' });

/**
 * A roster: several shifts at one outlet published together, all or none (a row that overlaps
 * another shift makes the API refuse the whole roster, naming it). With roster approval on, they
 * wait as drafts for an approver.
 */
export function PublishRosterModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('rota');
  const outlets = useOutlets();
  const publish = usePublishRoster();
  const [outletId, setOutletId] = useState<string | null>(null);
  const zone = useOutletZones()(outletId);
  // The outlet's staff, as the week planner lists them: not everyone in the company.
  const staff = useOutletWeek(opened ? outletId : null, isoDay(weekStart(new Date(), zone), zone));
  const [rows, setRows] = useState<Row[]>(() => [blankRow()]);
  const update = (key: number, change: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const assignments = rows.map((r) => {
    const at = shiftInstants(r.day, r.start, r.end, zone);
    return r.userId && at ? { userId: r.userId, ...at, type: r.type } : null;
  });
  const complete = outletId !== null && assignments.every((a) => a !== null);
  const close = () => {
    publish.reset();
    setRows([blankRow()]);
    onClose();
  };
  const submit = () =>
    publish.mutate(
      { outletId: outletId!, assignments: assignments.filter((a) => a !== null) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: t('status' in answer && answer.status === 'PENDING_APPROVAL' ? 'roster.pending' : 'roster.published', { count: answer.published }) });
          close();
        },
      },
    );
  const personOptions = (staff.data?.people ?? []).filter((p) => p.atOutlet).map((p) => ({ value: p.userId, label: p.fullName }));
  return (
    <FormModal opened={opened} onClose={close} title={t('roster.title')} size="xl" error={publish.error}
      submit={
        <Button onClick={submit} disabled={!complete} loading={publish.isPending}>
          {t('roster.submit', { count: rows.length })}
        </Button>
      }
    >
      <Select label={t('roster.outlet')} required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} searchable allowDeselect={false} />
      <Text size="sm" c="dimmed">
        {t(outletId ? 'roster.zoneOutlet' : 'roster.zoneCompany', { zone: zoneTime(zone) })}
      </Text>
      {rows.map((r, i) => (
        <Group key={r.key} gap="xs" align="flex-end" wrap="wrap">
          <Select label={t('roster.person', { n: i + 1 })} required data={personOptions} value={r.userId} onChange={(userId) => update(r.key, { userId })} searchable w={200} />
          <TextInput label={t('roster.day')} type="date" required value={r.day} onChange={(e) => update(r.key, { day: e.currentTarget.value })} w={150} />
          <TextInput label={t('roster.from')} type="time" required value={r.start} onChange={(e) => update(r.key, { start: e.currentTarget.value })} w={140} />
          <TextInput label={t('roster.to')} type="time" required value={r.end} onChange={(e) => update(r.key, { end: e.currentTarget.value })} w={140} />
          <Select label={t('roster.type')} data={TYPES.map((value) => ({ value, label: t(`roster.types.${value}`) }))} value={r.type} onChange={(type) => type && update(r.key, { type: type as Row['type'] })} w={130} allowDeselect={false} />
          <ActionIcon variant="subtle" color="red" aria-label={t('roster.remove', { n: i + 1 })} disabled={rows.length === 1} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} mb={4}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" w="fit-content" onClick={() => setRows((rs) => [...rs, blankRow(rs[rs.length - 1]?.day)])}>
        {t('roster.add')}
      </Button>
    </FormModal>
  );
}
