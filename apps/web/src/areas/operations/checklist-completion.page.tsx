import { Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useOutlets } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useCompletionReport } from './checklists.queries';
import { localDay } from '../../ui/shift-time';

const day = localDay;
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** How well each outlet keeps to its checklists over a period: done in time, late, missed, and the tasks that failed. */
export function ChecklistCompletionPage() {
  const outlets = useOutlets();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const report = useCompletionReport({ from, to }, valid);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title="Checklist completion">
      <Group gap="sm" align="flex-end">
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      <Text size="sm" c="dimmed">
        Days are the company&apos;s; up to 92 days at once. The rate counts runs whose window is over.
      </Text>
      <DataTable query={{ ...report, isPending: report.isPending && valid }} loadingLabel="Loading the report" empty="No checklists were due in these days." rowKey={(r) => r.outletId} columns={[
        { header: 'Outlet', cell: (r) => outletName.get(r.outletId) ?? r.outletName },
        { header: 'Scheduled', cell: (r) => r.scheduled },
        { header: 'Completed', cell: (r) => r.completed },
        { header: 'Late', cell: (r) => r.completedLate },
        { header: 'Missed', cell: (r) => r.missed },
        { header: 'Still open', cell: (r) => r.open },
        { header: 'Failed tasks', cell: (r) => r.failedTasks },
        { header: 'Rate', cell: (r) => percent(r.rate) },
      ]} />
    </Page>
  );
}
