import { Anchor, Badge, Button, Group, Menu, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime } from '../../ui/format';
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

/** An issue's asset by name, linking to its page; one read per asset, shared by its issues. */
function AssetName({ id }: { id: string }) {
  const { t } = useTranslation('operations');
  const asset = useAsset(id);
  if (asset.error) return <Text size="sm" c="dimmed">{t('issues.assetRemoved')}</Text>;
  return (
    <Anchor component={Link} to={`/operations/assets/${id}`} size="sm">
      {asset.data?.name ?? '…'}
    </Anchor>
  );
}

/** Issues at the outlets (a broken fridge, a leak): anyone reports one, managers move it to resolved. */
export function IssuesPage() {
  const { t } = useTranslation('operations');
  const me = useMe();
  const manager = mayCall(me.data, 'patchIssuesById');
  const outlets = useOutlets();
  const people = usePeople(manager);
  const [assigning, setAssigning] = useState<Issue | null>(null);
  const assigneeName = (id: string | null) => (!id ? '—' : id === me.data?.id ? t('issues.you') : (people.data?.get(id)?.fullName ?? '…'));
  const [status, setStatus] = useState<string | null>(null);
  const issues = useIssues(status ? { status: status as IssueStatus } : {});
  const move = useMoveIssue();
  const [raising, setRaising] = useState(false);
  const [resolving, setResolving] = useState<{ issue: Issue; to: IssueStatus } | null>(null);
  const shown = useLastShown(resolving);
  const [note, setNote] = useState('');
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title={t('issues.title')} actions={<Button onClick={() => setRaising(true)}>{t('issues.report')}</Button>}>
      <Select label={t('status')} placeholder={t('anyStatus')} clearable data={Object.keys(NEXT).map((s) => ({ value: s, label: t(`issueStatus.${s}`) }))} value={status} onChange={setStatus} maw={240} />
      <DataTable query={issues} error={issues.error ?? move.error} loadingLabel={t('issues.loading')} empty={t('issues.empty')} minWidth={860} columns={[
        {
          header: t('issues.issue'),
          cell: (i) => (
            <>
              {i.title}
              {i.resolutionNote ? <Text size="xs" c="dimmed">{i.resolutionNote}</Text> : null}
            </>
          ),
        },
        { header: t('outlet'), cell: (i) => (outletName.get(i.outletId) ?? '—') },
        { header: t('issues.asset'), cell: (i) => (i.assetId ? <AssetName id={i.assetId} /> : '—') },
        { header: t('issues.source'), cell: (i) => t(`issueSource.${i.source}`) },
        { header: t('issues.priority'), cell: (i) => t(`priority.${i.priority}`) },
        {
          header: t('status'),
          cell: (i) => (
            <Badge variant="light" color={COLOUR[i.status]}>
              {t(`issueStatus.${i.status}`)}
            </Badge>
          ),
        },
        { header: t('issues.assignee'), cell: (i) => assigneeName(i.assigneeUserId) },
        { header: t('issues.reported'), cell: (i) => formatDateTime(i.createdAt) },
        manager && {
          cell: (i) => (
            <Button size="compact-sm" variant="subtle" aria-label={t('issues.assignOf', { title: i.title })} onClick={() => setAssigning(i)}>
              {t('issues.assignMenu')}
            </Button>
          ),
        },
        manager && {
          cell: (i) => (
            NEXT[i.status].length ? (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button size="compact-sm" variant="light" aria-label={t('issues.moveOf', { title: i.title })}>
                    {t('issues.moveTo')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {NEXT[i.status].map((s) => (
                    <Menu.Item key={s} onClick={() => setResolving({ issue: i, to: s })}>
                      {t(`issueStatus.${s}`)}
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
      <Modal opened={resolving !== null} onClose={() => setResolving(null)} title={shown ? t('issues.moveTitle', { title: shown.issue.title, status: t(`issueStatus.${shown.to}`).toLowerCase() }) : ''}>
        <Stack gap="sm">
          <Textarea label={t('issues.note')} maxLength={2000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResolving(null)}>
              {t('cancel')}
            </Button>
            <Button
              loading={move.isPending}
              onClick={() =>
                move.mutate(
                  { id: resolving!.issue.id, status: resolving!.to, ...(note.trim() ? { note: note.trim() } : {}) },
                  { onSuccess: () => { notifications.show({ message: t('issues.moved', { status: t(`issueStatus.${resolving!.to}`).toLowerCase() }) }); setNote(''); setResolving(null); } },
                )
              }
            >
              {t('issues.move')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

function RaiseModal({ opened, onClose, outlets }: { opened: boolean; onClose: () => void; outlets: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation('operations');
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
    <FormModal opened={opened} onClose={close} title={t('issues.report')} error={raise.error}
      submit={
        <Button
          loading={raise.isPending}
          disabled={!outletId || !title.trim()}
          onClick={() => raise.mutate({ outletId: outletId!, title: title.trim(), priority, ...(description.trim() ? { description: description.trim() } : {}) }, { onSuccess: () => { notifications.show({ color: 'green', message: t('issues.reportedNotice') }); close(); } })}
        >
          {t('issues.reportButton')}
        </Button>
      }
    >
      <Select label={t('outlet')} required data={outlets} value={outletId} onChange={setOutletId} />
      <TextInput label={t('issues.whatIsWrong')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <Select label={t('issues.priority')} allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} value={priority} onChange={(v) => v && setPriority(v as (typeof PRIORITIES)[number])} />
      <Textarea label={t('issues.details')} maxLength={5000} autosize minRows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
    </FormModal>
  );
}

/** Gives an issue to someone who works at its outlet; the API says who cannot take it. */
function AssignModal({ issue, people, onClose }: { issue: Issue | null; people: Array<{ value: string; label: string }>; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const assign = useAssignIssue();
  const shown = useLastShown(issue);
  const [userId, setUserId] = useState<string | null>(null);
  const close = () => {
    assign.reset();
    setUserId(null);
    onClose();
  };
  const give = (to: string | null) =>
    assign.mutate({ id: issue!.id, userId: to }, { onSuccess: () => { notifications.show({ message: to ? t('issues.assigned') : t('issues.takenBack') }); close(); } });
  return (
    <FormModal opened={issue !== null} onClose={close} title={shown ? t('issues.assignTitle', { title: shown.title }) : ''} error={assign.error}
      submit={
        <>
          {shown?.assigneeUserId ? (
            <Button variant="light" loading={assign.isPending} onClick={() => give(null)}>
              {t('issues.takeBack')}
            </Button>
          ) : null}
          <Button loading={assign.isPending} disabled={!userId} onClick={() => give(userId)}>
            {t('issues.assign')}
          </Button>
        </>
      }
    >
      <Select label={t('person')} description={t('issues.assigneeHelp')} searchable data={people} value={userId} onChange={setUserId} />
    </FormModal>
  );
}
