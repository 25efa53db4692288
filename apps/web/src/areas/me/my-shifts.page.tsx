import { Badge } from '@mantine/core';
import { useMe } from '../../auth/me';
import { formatShiftSpan, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useShifts } from '../schedule/schedule.queries';
import { addDays } from '../schedule/week';
import { useOutletZones, useOutlets } from '../../api/shared.queries';
import { ClockCard } from './clock.card';
import { useToday } from '../../ui/today';
import { ZoneNote } from '../../ui/zone-note';

/** The signed-in person's shifts from a week ago to four weeks ahead. */
export function MyShiftsPage() {
  const me = useMe();
  const outlets = useOutlets();
  const zoneOf = useOutletZones();
  const from = addDays(useToday(), -7);
  const shifts = useShifts({ userId: me.data?.id ?? '', from: from.toISOString(), to: addDays(from, 35).toISOString() }, me.data !== undefined);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const rows = [...(shifts.data ?? [])].sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  return (
    <Page title="My shifts">
      <ZoneNote />
      <ClockCard />
      <DataTable query={{ isPending: shifts.isPending, error: shifts.error, data: rows }} loadingLabel="Loading your shifts" empty="No shifts from last week to four weeks ahead. Open shifts you may take are under Open shifts." minWidth={420} columns={[
        { header: 'When', cell: (s) => formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId)) },
        { header: 'Where', cell: (s) => (outletName.get(s.outletId) ?? '—') },
        {
          header: 'Status',
          cell: (s) => (
            <Badge variant="light" color={s.status === 'SCHEDULED' ? 'blue' : s.status === 'COMPLETED' ? 'gray' : 'yellow'}>
              {humanize(s.status)}
            </Badge>
          ),
        },
      ]} />
    </Page>
  );
}
