import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { humanize } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { shiftInstants } from '../../ui/shift-time';
import { useCreateShift, useReleaseShift, useUpdateShift, type Shift } from './schedule.queries';
import { isoDay, localTime } from './week';
import { usePeople } from '../../api/shared.queries';
import { conflictLabel, fetchShiftConflicts } from '../me/availability.queries';
import { ZoneNote } from '../../ui/zone-note';

const TYPES = ['REGULAR', 'OVERTIME', 'ON_CALL', 'TRAINING'] as const;

/** A new shift on `day` at `outletId`, or an existing one to change, cancel or release; its day and times are of the outlet's `zone`. */
export function ShiftFormModal({ opened, onClose, outletId, zone, day, shift }: { opened: boolean; onClose: () => void; outletId: string; zone: string; day: string; shift: Shift | null }) {
  const { t } = useTranslation('schedule');
  const people = usePeople(opened);
  const create = useCreateShift();
  const update = useUpdateShift();
  const release = useReleaseShift();
  const [userId, setUserId] = useState<string | null>(null);
  const [date, setDate] = useState(day);
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('17:00');
  const [type, setType] = useState<(typeof TYPES)[number]>('REGULAR');
  useEffect(() => {
    if (!opened) return;
    setUserId(shift?.userId ?? null);
    setDate(shift ? isoDay(shift.scheduledStart, zone) : day);
    setFrom(shift ? localTime(shift.scheduledStart, zone) : '09:00');
    setTo(shift ? localTime(shift.scheduledEnd, zone) : '17:00');
    setType((shift?.type as (typeof TYPES)[number] | undefined) ?? 'REGULAR');
  }, [opened, shift, day, zone]);
  const close = () => {
    create.reset();
    update.reset();
    release.reset();
    onClose();
  };
  const at = shiftInstants(date, from, to, zone);
  const done = (message: string) => () => {
    notifications.show({ color: 'green', message });
    close();
  };
  /** The tenant may let a shift through that hits someone's unavailability: say so at once, not only on the week view. */
  const warnOrDone = async (created: Shift) => {
    const found = await fetchShiftConflicts(created).catch(() => []);
    const hard = found.filter((c) => c.hard);
    if (hard.length === 0) return done(t('shift.added'))();
    const who = people.data?.get(created.userId)?.fullName ?? t('shift.thePerson');
    notifications.show({ color: 'yellow', title: t('shift.addedWithConflict'), message: t('shift.conflict', { who, what: hard.map(conflictLabel).join(', ') }) });
    close();
  };
  const save = () => {
    if (!at || !userId) return;
    if (shift) update.mutate({ id: shift.id, body: { userId, ...at, type } }, { onSuccess: done(t('shift.saved')) });
    else create.mutate({ userId, outletId, ...at, type }, { onSuccess: (created) => void warnOrDone(created) });
  };
  const editable = !shift || shift.status === 'SCHEDULED' || shift.status === 'PROPOSED';
  return (
    <Modal opened={opened} onClose={close} title={shift ? t('shift.title') : t('shift.newTitle')}>
      <Stack gap="sm">
        {shift ? <Text size="sm">{t('shift.status', { status: humanize(shift.status) })}</Text> : null}
        <Select
          label={t('shift.person')}
          required
          searchable
          disabled={!editable}
          data={[...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))}
          value={userId}
          onChange={setUserId}
        />
        <TextInput label={t('shift.day')} type="date" required disabled={!editable} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <ZoneNote zone={zone} />
        <Group grow>
          <TextInput label={t('shift.from')} type="time" required disabled={!editable} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label={t('shift.to')} type="time" required disabled={!editable} value={to} onChange={(e) => setTo(e.currentTarget.value)} description={at && isoDay(at.scheduledEnd, zone) !== date ? t('shift.nextDay') : undefined} />
        </Group>
        <Select label={t('shift.type')} allowDeselect={false} disabled={!editable} data={TYPES.map((value) => ({ value, label: t(`shift.types.${value}`) }))} value={type} onChange={(v) => v && setType(v as (typeof TYPES)[number])} />
        <ErrorNotice error={create.error ?? update.error ?? release.error} />
        <Group justify="space-between">
          {shift && shift.status === 'SCHEDULED' ? (
            <Group gap="xs">
              <Button variant="subtle" color="orange" loading={release.isPending} onClick={() => release.mutate(shift.id, { onSuccess: done(t('shift.released')) })}>
                {t('shift.release')}
              </Button>
              <Button variant="subtle" color="red" loading={update.isPending} onClick={() => update.mutate({ id: shift.id, body: { status: 'CANCELLED' } }, { onSuccess: done(t('shift.cancelled')) })}>
                {t('shift.cancel')}
              </Button>
            </Group>
          ) : (
            <span />
          )}
          {editable ? (
            <Button loading={create.isPending || update.isPending} disabled={!at || !userId} onClick={save}>
              {shift ? t('shift.save') : t('shift.add')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
