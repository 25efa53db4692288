import { Button, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useWhoWhere, useZones } from './access.queries';
import { usePeople } from '../../api/shared.queries';

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Who entered which zone on which day (first and last granted tap), over up to 92 days. */
export function WhoWherePage() {
  const zones = useZones();
  const users = usePeople();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [zoneId, setZoneId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const report = useWhoWhere({ from, to, ...(zoneId ? { zoneId } : {}), ...(userId ? { userId } : {}) }, valid);
  return (
    <Page title="Who is where">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select label="Zone" placeholder="Every zone" clearable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneId} onChange={setZoneId} />
        <Select label="Person" placeholder="Everyone" searchable clearable data={[...(users.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))} value={userId} onChange={setUserId} />
        <Button variant="default" onClick={() => void report.refetch()}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Days are the company's; up to 92 days at once.
      </Text>
      <ErrorNotice error={report.error} />
      {report.isPending && valid ? (
        <Loader aria-label="Loading the report" />
      ) : report.data && report.data.length === 0 ? (
        <Text c="dimmed">Nobody entered a zone in these days.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Zone</Table.Th>
                <Table.Th>First in</Table.Th>
                <Table.Th>Last in</Table.Th>
                <Table.Th>Entries</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(report.data ?? []).map((r) => (
                <Table.Tr key={`${r.date}-${r.userId}-${r.zoneId}`}>
                  <Table.Td>{r.date}</Table.Td>
                  <Table.Td>{r.userName}</Table.Td>
                  <Table.Td>{r.zoneName}</Table.Td>
                  <Table.Td>{formatDateTime(r.firstEntryAt)}</Table.Td>
                  <Table.Td>{formatDateTime(r.lastEntryAt)}</Table.Td>
                  <Table.Td>{r.entries}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
