import { Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutlets } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useCompletionReport } from './checklists.queries';
import { localDay } from '../../ui/shift-time';

const day = localDay;
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** How well each outlet keeps to its checklists over a period: done in time, late, missed, and the tasks that failed. */
export function ChecklistCompletionPage() {
  const { t } = useTranslation('operations');
  const outlets = useOutlets();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const report = useCompletionReport({ from, to }, valid);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title={t('completion.title')}>
      <Group gap="sm" align="flex-end">
        <TextInput label={t('from')} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label={t('to')} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('completion.help')}
      </Text>
      <DataTable query={{ ...report, isPending: report.isPending && valid }} loadingLabel={t('completion.loading')} empty={t('completion.empty')} rowKey={(r) => r.outletId} columns={[
        { header: t('outlet'), cell: (r) => outletName.get(r.outletId) ?? r.outletName },
        { header: t('completion.scheduled'), cell: (r) => r.scheduled },
        { header: t('completion.completed'), cell: (r) => r.completed },
        { header: t('completion.late'), cell: (r) => r.completedLate },
        { header: t('completion.missed'), cell: (r) => r.missed },
        { header: t('completion.open'), cell: (r) => r.open },
        { header: t('completion.failedTasks'), cell: (r) => r.failedTasks },
        { header: t('completion.rate'), cell: (r) => percent(r.rate) },
      ]} />
    </Page>
  );
}
