import { Badge, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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
      title="Rosters"
      actions={
        <Group gap="xs">
          <Button variant="light" onClick={() => setCloning(true)}>
            Copy a week
          </Button>
          <Button onClick={() => setPublishing(true)}>Publish a roster</Button>
        </Group>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Outlet" placeholder="All outlets" clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
        <Select label="Status" placeholder="Any status" clearable data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} />
      </Group>
      <DataTable query={rosters} loadingLabel="Loading rosters" empty="No rosters yet. Publish a week of shifts at once, or copy a week to another." tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: 'Published',
          cell: (r) => (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen(r.id)}>
              {formatDateTime(r.createdAt)}
            </Button>
          ),
        },
        { header: 'Outlet', cell: (r) => (outletName.get(r.outletId) ?? '—') },
        { header: 'How', cell: (r) => (r.source === 'CLONE' ? 'Copied week' : 'Published') },
        { header: 'Shifts', cell: (r) => r.assignmentCount },
        { header: 'By', cell: (r) => ((r.publishedByUserId && people.data?.get(r.publishedByUserId)?.fullName) ?? '—') },
        {
          header: 'Status',
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
          notifications.show({ color: 'green', message: approve ? 'Roster approved: its shifts are scheduled.' : 'Roster rejected: its draft shifts are cancelled.' });
          close();
        },
      },
    );
  return (
    <Modal opened={id !== null} onClose={close} title="Roster" size="lg">
      <ErrorNotice error={roster.error} />
      {r ? (
        <Stack gap="sm">
          <Text size="sm">
            {outletName.get(r.outletId) ?? 'Outlet'} · {r.assignmentCount} shift(s) · {humanize(r.status)}
            {r.decisionNote ? ` · “${r.decisionNote}”` : ''}
          </Text>
          <RowsTable rows={r.assignments} minWidth={480} tableProps={{}} columns={[
            { header: 'Person', cell: (a) => people?.get(a.userId)?.fullName ?? '—' },
            { header: 'When', cell: (a) => formatSpan(a.scheduledStart, a.scheduledEnd) },
            { header: 'Type', cell: (a) => humanize(a.type) },
            { header: 'Status', cell: (a) => humanize(a.status) },
          ]} />
          {canDecide && r.status === 'PENDING_APPROVAL' ? (
            <>
              <Textarea label="Note (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
              <ErrorNotice error={decide.error} />
              <Group justify="flex-end">
                <Button color="red" variant="light" loading={decide.isPending} onClick={() => run(false)}>
                  Reject
                </Button>
                <Button color="green" loading={decide.isPending} onClick={() => run(true)}>
                  Approve
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      ) : (
        <Loader aria-label="Loading roster" />
      )}
    </Modal>
  );
}
