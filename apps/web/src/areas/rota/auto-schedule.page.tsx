import { Anchor, Badge, Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOutlets } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatDay, formatNumber, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { localDay } from '../../ui/shift-time';
import { inZone } from '../../ui/zone';
import { useCreateProposal, useProposals, type Proposal } from './auto-schedule.queries';

export const PROPOSAL_COLOUR: Record<Proposal['status'], string> = { QUEUED: 'gray', RUNNING: 'blue', READY: 'yellow', FAILED: 'red', ACCEPTED: 'green', DISCARDED: 'gray' };

/** The Monday on or after today, as YYYY-MM-DD in the company's calendar. */
function nextMonday(): string {
  const d = inZone(Date.now());
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7));
  return localDay(d);
}

/** Auto-schedule: propose a week for one or more outlets from their staffing targets, and the proposals made so far. */
export function AutoSchedulePage() {
  const { t } = useTranslation('rota');
  const outlets = useOutlets();
  const proposals = useProposals();
  const create = useCreateProposal();
  const navigate = useNavigate();
  const [weekStart, setWeekStart] = useState(nextMonday);
  const [outletIds, setOutletIds] = useState<string[]>([]);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const generate = () => create.mutate({ weekStart, outletIds }, { onSuccess: (p) => void navigate(`/rota/auto-schedule/${p.id}`) });
  return (
    <Page title={t('autoSchedule.title')} actions={<Button variant="light" component={Link} to="/rota/staffing-targets">{t('autoSchedule.staffingTargets')}</Button>}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput label={t('autoSchedule.weekStart')} type="date" value={weekStart} onChange={(e) => setWeekStart(e.currentTarget.value)} />
        <MultiSelect label={t('autoSchedule.outlets')} placeholder={t('autoSchedule.chooseOutlets')} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletIds} onChange={setOutletIds} miw={240} />
        <Button onClick={generate} disabled={outletIds.length === 0 || !weekStart} loading={create.isPending}>
          {t('autoSchedule.generate')}
        </Button>
      </Group>
      <ErrorNotice error={create.error} />
      <DataTable query={proposals} loadingLabel={t('autoSchedule.loading')} empty={t('autoSchedule.empty')} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('autoSchedule.week'),
          cell: (p) => (
            <Anchor component={Link} to={`/rota/auto-schedule/${p.id}`}>
              {formatDay(p.weekStart)}
            </Anchor>
          ),
        },
        { header: t('autoSchedule.outlets'), cell: (p) => p.outletIds.map((id) => outletName.get(id) ?? '—').join(', ') },
        { header: t('autoSchedule.shifts'), cell: (p) => p.shiftCount ?? '—' },
        { header: t('autoSchedule.coverage'), cell: (p) => (p.coveragePercent === null ? '—' : t('autoSchedule.percent', { value: formatNumber(p.coveragePercent) })) },
        { header: t('autoSchedule.created'), cell: (p) => formatDateTime(p.createdAt) },
        {
          header: t('autoSchedule.status'),
          cell: (p) => (
            <Badge color={PROPOSAL_COLOUR[p.status]} variant="light">
              {humanize(p.status)}
            </Badge>
          ),
        },
      ]} />
    </Page>
  );
}
