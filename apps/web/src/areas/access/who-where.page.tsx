import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { DataTable } from '../../ui/data-table';
import { useWhoWhere, useZones } from './access.queries';
import { localDay } from '../../ui/shift-time';

const day = localDay;

/** Who entered which zone on which day (first and last granted tap), over up to 92 days. */
export function WhoWherePage() {
  const { t } = useTranslation('access');
  const zones = useZones();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [zoneId, setZoneId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const report = useWhoWhere({ from, to, ...(zoneId ? { zoneId } : {}), ...(userId ? { userId } : {}) }, valid);
  return (
    <Page title={t('whoWhere.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput label={t('common.from')} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label={t('common.to')} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select label={t('common.zone')} placeholder={t('common.everyZone')} clearable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneId} onChange={setZoneId} />
        <PersonSelect value={userId} onChange={setUserId} />
        <Button variant="default" onClick={() => void report.refetch()}>
          {t('whoWhere.refresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('whoWhere.note')}
      </Text>
      <DataTable query={{ ...report, isPending: report.isPending && valid }} loadingLabel={t('whoWhere.loading')} empty={t('whoWhere.empty')} rowKey={(r) => `${r.date}-${r.userId}-${r.zoneId}`} columns={[
        { header: t('whoWhere.day'), cell: (r) => r.date },
        { header: t('common.person'), cell: (r) => r.userName },
        { header: t('common.zone'), cell: (r) => r.zoneName },
        { header: t('whoWhere.firstIn'), cell: (r) => formatDateTime(r.firstEntryAt) },
        { header: t('whoWhere.lastIn'), cell: (r) => formatDateTime(r.lastEntryAt) },
        { header: t('whoWhere.entries'), cell: (r) => r.entries },
      ]} />
    </Page>
  );
}
