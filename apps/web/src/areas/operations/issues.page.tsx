import { Anchor, Badge, Button, Group, Menu, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime, humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';

import { useAsset, useAssignIssue, useIssues, useMoveIssue, useRaiseIssue, type Issue, type IssueStatus } from './operations.queries';
import { useOutlets, usePeople } from '../../api/shared.queries';

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
const COLOUR: Record<IssueStatus, string> = { OPEN: 'yellow', IN_PROGRESS: 'blue', RESOLVED: 'green', CLOSED: 'gray', CANCELLED: 'gray', VERIFIED: 'green' };
/** The API's transitions (issues.service): what each status may become. */
const NEXT: Record<IssueStatus, IssueStatus[]> = {
  OPEN: ['IN_PROGRESS', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  IN_PROGRESS: ['OPEN', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  RESOLVED: ['VERIFIED', 'OPEN', 'CLOSED'],
  CLOSED: ['OPEN'],
  VERIFIED: [],
  CANCELLED: [],
};

/** Where an issue came from, as the people who handle it say it. */
const SOURCE: Record<Issue['source'], string> = {
  WEB: 'Web',
  MOBILE: 'Mobile app',
  CHECKLIST: 'Checklist',
  MAINTENANCE: 'Maintenance due',
  QUICK_ISSUE: 'Quick report',
  AUTOMATION: 'Automation',
  TROUBLESHOOTING: 'Troubleshooting',
  WORK_ORDER: 'Work order',
};

/** An issue's asset by name, linking to its page; one read per asset, shared by its issues. */
function AssetName({ id }: { id: string }) {
  const asset = useAsset(id);
  if (asset.error) return <Text size="sm" c="dimmed">Removed</Text>;
  return (
    <Anchor component={Link} to={`/operations/assets/${id}`} size="sm">
      {asset.data?.name ?? '…'}
    </Anchor>
  );
}

/** Issues at the outlets (a broken fridge, a leak): anyone reports one, managers move it to resolved. */
export function IssuesPage() {
  const me = useMe();
  const manager = mayCall(me.data, 'patchIssuesById');
  const outlets = useOutlets();
  const people = usePeople(manager);
  const [assigning, setAssigning] = useState<Issue | null>(null);
  const assigneeName = (id: string | null) => (!id ? '—' : id === me.data?.id ? 'You' : (people.data?.get(id)?.fullName ?? '…'));
  const [status, setStatus] = useState<string | null>(null);
  const issues = useIssues(status ? { status: status as IssueStatus } : {});
  const move = useMoveIssue();
  const [raising, setRaising] = useState(false);
  const [resolving, setResolving] = useState<{ issue: Issue; to: IssueStatus } | null>(null);
  const shown = useLastShown(resolving);
  const [note, setNote] = useState('');
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title="Issues" actions={<Button onClick={() => setRaising(true)}>Report an issue</Button>}>
      <Select label="Status" placeholder="Any status" clearable data={Object.keys(NEXT).map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} maw={240} />
      <DataTable query={issues} error={issues.error ?? move.error} loadingLabel="Loading issues" empty="No issues." minWidth={860} columns={[
        {
          header: 'Issue',
          cell: (i) => (
            <>
              {i.title}
              {i.resolutionNote ? <Text size="xs" c="dimmed">{i.resolutionNote}</Text> : null}
            </>
          ),
        },
        { header: 'Outlet', cell: (i) => (outletName.get(i.outletId) ?? '—') },
        { header: 'Asset', cell: (i) => (i.assetId ? <AssetName id={i.assetId} /> : '—') },
        { header: 'Source', cell: (i) => SOURCE[i.source] },
        { header: 'Priority', cell: (i) => humanize(i.priority) },
        {
          header: 'Status',
          cell: (i) => (
            <Badge variant="light" color={COLOUR[i.status]}>
              {humanize(i.status)}
            </Badge>
          ),
        },
        { header: 'Assignee', cell: (i) => assigneeName(i.assigneeUserId) },
        { header: 'Reported', cell: (i) => formatDateTime(i.createdAt) },
        manager && {
          cell: (i) => (
            <Button size="compact-sm" variant="subtle" aria-label={`Assign ${i.title}`} onClick={() => setAssigning(i)}>
              Assign…
            </Button>
          ),
        },
        manager && {
          cell: (i) => (
            NEXT[i.status].length ? (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button size="compact-sm" variant="light" aria-label={`Move ${i.title}`}>
                    Move to…
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {NEXT[i.status].map((s) => (
                    <Menu.Item key={s} onClick={() => setResolving({ issue: i, to: s })}>
                      {humanize(s)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : null
          ),
        },
      ]} />
      <AssignModal issue={assigning} people={[...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))} onClose={() => setAssigning(null)} />
      <RaiseModal opened={raising} onClose={() => setRaising(false)} outlets={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} />
      <Modal opened={resolving !== null} onClose={() => setResolving(null)} title={shown ? `Move “${shown.issue.title}” to ${humanize(shown.to).toLowerCase()}?` : ''}>
        <Stack gap="sm">
          <Textarea label="Note (optional)" maxLength={2000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResolving(null)}>
              Cancel
            </Button>
            <Button
              loading={move.isPending}
              onClick={() =>
                move.mutate(
                  { id: resolving!.issue.id, status: resolving!.to, ...(note.trim() ? { note: note.trim() } : {}) },
                  { onSuccess: () => { notifications.show({ message: `Moved to ${humanize(resolving!.to).toLowerCase()}.` }); setNote(''); setResolving(null); } },
                )
              }
            >
              Move
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

function RaiseModal({ opened, onClose, outlets }: { opened: boolean; onClose: () => void; outlets: Array<{ value: string; label: string }> }) {
  const raise = useRaiseIssue();
  const [outletId, setOutletId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<(typeof PRIORITIES)[number]>('MEDIUM');
  const [description, setDescription] = useState('');
  const close = () => {
    raise.reset();
    setTitle('');
    setDescription('');
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title="Report an issue" error={raise.error}
      submit={
        <Button
          loading={raise.isPending}
          disabled={!outletId || !title.trim()}
          onClick={() => raise.mutate({ outletId: outletId!, title: title.trim(), priority, ...(description.trim() ? { description: description.trim() } : {}) }, { onSuccess: () => { notifications.show({ color: 'green', message: 'Reported.' }); close(); } })}
        >
          Report
        </Button>
      }
    >
      <Select label="Outlet" required data={outlets} value={outletId} onChange={setOutletId} />
      <TextInput label="What is wrong" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <Select label="Priority" allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} value={priority} onChange={(v) => v && setPriority(v as (typeof PRIORITIES)[number])} />
      <Textarea label="Details (optional)" maxLength={5000} autosize minRows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
    </FormModal>
  );
}

/** Gives an issue to someone who works at its outlet; the API says who cannot take it. */
function AssignModal({ issue, people, onClose }: { issue: Issue | null; people: Array<{ value: string; label: string }>; onClose: () => void }) {
  const assign = useAssignIssue();
  const shown = useLastShown(issue);
  const [userId, setUserId] = useState<string | null>(null);
  const close = () => {
    assign.reset();
    setUserId(null);
    onClose();
  };
  const give = (to: string | null) =>
    assign.mutate({ id: issue!.id, userId: to }, { onSuccess: () => { notifications.show({ message: to ? 'Assigned.' : 'Taken back.' }); close(); } });
  return (
    <FormModal opened={issue !== null} onClose={close} title={shown ? `Assign “${shown.title}”` : ''} error={assign.error}
      submit={
        <>
          {shown?.assigneeUserId ? (
            <Button variant="light" loading={assign.isPending} onClick={() => give(null)}>
              Take it back
            </Button>
          ) : null}
          <Button loading={assign.isPending} disabled={!userId} onClick={() => give(userId)}>
            Assign
          </Button>
        </>
      }
    >
      <Select label="Person" description="Someone who works at the issue's outlet, or a tenant-wide manager" searchable data={people} value={userId} onChange={setUserId} />
    </FormModal>
  );
}
