import { Badge, Loader, Table, Text } from '@mantine/core';
import { useMe } from '../../auth/me';
import { formatSpan, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useShifts } from '../schedule/schedule.queries';
import { addDays } from '../schedule/week';
import { useOutlets } from '../../api/shared.queries';
import { ClockCard } from './clock.card';

/** The signed-in person's shifts from a week ago to four weeks ahead. */
export function MyShiftsPage() {
  const me = useMe();
  const outlets = useOutlets();
  const from = addDays(new Date(), -7);
  from.setHours(0, 0, 0, 0);
  const shifts = useShifts({ userId: me.data?.id ?? '', from: from.toISOString(), to: addDays(from, 35).toISOString() }, me.data !== undefined);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const rows = [...(shifts.data ?? [])].sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  return (
    <Page title="My shifts">
      <ClockCard />
      <ErrorNotice error={shifts.error} />
      {shifts.isPending ? (
        <Loader aria-label="Loading your shifts" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No shifts from last week to four weeks ahead. Open shifts you may take are under Open shifts.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{formatSpan(s.scheduledStart, s.scheduledEnd)}</Table.Td>
                  <Table.Td>{outletName.get(s.outletId) ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.status === 'SCHEDULED' ? 'blue' : s.status === 'COMPLETED' ? 'gray' : 'yellow'}>
                      {humanize(s.status)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
