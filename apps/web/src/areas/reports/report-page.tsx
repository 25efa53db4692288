import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { useOutlets } from '../../api/shared.queries';
import { DataTable, type Column } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { localToday } from '../../ui/shift-time';
import { displayZone } from '../../ui/zone';
import { reportFileQuery, type ReportFilters, type ReportPath } from './reports.queries';

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The current week, Monday to Sunday, in the company's local days. */
function thisWeek(): { from: string; to: string } {
  const today = localToday();
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const from = plusDays(today, -weekday);
  return { from, to: plusDays(from, 6) };
}

/**
 * The page of each report: the period and the outlet and person filters, the rows in a table, and
 * the same rows as a CSV or PDF file. A page hands in its title, its query hook and its columns.
 */
export function ReportPage<R>({ path, title, useRows, columns, rowKey }: { path: ReportPath; title: string; useRows: (f: ReportFilters) => UseQueryResult<{ rows: R[] }>; columns: Column<R>[]; rowKey: (row: R, index: number) => Key }) {
  const { t } = useTranslation('reports');
  const outlets = useOutlets();
  const [period, setPeriod] = useState(thisWeek);
  const [outletId, setOutletId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const filters: ReportFilters = { ...period, ...(outletId ? { outletId } : {}), ...(userId ? { userId } : {}) };
  const rows = useRows(filters);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = (format: 'csv' | 'pdf') => {
    setDownloadError(null);
    downloadFile(`/reports/${path}?${reportFileQuery(filters, format)}`, `${path}-${filters.from}-to-${filters.to}.${format}`).catch(setDownloadError);
  };
  const setDay = (which: 'from' | 'to', value: string) => value && setPeriod((p) => ({ ...p, [which]: value }));
  return (
    <Page
      title={title}
      actions={
        <Group>
          <Button variant="default" onClick={() => download('csv')}>
            {t('page.downloadCsv')}
          </Button>
          <Button variant="default" onClick={() => download('pdf')}>
            {t('page.downloadPdf')}
          </Button>
        </Group>
      }
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('page.from')} type="date" value={period.from} onChange={(e) => setDay('from', e.currentTarget.value)} w={170} />
        <TextInput label={t('page.to')} type="date" value={period.to} onChange={(e) => setDay('to', e.currentTarget.value)} w={170} />
        <Select label={t('page.outlet')} placeholder={t('page.allOutlets')} clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} w={220} />
        <PersonSelect value={userId} onChange={setUserId} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('page.zoneNote', { zone: displayZone() })}
      </Text>
      <DataTable query={{ isPending: rows.isPending, error: rows.error, data: rows.data?.rows }} error={rows.error ?? downloadError} loadingLabel={t('page.loading', { title })} empty={t('page.empty')} columns={columns} rowKey={rowKey} />
    </Page>
  );
}
