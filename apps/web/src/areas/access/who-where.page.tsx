import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { DataTable } from '../../ui/data-table';
import { useWhoWhere, useZones } from './access.queries';
import { usePeople } from '../../api/shared.queries';
import { localDay } from '../../ui/shift-time';

const day = localDay;

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
      <DataTable query={{ ...report, isPending: report.isPending && valid }} loadingLabel="Loading the report" empty="Nobody entered a zone in these days." rowKey={(r) => `${r.date}-${r.userId}-${r.zoneId}`} columns={[
        { header: 'Day', cell: (r) => r.date },
        { header: 'Person', cell: (r) => r.userName },
        { header: 'Zone', cell: (r) => r.zoneName },
        { header: 'First in', cell: (r) => formatDateTime(r.firstEntryAt) },
        { header: 'Last in', cell: (r) => formatDateTime(r.lastEntryAt) },
        { header: 'Entries', cell: (r) => r.entries },
      ]} />
    </Page>
  );
}
