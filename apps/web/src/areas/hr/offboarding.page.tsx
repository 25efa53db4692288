import { Anchor, Badge, Button, Card, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePeople } from '../../api/shared.queries';
import { useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { formatMoney } from '../payroll/money';
import {
  useAddChecklistItem,
  useCancelOffboarding,
  useFinalizeOffboarding,
  useOffboarding,
  useOffboardings,
  useStartOffboarding,
  useTickChecklistItem,
  type Offboarding,
  type OffboardingStatus,
} from './hr.queries';

const REASONS = ['RESIGNATION', 'TERMINATION', 'REDUNDANCY', 'RETIREMENT', 'END_OF_CONTRACT', 'MUTUAL_AGREEMENT', 'OTHER'] as const;
const STATUSES: readonly OffboardingStatus[] = ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'];
const COLOUR: Record<OffboardingStatus, string> = { IN_PROGRESS: 'blue', COMPLETED: 'green', CANCELLED: 'gray' };

function StatusBadge({ status }: { status: OffboardingStatus }) {
  return (
    <Badge variant="light" color={COLOUR[status]}>
      {humanize(status)}
    </Badge>
  );
}

/** People leaving: a checklist to work through, a settlement preview, then one step that ends the contract and the account. */
export function OffboardingListPage() {
  const me = useMe();
  const people = usePeople();
  const [status, setStatus] = useState<string | null>('IN_PROGRESS');
  const list = useOffboardings(status ? (status as OffboardingStatus) : undefined);
  const [starting, setStarting] = useState(false);
  const name = (id: string) => people.data?.get(id)?.fullName ?? 'Someone';
  return (
    <Page title="Offboarding" actions={<Button onClick={() => setStarting(true)}>Start offboarding</Button>}>
      <Select label="Status" placeholder="Any status" clearable data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} maw={240} />
      <DataTable query={list} loadingLabel="Loading offboardings" empty="Nobody is being offboarded." columns={[
        {
          header: 'Person',
          cell: (o) => (
            <Anchor component={Link} to={`/hr/offboarding/${o.id}`}>
              {name(o.userId)}
            </Anchor>
          ),
        },
        { header: 'Reason', cell: (o) => humanize(o.reason) },
        { header: 'Last working day', cell: (o) => o.lastWorkingDay },
        { header: 'Checklist', cell: (o) => <>{o.checklist.filter((i) => i.done).length} of {o.checklist.length} done</> },
        { header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
      ]} />
      <StartModal opened={starting} onClose={() => setStarting(false)} people={[...(people.data?.values() ?? [])].filter((u) => u.id !== me.data?.id && u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))} />
    </Page>
  );
}

function StartModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
  const start = useStartOffboarding();
  const [userId, setUserId] = useState<string | null>(null);
  const [reason, setReason] = useState<(typeof REASONS)[number]>('RESIGNATION');
  const [lastDay, setLastDay] = useState('');
  const close = () => {
    start.reset();
    setUserId(null);
    setLastDay('');
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title="Start offboarding" error={start.error}
      submit={
        <Button
          loading={start.isPending}
          disabled={!userId || !lastDay}
          onClick={() =>
            start.mutate(
              { userId: userId!, reason, lastWorkingDay: lastDay },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: 'Offboarding started.' });
                  close();
                },
              },
            )
          }
        >
          Start
        </Button>
      }
    >
      <Select label="Person" required searchable data={people} value={userId} onChange={setUserId} />
      <Select label="Reason" allowDeselect={false} data={REASONS.map((r) => ({ value: r, label: humanize(r) }))} value={reason} onChange={(v) => v && setReason(v as (typeof REASONS)[number])} />
      <TextInput label="Last working day" type="date" required value={lastDay} onChange={(e) => setLastDay(e.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        Nothing changes for the person until you finalize: it starts with the default checklist.
      </Text>
    </FormModal>
  );
}

/** One offboarding: the checklist, the settlement preview, and finalize or cancel while in progress. */
export function OffboardingPage() {
  const { id = '' } = useParams();
  const people = usePeople();
  const offboarding = useOffboarding(id);
  const o = offboarding.data;
  const personName = o ? (people.data?.get(o.userId)?.fullName ?? 'Someone') : '';
  return (
    <Page title={o ? `Offboarding ${personName}` : 'Offboarding'}>
      <Anchor component={Link} to="/hr/offboarding" size="sm">
        ← All offboardings
      </Anchor>
      <ErrorNotice error={offboarding.error} />
      {offboarding.isPending ? <Loader aria-label="Loading the offboarding" /> : o ? <OffboardingDetail o={o} personName={personName} people={people.data} /> : null}
    </Page>
  );
}

