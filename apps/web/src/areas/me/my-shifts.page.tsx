import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('me');
  const me = useMe();
  const outlets = useOutlets();
  const zoneOf = useOutletZones();
  const from = addDays(useToday(), -7);
  const shifts = useShifts({ userId: me.data?.id ?? '', from: from.toISOString(), to: addDays(from, 35).toISOString() }, me.data !== undefined);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const rows = [...(shifts.data ?? [])].sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  return (
    <Page title={t('nav.myShifts')}>
      <ZoneNote />
      <ClockCard />
      <DataTable query={{ isPending: shifts.isPending, error: shifts.error, data: rows }} loadingLabel={t('shifts.loading')} empty={t('shifts.empty')} minWidth={420} columns={[
        { header: t('shifts.when'), cell: (s) => formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId)) },
        { header: t('shifts.where'), cell: (s) => (outletName.get(s.outletId) ?? '—') },
        {
          header: t('shifts.status'),
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
