import { ActionIcon, Badge, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Page } from '../../ui/page';
import { formatDateTime } from '../../ui/format';
import { localInputInstant } from '../../ui/zone';
import { useAddTimeOff, useAvailability, useRemoveTimeOff, useSaveAvailability, useTimeOff, type WeeklyWindow } from './availability.queries';

/** ISO weekdays, Monday (1) first. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];


type Window = Required<Pick<WeeklyWindow, 'kind' | 'weekday' | 'start' | 'end'>> & { effectiveFrom?: string | null; effectiveTo?: string | null };

function describe(w: Window): string {
  if (w.start === '00:00' && w.end === '24:00') return i18next.t('me:availability.allDay');
  return i18next.t(w.end !== '24:00' && w.end <= w.start ? 'me:availability.spanOvernight' : 'me:availability.span', { start: w.start, end: w.end });
}

/** The signed-in person's availability, built for a phone. */
export function MyAvailabilityPage() {
  const { t } = useTranslation('me');
  return (
    <Page title={t('nav.myAvailability')}>
      <AvailabilityEditor />
    </Page>
  );
}

/**
 * A person's availability (the caller's own without `userId`): the week's windows day by day (hours
 * they cannot work, and hours they prefer), saved as a whole, and one-off time off.
 */
export function AvailabilityEditor({ userId }: { userId?: string }) {
  const { t } = useTranslation('me');
  const availability = useAvailability(userId);
  const save = useSaveAvailability(userId);
  const timeOff = useTimeOff(userId);
  const addTimeOff = useAddTimeOff(userId);
  const removeTimeOff = useRemoveTimeOff(userId);
  const [windows, setWindows] = useState<Window[]>([]);
  const [dirty, setDirty] = useState(false);
  const [day, setDay] = useState('1');
  const [kind, setKind] = useState<Window['kind']>('UNAVAILABLE');
  const [allDay, setAllDay] = useState(true);
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('17:00');
  const [offFrom, setOffFrom] = useState('');
  const [offTo, setOffTo] = useState('');
  const [offNote, setOffNote] = useState('');
  useEffect(() => {
    if (availability.data && !dirty) setWindows(availability.data.windows.map(({ id: _, ...w }) => w));
  }, [availability.data, dirty]);

  const change = (next: Window[]) => {
    setWindows(next);
    setDirty(true);
  };
  const add = () => {
    const w: Window = { kind, weekday: Number(day), start: allDay ? '00:00' : from, end: allDay ? '24:00' : to };
    if (!allDay && w.start === w.end) return;
    change([...windows, w].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)));
  };
  const saveWeek = () =>
    save.mutate(windows, {
      onSuccess: () => {
        setDirty(false);
        notifications.show({ color: 'green', message: userId ? t('availability.saved') : t('availability.savedMine') });
      },
    });
  const offValid = offFrom !== '' && offTo !== '' && localInputInstant(offTo) > localInputInstant(offFrom);
  const submitTimeOff = () =>
    addTimeOff.mutate(
      { startsAt: localInputInstant(offFrom).toISOString(), endsAt: localInputInstant(offTo).toISOString(), ...(offNote.trim() ? { note: offNote.trim() } : {}) },
      {
        onSuccess: () => {
          setOffFrom('');
          setOffTo('');
          setOffNote('');
          notifications.show({ color: 'green', message: t('availability.timeOffAdded') });
        },
      },
    );

  if (!availability.data) return availability.error ? <ErrorNotice error={availability.error} /> : <Loader aria-label={t('availability.loading')} />;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('availability.timesIn', { zone: availability.data.timezone })}{' '}
        {userId ? t('availability.helpManager') : t('availability.helpMine')}
      </Text>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('availability.everyWeek')}
          </Title>
          <Select label={t('availability.day')} allowDeselect={false} data={WEEKDAYS.map((d) => ({ value: String(d), label: t(`availability.weekdays.${d}`) }))} value={day} onChange={(v) => v && setDay(v)} />
          <SegmentedControl
            fullWidth
            aria-label={t('availability.kind')}
            value={kind}
            onChange={(v) => setKind(v as Window['kind'])}
            data={[
              { value: 'UNAVAILABLE', label: t('availability.cannot') },
              { value: 'AVAILABLE', label: t('availability.prefer') },
            ]}
          />
          <SegmentedControl fullWidth aria-label={t('availability.hours')} value={allDay ? 'day' : 'hours'} onChange={(v) => setAllDay(v === 'day')} data={[{ value: 'day', label: t('availability.allDay') }, { value: 'hours', label: t('availability.someHours') }]} />
          {allDay ? null : (
            <Group grow>
              <TextInput label={t('availability.from')} type="time" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
              <TextInput label={t('availability.to')} type="time" value={to} onChange={(e) => setTo(e.currentTarget.value)} description={to <= from ? t('availability.endsNextDay') : undefined} />
            </Group>
          )}
          <Button variant="light" onClick={add}>
            {t('availability.addToWeek')}
          </Button>
          <Stack gap={4} aria-label={t('availability.theWeek')}>
            {WEEKDAYS.map((weekday) => {
              const name = t(`availability.weekdays.${weekday}`);
              const mine = windows.map((w, index) => ({ w, index })).filter(({ w }) => w.weekday === weekday);
              return (
                <Group key={weekday} justify="space-between" wrap="nowrap" align="flex-start" data-weekday={weekday}>
                  <Text size="sm" fw={600} w={96}>
                    {name}
                  </Text>
                  <Stack gap={2} style={{ flex: 1 }}>
                    {mine.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('availability.anyTime')}
                      </Text>
                    ) : (
                      mine.map(({ w, index }) => (
                        <Group key={index} gap={6} wrap="nowrap">
                          <Badge variant="light" color={w.kind === 'UNAVAILABLE' ? 'red' : 'green'}>
                            {w.kind === 'UNAVAILABLE' ? t('availability.cannot') : t('availability.prefers')}
                          </Badge>
                          <Text size="sm">{describe(w)}</Text>
                          <ActionIcon variant="subtle" color="red" aria-label={t('availability.removeWindow', { day: name, span: describe(w) })} onClick={() => change(windows.filter((_, j) => j !== index))}>
                            ×
                          </ActionIcon>
                        </Group>
                      ))
                    )}
                  </Stack>
                </Group>
              );
            })}
          </Stack>
          <ErrorNotice error={save.error} />
          <Button loading={save.isPending} disabled={!dirty} onClick={saveWeek}>
            {userId ? t('availability.saveWeek') : t('availability.saveMyWeek')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('availability.timeOff')}
          </Title>
          <TextInput label={t('availability.timeOffFrom')} type="datetime-local" value={offFrom} onChange={(e) => setOffFrom(e.currentTarget.value)} />
          <TextInput label={t('availability.timeOffUntil')} type="datetime-local" value={offTo} onChange={(e) => setOffTo(e.currentTarget.value)} />
          <TextInput label={t('availability.note')} maxLength={1000} value={offNote} onChange={(e) => setOffNote(e.currentTarget.value)} />
          <ErrorNotice error={addTimeOff.error ?? removeTimeOff.error} />
          <Button loading={addTimeOff.isPending} disabled={!offValid} onClick={submitTimeOff}>
            {t('availability.addTimeOff')}
          </Button>
          {timeOff.isPending ? <Loader size="sm" aria-label={t('availability.loadingTimeOff')} /> : null}
          {(timeOff.data ?? []).length === 0 && !timeOff.isPending ? (
            <Text size="sm" c="dimmed">
              {t('availability.noTimeOff')}
            </Text>
          ) : null}
          {(timeOff.data ?? []).map((off) => (
            <Group key={off.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm">
                  {formatDateTime(off.startsAt)} – {formatDateTime(off.endsAt)}
                </Text>
                {off.note ? (
                  <Text size="xs" c="dimmed">
                    {off.note}
                  </Text>
                ) : null}
              </Stack>
              <Button size="compact-sm" variant="subtle" color="red" loading={removeTimeOff.isPending && removeTimeOff.variables === off.id} onClick={() => removeTimeOff.mutate(off.id)}>
                {t('availability.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Paper>
    </>
  );
}