function OffboardingDetail({ o, personName, people }: { o: Offboarding; personName: string; people: Map<string, { fullName: string }> | undefined }) {
  const tick = useTickChecklistItem();
  const add = useAddChecklistItem();
  const cancel = useCancelOffboarding();
  const finalize = useFinalizeOffboarding();
  const [item, setItem] = useState('');
  const [confirm, setConfirm] = useState<'finalize' | 'cancel' | null>(null);
  const open = o.status === 'IN_PROGRESS';
  const remaining = o.checklist.filter((i) => !i.done).length;
  return (
    <Stack gap="md">
      <Group gap="xl">
        <StatusBadge status={o.status} />
        <Text size="sm">{humanize(o.reason)}</Text>
        <Text size="sm">Last working day {o.lastWorkingDay}</Text>
        {o.completedAt ? <Text size="sm">Finalized {formatDateTime(o.completedAt)}</Text> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Checklist
          </Title>
          <ErrorNotice error={tick.error ?? add.error} />
          <Stack gap="xs">
            {o.checklist.map((i) => (
              <Checkbox
                key={i.id}
                label={i.title}
                description={i.done && i.doneAt ? `Done ${formatDateTime(i.doneAt)}${i.doneByUserId ? ` by ${people?.get(i.doneByUserId)?.fullName ?? 'someone'}` : ''}` : undefined}
                checked={i.done}
                disabled={!open}
                onChange={(e) => tick.mutate({ id: o.id, itemId: i.id, done: e.currentTarget.checked })}
              />
            ))}
          </Stack>
          {open ? (
            <Group mt="md" align="flex-end">
              <TextInput label="Another item" maxLength={200} value={item} onChange={(e) => setItem(e.currentTarget.value)} style={{ flex: 1 }} />
              <Button variant="light" disabled={!item.trim()} loading={add.isPending} onClick={() => add.mutate({ id: o.id, title: item.trim() }, { onSuccess: () => setItem('') })}>
                Add
              </Button>
            </Group>
          ) : null}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {open ? 'Settlement preview' : 'Settlement'}
          </Title>
          <Settlement o={o} />
        </Card>
      </SimpleGrid>
      {open ? (
        <Group>
          <Button color="red" disabled={remaining > 0} onClick={() => setConfirm('finalize')}>
            Finalize
          </Button>
          <Button variant="default" onClick={() => setConfirm('cancel')}>
            Cancel the offboarding
          </Button>
          {remaining > 0 ? (
            <Text size="sm" c="dimmed">
              {remaining} checklist item(s) still to do before finalizing.
            </Text>
          ) : null}
        </Group>
      ) : null}
      <ConfirmModal
        opened={confirm === 'finalize'}
        title={`Finalize ${personName}'s offboarding?`}
        confirmLabel="Finalize"
        pending={finalize.isPending}
        error={finalize.error}
        onClose={() => setConfirm(null)}
        onConfirm={() => finalize.mutate(o.id, { onSuccess: () => { setConfirm(null); notifications.show({ color: 'green', message: 'Offboarding finalized.' }); } })}
      >
        Their contract is terminated and their account made inactive: they can no longer sign in or open doors. The settlement is fixed as shown.
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'cancel'}
        title="Cancel this offboarding?"
        confirmLabel="Cancel it"
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => setConfirm(null)}
        onConfirm={() => cancel.mutate(o.id, { onSuccess: () => setConfirm(null) })}
      >
        {personName} stays employed; the checklist is kept for the record.
      </ConfirmModal>
    </Stack>
  );
}

function Settlement({ o }: { o: Offboarding }) {
  const s = o.settlement;
  if (!s) return <Text c="dimmed">No settlement.</Text>;
  const money = (minor: number | null) => (minor === null || !s.currency ? '—' : formatMoney(minor, s.currency));
  const rows: Array<[string, string]> = [
    ['Annual leave entitlement', `${s.annualLeaveEntitlementDays} days`],
    ['Leave accrued', `${s.accruedLeaveDays} days`],
    ['Leave taken', `${s.leaveTakenDays} days`],
    ['Leave balance', `${s.leaveBalanceDays} days`],
    ['Unpaid leave', `${s.unpaidLeaveDays} days`],
    ['Daily rate', money(s.dailyRateMinor)],
    ['Leave pay', money(s.leavePayMinor)],
    ['Unpaid leave deduction', money(s.unpaidDeductionMinor)],
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Net settlement</Table.Th>
          <Table.Td fw={700}>{s.netMinor === null ? 'No salary on the contract' : money(s.netMinor)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
