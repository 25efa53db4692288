import { Badge, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime, formatSpan, humanize } from '../../ui/format';
import { DataTable, RowsTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { CloneWeekModal } from './clone-week.modal';
import { PublishRosterModal } from './publish-roster.modal';
import { useDecideRoster, useRoster, useRosters, type RosterStatus } from './rota.queries';
import { useOutlets, usePeople } from '../../api/shared.queries';

const STATUS_COLOUR: Record<RosterStatus, string> = { PUBLISHED: 'green', PENDING_APPROVAL: 'yellow', APPROVED: 'green', REJECTED: 'red' };
const STATUSES: RosterStatus[] = ['PENDING_APPROVAL', 'PUBLISHED', 'APPROVED', 'REJECTED'];

/** Rosters: weeks published in one go (or copied), and the approval of those awaiting it. */
export function RostersPage() {
  const { t } = useTranslation('rota');
  const me = useMe();
  const outlets = useOutlets();
  const people = usePeople(true);
  const [outletId, setOutletId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const rosters = useRosters({ ...(outletId ? { outletId } : {}), ...(status ? { status: status as RosterStatus } : {}) });
  const [open, setOpen] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [cloning, setCloning] = useState(false);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page
      title={t('rosters.title')}
      actions={
        <Group gap="xs">
          <Button variant="light" onClick={() => setCloning(true)}>
            {t('rosters.copyWeek')}
          </Button>
          <Button onClick={() => setPublishing(true)}>{t('rosters.publish')}</Button>
        </Group>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('rosters.outlet')} placeholder={t('rosters.allOutlets')} clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
        <Select label={t('rosters.status')} placeholder={t('rosters.anyStatus')} clearable data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} />
      </Group>
      <DataTable query={rosters} loadingLabel={t('rosters.loading')} empty={t('rosters.empty')} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('rosters.col.published'),
          cell: (r) => (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen(r.id)}>
              {formatDateTime(r.createdAt)}
            </Button>
          ),
        },
        { header: t('rosters.col.outlet'), cell: (r) => (outletName.get(r.outletId) ?? '—') },
        { header: t('rosters.col.how'), cell: (r) => (r.source === 'CLONE' ? t('rosters.copiedWeek') : t('rosters.published')) },
        { header: t('rosters.col.shifts'), cell: (r) => r.assignmentCount },
        { header: t('rosters.col.by'), cell: (r) => ((r.publishedByUserId && people.data?.get(r.publishedByUserId)?.fullName) ?? '—') },
        {
          header: t('rosters.col.status'),
          cell: (r) => (
            <Badge color={STATUS_COLOUR[r.status]} variant="light">
              {humanize(r.status)}
            </Badge>
          ),
        },
      ]} />
      <RosterModal id={open} onClose={() => setOpen(null)} canDecide={mayCall(me.data, 'postSchedulerRostersByIdApprove')} people={people.data} outletName={outletName} />
      <PublishRosterModal opened={publishing} onClose={() => setPublishing(false)} />
      <CloneWeekModal opened={cloning} onClose={() => setCloning(false)} />
    </Page>
  );
}

function RosterModal({ id, onClose, canDecide, people, outletName }: { id: string | null; onClose: () => void; canDecide: boolean; people: Map<string, { fullName: string }> | undefined; outletName: Map<string, string> }) {
  const { t } = useTranslation('rota');
  const roster = useRoster(id);
  const decide = useDecideRoster();
  const [note, setNote] = useState('');
  const r = roster.data;
  const close = () => {
    decide.reset();
    setNote('');
    onClose();
  };
  const run = (approve: boolean) =>
    decide.mutate(
      { id: id!, approve, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: approve ? t('rosters.approved') : t('rosters.rejected') });
          close();
        },
      },
    );
  return (
    <Modal opened={id !== null} onClose={close} title={t('rosters.roster')} size="lg">
      <ErrorNotice error={roster.error} />
      {r ? (
        <Stack gap="sm">
          <Text size="sm">
            {outletName.get(r.outletId) ?? t('rosters.outlet')} · {t('rosters.shiftCount', { count: r.assignmentCount })} · {humanize(r.status)}
            {r.decisionNote ? ` · “${r.decisionNote}”` : ''}
          </Text>
          <RowsTable rows={r.assignments} minWidth={480} tableProps={{}} columns={[
            { header: t('rosters.col.person'), cell: (a) => people?.get(a.userId)?.fullName ?? '—' },
            { header: t('rosters.col.when'), cell: (a) => formatSpan(a.scheduledStart, a.scheduledEnd) },
            { header: t('rosters.col.type'), cell: (a) => humanize(a.type) },
            { header: t('rosters.col.status'), cell: (a) => humanize(a.status) },
          ]} />
          {canDecide && r.status === 'PENDING_APPROVAL' ? (
            <>
              <Textarea label={t('rosters.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
              <ErrorNotice error={decide.error} />
              <Group justify="flex-end">
                <Button color="red" variant="light" loading={decide.isPending} onClick={() => run(false)}>
                  {t('rosters.reject')}
                </Button>
                <Button color="green" loading={decide.isPending} onClick={() => run(true)}>
                  {t('rosters.approve')}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      ) : (
        <Loader aria-label={t('rosters.loadingOne')} />
      )}
    </Modal>
  );
}
