import { Anchor, Badge, Button, Card, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePeople } from '../../api/shared.queries';
import { useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
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
  const { t } = useTranslation('hr');
  return (
    <Badge variant="light" color={COLOUR[status]}>
      {t(`offboardingStatus.${status}`)}
    </Badge>
  );
}

/** People leaving: a checklist to work through, a settlement preview, then one step that ends the contract and the account. */
export function OffboardingListPage() {
  const { t } = useTranslation('hr');
  const me = useMe();
  const people = usePeople();
  const [status, setStatus] = useState<string | null>('IN_PROGRESS');
  const list = useOffboardings(status ? (status as OffboardingStatus) : undefined);
  const [starting, setStarting] = useState(false);
  const name = (id: string) => people.data?.get(id)?.fullName ?? t('someone');
  return (
    <Page title={t('offboarding.title')} actions={<Button onClick={() => setStarting(true)}>{t('offboarding.start')}</Button>}>
      <Select label={t('status')} placeholder={t('offboarding.anyStatus')} clearable data={STATUSES.map((s) => ({ value: s, label: t(`offboardingStatus.${s}`) }))} value={status} onChange={setStatus} maw={240} />
      <DataTable query={list} loadingLabel={t('offboarding.loading')} empty={t('offboarding.empty')} columns={[
        {
          header: t('person'),
          cell: (o) => (
            <Anchor component={Link} to={`/hr/offboarding/${o.id}`}>
              {name(o.userId)}
            </Anchor>
          ),
        },
        { header: t('reason'), cell: (o) => t(`offboardingReason.${o.reason}`) },
        { header: t('offboarding.lastWorkingDay'), cell: (o) => o.lastWorkingDay },
        { header: t('offboarding.checklist'), cell: (o) => t('offboarding.checklistDone', { done: o.checklist.filter((i) => i.done).length, count: o.checklist.length }) },
        { header: t('status'), cell: (o) => <StatusBadge status={o.status} /> },
      ]} />
      <StartModal opened={starting} onClose={() => setStarting(false)} people={[...(people.data?.values() ?? [])].filter((u) => u.id !== me.data?.id && u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }))} />
    </Page>
  );
}

function StartModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation('hr');
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
    <FormModal opened={opened} onClose={close} title={t('offboarding.start')} error={start.error}
      submit={
        <Button
          loading={start.isPending}
          disabled={!userId || !lastDay}
          onClick={() =>
            start.mutate(
              { userId: userId!, reason, lastWorkingDay: lastDay },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('offboarding.started') });
                  close();
                },
              },
            )
          }
        >
          {t('offboarding.startButton')}
        </Button>
      }
    >
      <Select label={t('person')} required searchable data={people} value={userId} onChange={setUserId} />
      <Select label={t('reason')} allowDeselect={false} data={REASONS.map((r) => ({ value: r, label: t(`offboardingReason.${r}`) }))} value={reason} onChange={(v) => v && setReason(v as (typeof REASONS)[number])} />
      <TextInput label={t('offboarding.lastWorkingDay')} type="date" required value={lastDay} onChange={(e) => setLastDay(e.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        {t('offboarding.startHelp')}
      </Text>
    </FormModal>
  );
}

/** One offboarding: the checklist, the settlement preview, and finalize or cancel while in progress. */
export function OffboardingPage() {
  const { t } = useTranslation('hr');
  const { id = '' } = useParams();
  const people = usePeople();
  const offboarding = useOffboarding(id);
  const o = offboarding.data;
  const personName = o ? (people.data?.get(o.userId)?.fullName ?? t('someone')) : '';
  return (
    <Page title={o ? t('offboarding.titleOf', { name: personName }) : t('offboarding.title')}>
      <Anchor component={Link} to="/hr/offboarding" size="sm">
        {t('offboarding.all')}
      </Anchor>
      <ErrorNotice error={offboarding.error} />
      {offboarding.isPending ? <Loader aria-label={t('offboarding.loadingOne')} /> : o ? <OffboardingDetail o={o} personName={personName} people={people.data} /> : null}
    </Page>
  );
}

