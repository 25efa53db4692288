import { ActionIcon, Badge, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { ErrorNotice, Page } from '../../ui/page';
import { formatDateTime } from '../../ui/format';
import { localInputInstant } from '../../ui/zone';
import { useAddTimeOff, useAvailability, useRemoveTimeOff, useSaveAvailability, useTimeOff, type WeeklyWindow } from './availability.queries';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];


type Window = Required<Pick<WeeklyWindow, 'kind' | 'weekday' | 'start' | 'end'>> & { effectiveFrom?: string | null; effectiveTo?: string | null };

function describe(w: Window): string {
  const overnight = w.end !== '24:00' && w.end <= w.start ? ' (next day)' : '';
  return w.start === '00:00' && w.end === '24:00' ? 'All day' : `${w.start}–${w.end}${overnight}`;
}

/** The signed-in person's availability, built for a phone. */
export function MyAvailabilityPage() {
  return (
    <Page title="My availability">
      <AvailabilityEditor />
    </Page>
  );
}

/**
 * A person's availability (the caller's own without `userId`): the week's windows day by day (hours
 * they cannot work, and hours they prefer), saved as a whole, and one-off time off.
 */
export function AvailabilityEditor({ userId }: { userId?: string }) {
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
        notifications.show({ color: 'green', message: userId ? 'Availability saved.' : 'Your availability is saved.' });
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
          notifications.show({ color: 'green', message: 'Time off added.' });
        },
      },
    );

  if (!availability.data) return availability.error ? <ErrorNotice error={availability.error} /> : <Loader aria-label="Loading the availability" />;
  return (
    <>
      <Text size="sm" c="dimmed">
        Times are in {availability.data.timezone}.{' '}
        {userId ? 'Hours they cannot work and time off count against a shift given them; preferred hours are a wish.' : 'Managers see when you cannot work before they give you a shift; preferred hours are a wish, not a promise.'}
      </Text>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Every week
          </Title>
          <Select label="Day" allowDeselect={false} data={WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d }))} value={day} onChange={(v) => v && setDay(v)} />
          <SegmentedControl
            fullWidth
            aria-label="Kind of window"
            value={kind}
            onChange={(v) => setKind(v as Window['kind'])}
            data={[
              { value: 'UNAVAILABLE', label: 'Cannot work' },
              { value: 'AVAILABLE', label: 'Prefer to work' },
            ]}
          />
          <SegmentedControl fullWidth aria-label="Hours" value={allDay ? 'day' : 'hours'} onChange={(v) => setAllDay(v === 'day')} data={[{ value: 'day', label: 'All day' }, { value: 'hours', label: 'Some hours' }]} />
          {allDay ? null : (
            <Group grow>
              <TextInput label="From" type="time" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
              <TextInput label="To" type="time" value={to} onChange={(e) => setTo(e.currentTarget.value)} description={to <= from ? 'ends the next day' : undefined} />
            </Group>
          )}
          <Button variant="light" onClick={add}>
            Add to the week
          </Button>
          <Stack gap={4} aria-label="The week">
            {WEEKDAYS.map((name, i) => {
              const mine = windows.map((w, index) => ({ w, index })).filter(({ w }) => w.weekday === i + 1);
              return (
                <Group key={name} justify="space-between" wrap="nowrap" align="flex-start" data-weekday={i + 1}>
                  <Text size="sm" fw={600} w={96}>
                    {name}
                  </Text>
                  <Stack gap={2} style={{ flex: 1 }}>
                    {mine.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Any time
                      </Text>
                    ) : (
                      mine.map(({ w, index }) => (
                        <Group key={index} gap={6} wrap="nowrap">
                          <Badge variant="light" color={w.kind === 'UNAVAILABLE' ? 'red' : 'green'}>
                            {w.kind === 'UNAVAILABLE' ? 'Cannot work' : 'Prefers'}
                          </Badge>
                          <Text size="sm">{describe(w)}</Text>
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name} ${describe(w)}`} onClick={() => change(windows.filter((_, j) => j !== index))}>
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
            {userId ? 'Save the week' : 'Save my week'}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Time off
          </Title>
          <TextInput label="Time off from" type="datetime-local" value={offFrom} onChange={(e) => setOffFrom(e.currentTarget.value)} />
          <TextInput label="Time off until" type="datetime-local" value={offTo} onChange={(e) => setOffTo(e.currentTarget.value)} />
          <TextInput label="Note (optional)" maxLength={1000} value={offNote} onChange={(e) => setOffNote(e.currentTarget.value)} />
          <ErrorNotice error={addTimeOff.error ?? removeTimeOff.error} />
          <Button loading={addTimeOff.isPending} disabled={!offValid} onClick={submitTimeOff}>
            Add time off
          </Button>
          {timeOff.isPending ? <Loader size="sm" aria-label="Loading the time off" /> : null}
          {(timeOff.data ?? []).length === 0 && !timeOff.isPending ? (
            <Text size="sm" c="dimmed">
              No time off.
            </Text>
          ) : null}
          {(timeOff.data ?? []).map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm">
                  {formatDateTime(t.startsAt)} – {formatDateTime(t.endsAt)}
                </Text>
                {t.note ? (
                  <Text size="xs" c="dimmed">
                    {t.note}
                  </Text>
                ) : null}
              </Stack>
              <Button size="compact-sm" variant="subtle" color="red" loading={removeTimeOff.isPending && removeTimeOff.variables === t.id} onClick={() => removeTimeOff.mutate(t.id)}>
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      </Paper>
    </>
  );
}
