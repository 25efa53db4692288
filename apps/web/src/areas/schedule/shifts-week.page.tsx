import { Badge, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useShifts, type Shift } from './schedule.queries';
import { ShiftFormModal } from './shift-form.modal';
import { addDays, isoDay, localTime, weekStart } from './week';
import { useOutletZones, useOutlets, usePeople } from '../../api/shared.queries';
import { conflictLabel, useAvailabilityConflicts, type AvailabilityConflict } from '../me/availability.queries';
import { useViolations, type Violation } from '../compliance/compliance.queries';
import { RuleBadge } from '../../ui/compliance-violations';
import { plain, wallInstant, zoned } from '../../ui/zone';
import { ZoneNote } from '../../ui/zone-note';

const dayLabel = (d: Date, zone: string) => zoned({ weekday: 'short', day: 'numeric', month: 'short' }, zone).format(d);
const when = (iso: string, zone: string) => zoned({ weekday: 'short', hour: '2-digit', minute: '2-digit' }, zone).format(new Date(iso));

/** The window a conflict hits, for a tooltip-free reading on a phone too. */
function conflictTitle(c: AvailabilityConflict, zone: string): string {
  return `${conflictLabel(c)}: ${when(c.window.start, zone)} – ${when(c.window.end, zone)}${c.window.note ? ` (${c.window.note})` : ''}`;
}

const COLOUR: Record<string, string> = { SCHEDULED: 'blue', PROPOSED: 'yellow', IN_PROGRESS: 'green', COMPLETED: 'gray', CANCELLED: 'red', MISSED: 'red' };

/** The week's shifts at one outlet, a column a day (a list of days on a phone); a click edits. */
export function ShiftsWeekPage() {
  const { t } = useTranslation('schedule');
  const me = useMe();
  const outlets = useOutlets();
  const people = usePeople(mayCall(me.data, 'getUsers'));
  const [picked, setPicked] = useState<string | null>(null);
  const outletId = picked ?? outlets.data?.[0]?.id ?? null;
  const zone = useOutletZones()(outletId);
  // The week is kept as its Monday's date: its instants follow the zone of the outlet shown.
  const [week, setWeek] = useState(() => isoDay(weekStart(new Date())));
  const monday = wallInstant(week, '00:00', zone);
  const thisWeek = () => isoDay(weekStart(new Date(), zone), zone);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i, zone));
  const shifts = useShifts({ ...(outletId ? { outletId } : {}), from: plain(monday).toISOString(), to: addDays(monday, 7, zone).toISOString() }, outletId !== null);
  const conflicts = useAvailabilityConflicts(
    { ...(outletId ? { outletId } : {}), from: plain(monday).toISOString(), to: addDays(monday, 7, zone).toISOString() },
    outletId !== null && mayCall(me.data, 'getAvailabilityConflicts'),
  );
  const conflictsOf = (shiftId: string) => (conflicts.data?.conflicts ?? []).filter((c) => c.shift.id === shiftId);
  // Breaches are dated by their day or their week's Monday: the day before the week catches a rest across its start.
  const violations = useViolations({ from: isoDay(addDays(monday, -1, zone), zone), to: isoDay(addDays(monday, 6, zone), zone), ...(outletId ? { outletId } : {}) }, mayCall(me.data, 'getComplianceViolations') && outletId !== null);
  const breachesOf = new Map<string, Violation[]>();
  // A withdrawn breach was about the shift as it stood before a change: it no longer says anything about it.
  for (const v of violations.data ?? []) if (v.status !== 'WITHDRAWN') for (const id of v.shiftAssignmentIds) breachesOf.set(id, [...(breachesOf.get(id) ?? []), v]);
  const [editing, setEditing] = useState<{ shift: Shift | null; day: string } | null>(null);
  const byDay = (d: Date) => (shifts.data ?? []).filter((s) => isoDay(s.scheduledStart, zone) === isoDay(d, zone)).sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  return (
    <Page title={t('week.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('week.outlet')} allowDeselect={false} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setPicked} />
        <Group gap={4}>
          <Button variant="default" onClick={() => setWeek(isoDay(addDays(monday, -7, zone), zone))} aria-label={t('week.previous')}>
            ←
          </Button>
          <Button variant="default" onClick={() => setWeek(thisWeek())}>
            {t('week.thisWeek')}
          </Button>
          <Button variant="default" onClick={() => setWeek(isoDay(addDays(monday, 7, zone), zone))} aria-label={t('week.next')}>
            →
          </Button>
        </Group>
        <Text fw={600} data-testid="week-label">
          {t('week.weekOf', { day: dayLabel(monday, zone) })}
        </Text>
        <ZoneNote zone={zone} />
      </Group>
      <ErrorNotice error={shifts.error} />
      {shifts.isPending && outletId ? <Loader aria-label={t('week.loading')} /> : null}
      <SimpleGrid cols={{ base: 1, md: 7 }} spacing="xs">
        {days.map((d) => (
          <Paper key={isoDay(d, zone)} withBorder p="xs" radius="sm" data-day={isoDay(d, zone)} bg={isoDay(d, zone) === isoDay(new Date(), zone) ? 'blue.0' : undefined}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={700}>
                  {dayLabel(d, zone)}
                </Text>
                <Button size="compact-xs" variant="subtle" aria-label={t('week.addOn', { day: dayLabel(d, zone) })} onClick={() => setEditing({ shift: null, day: isoDay(d, zone) })} disabled={!outletId}>
                  +
                </Button>
              </Group>
              {byDay(d).map((s) => (
                <UnstyledButton key={s.id} onClick={() => setEditing({ shift: s, day: isoDay(d, zone) })} p={6} style={{ borderRadius: 4, background: 'var(--mantine-color-gray-0)', borderLeft: `3px solid var(--mantine-color-${COLOUR[s.status] ?? 'blue'}-5)` }}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {people.data?.get(s.userId)?.fullName ?? t('week.someone')}
                  </Text>
                  <Text size="xs">
                    {localTime(s.scheduledStart, zone)}–{localTime(s.scheduledEnd, zone)}
                  </Text>
                  <RuleBadge breaches={breachesOf.get(s.id)} />
                  {s.status !== 'SCHEDULED' ? (
                    <Badge size="xs" variant="light" color={COLOUR[s.status]}>
                      {humanize(s.status)}
                    </Badge>
                  ) : null}
                  {conflictsOf(s.id).map((c, i) => (
                    <Text key={i} size="xs" c={c.hard ? 'red.8' : 'yellow.9'} role="note" aria-label={t('week.conflictOf', { name: people.data?.get(s.userId)?.fullName ?? t('week.someoneLower'), conflict: conflictTitle(c, zone) })}>
                      ⚠ {conflictTitle(c, zone)}
                    </Text>
                  ))}
                </UnstyledButton>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {outletId ? <ShiftFormModal opened={editing !== null} onClose={() => setEditing(null)} outletId={outletId} zone={zone} day={editing?.day ?? isoDay(new Date(), zone)} shift={editing?.shift ?? null} /> : null}
    </Page>
  );
}