function OffboardingDetail({ o, personName, people }: { o: Offboarding; personName: string; people: Map<string, { fullName: string }> | undefined }) {
  const { t } = useTranslation('hr');
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
        <Text size="sm">{t(`offboardingReason.${o.reason}`)}</Text>
        <Text size="sm">{t('offboarding.lastWorkingDayIs', { day: o.lastWorkingDay })}</Text>
        {o.completedAt ? <Text size="sm">{t('offboarding.finalizedAt', { at: formatDateTime(o.completedAt) })}</Text> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('offboarding.checklist')}
          </Title>
          <ErrorNotice error={tick.error ?? add.error} />
          <Stack gap="xs">
            {o.checklist.map((i) => (
              <Checkbox
                key={i.id}
                label={i.title}
                description={
                  i.done && i.doneAt
                    ? i.doneByUserId
                      ? t('offboarding.doneAtBy', { at: formatDateTime(i.doneAt), name: people?.get(i.doneByUserId)?.fullName ?? t('offboarding.someoneLower') })
                      : t('offboarding.doneAt', { at: formatDateTime(i.doneAt) })
                    : undefined
                }
                checked={i.done}
                disabled={!open}
                onChange={(e) => tick.mutate({ id: o.id, itemId: i.id, done: e.currentTarget.checked })}
              />
            ))}
          </Stack>
          {open ? (
            <Group mt="md" align="flex-end">
              <TextInput label={t('offboarding.anotherItem')} maxLength={200} value={item} onChange={(e) => setItem(e.currentTarget.value)} style={{ flex: 1 }} />
              <Button variant="light" disabled={!item.trim()} loading={add.isPending} onClick={() => add.mutate({ id: o.id, title: item.trim() }, { onSuccess: () => setItem('') })}>
                {t('offboarding.add')}
              </Button>
            </Group>
          ) : null}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {open ? t('settlement.preview') : t('settlement.title')}
          </Title>
          <Settlement o={o} />
        </Card>
      </SimpleGrid>
      {open ? (
        <Group>
          <Button color="red" disabled={remaining > 0} onClick={() => setConfirm('finalize')}>
            {t('offboarding.finalize')}
          </Button>
          <Button variant="default" onClick={() => setConfirm('cancel')}>
            {t('offboarding.cancel')}
          </Button>
          {remaining > 0 ? (
            <Text size="sm" c="dimmed">
              {t('offboarding.remaining', { count: remaining })}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <ConfirmModal
        opened={confirm === 'finalize'}
        title={t('offboarding.finalizeTitle', { name: personName })}
        confirmLabel={t('offboarding.finalize')}
        cancelLabel={t('keepIt')}
        pending={finalize.isPending}
        error={finalize.error}
        onClose={() => setConfirm(null)}
        onConfirm={() => finalize.mutate(o.id, { onSuccess: () => { setConfirm(null); notifications.show({ color: 'green', message: t('offboarding.finalized') }); } })}
      >
        {t('offboarding.finalizeText')}
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'cancel'}
        title={t('offboarding.cancelTitle')}
        confirmLabel={t('offboarding.cancelIt')}
        cancelLabel={t('keepIt')}
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => setConfirm(null)}
        onConfirm={() => cancel.mutate(o.id, { onSuccess: () => setConfirm(null) })}
      >
        {t('offboarding.cancelText', { name: personName })}
      </ConfirmModal>
    </Stack>
  );
}

function Settlement({ o }: { o: Offboarding }) {
  const { t } = useTranslation('hr');
  const s = o.settlement;
  if (!s) return <Text c="dimmed">{t('settlement.none')}</Text>;
  const money = (minor: number | null) => (minor === null || !s.currency ? '—' : formatMoney(minor, s.currency));
  const days = (count: number) => t('settlement.days', { count });
  const rows: Array<[string, string]> = [
    [t('settlement.entitlement'), days(s.annualLeaveEntitlementDays)],
    [t('settlement.accrued'), days(s.accruedLeaveDays)],
    [t('settlement.taken'), days(s.leaveTakenDays)],
    [t('settlement.balance'), days(s.leaveBalanceDays)],
    [t('settlement.unpaid'), days(s.unpaidLeaveDays)],
    [t('settlement.dailyRate'), money(s.dailyRateMinor)],
    [t('settlement.leavePay'), money(s.leavePayMinor)],
    [t('settlement.unpaidDeduction'), money(s.unpaidDeductionMinor)],
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
          <Table.Th scope="row">{t('settlement.net')}</Table.Th>
          <Table.Td fw={700}>{s.netMinor === null ? t('settlement.noSalary') : money(s.netMinor)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
