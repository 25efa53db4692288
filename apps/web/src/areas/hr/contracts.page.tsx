import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';

import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { formatMoney, toMinor } from '../payroll/money';

import { useActivateContract, useContracts, useCreateContract, useTerminateContract, type Contract } from './hr.queries';
import { usePeople } from '../../api/shared.queries';
import { AccrualPolicyModal } from './accrual-policy.modal';

const TYPES = ['FULL_TIME', 'PART_TIME', 'FIXED_TERM', 'CASUAL', 'INTERN', 'CONTRACTOR'] as const;
const COLOUR: Record<Contract['status'], string> = { DRAFT: 'gray', ACTIVE: 'green', TERMINATED: 'red', EXPIRED: 'gray' };

/** Employment contracts: drafted and activated by HR (one active per person); everyone sees their own. */
export function ContractsPage() {
  const { t } = useTranslation('hr');
  const me = useMe();
  const hr = mayCall(me.data, 'postContracts');
  const people = usePeople(hr);
  const contracts = useContracts(hr ? undefined : me.data?.id);
  const activate = useActivateContract();
  const terminate = useTerminateContract();
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Contract | null>(null);
  const [accrual, setAccrual] = useState<Contract | null>(null);
  const [reason, setReason] = useState('');
  const name = (id: string) => (id === me.data?.id ? me.data.fullName : (people.data?.get(id)?.fullName ?? t('someone')));
  return (
    <Page title={hr ? t('contracts.title') : t('contracts.mine')} actions={hr ? <Button onClick={() => setCreating(true)}>{t('contracts.new')}</Button> : null}>
      <DataTable query={contracts} error={contracts.error ?? activate.error} loadingLabel={t('contracts.loading')} empty={t('contracts.empty')} minWidth={720} columns={[
        { header: t('person'), cell: (c) => name(c.userId) },
        { header: t('contracts.jobTitle'), cell: (c) => c.jobTitle },
        { header: t('contracts.type'), cell: (c) => t(`employmentType.${c.employmentType}`) },
        { header: t('contracts.fromTo'), cell: (c) => t('contracts.span', { from: c.startDate, to: c.endDate ?? t('contracts.openEnded') }) },
        { header: t('contracts.salary'), cell: (c) => (c.salaryMinor != null && c.currency ? t('contracts.salaryAYear', { amount: formatMoney(c.salaryMinor, c.currency) }) : '—') },
        {
          header: t('status'),
          cell: (c) => (
            <>
              <Badge variant="light" color={COLOUR[c.status]}>
                {t(`contractStatus.${c.status}`)}
              </Badge>
              {c.endReason ? <Text size="xs">{c.endReason}</Text> : null}
            </>
          ),
        },
        hr && {
          cell: (c) => (
            <>
              {c.status === 'DRAFT' ? (
                <Button size="compact-sm" variant="light" loading={activate.isPending && activate.variables === c.id} onClick={() => activate.mutate(c.id, { onSuccess: () => notifications.show({ color: 'green', message: t('contracts.activated') }) })}>
                  {t('contracts.activate')}
                </Button>
              ) : null}
              {c.status === 'DRAFT' || c.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setAccrual(c)} aria-label={t('contracts.accrualOf', { name: name(c.userId), jobTitle: c.jobTitle })}>
                  {t('contracts.accrual')}
                </Button>
              ) : null}
              {c.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setEnding(c)}>
                  {t('contracts.terminate')}
                </Button>
              ) : null}
            </>
          ),
        },
      ]} />
      <CreateContractModal opened={creating} onClose={() => setCreating(false)} people={[...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))} />
      <AccrualPolicyModal contract={accrual} personName={accrual ? name(accrual.userId) : ''} onClose={() => setAccrual(null)} />
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={t('contracts.terminateTitle')}>
        <Stack gap="sm">
          <Text size="sm">{ending ? t('contracts.endsToday', { name: name(ending.userId), jobTitle: ending.jobTitle }) : ''}</Text>
          <TextInput label={t('reason')} required maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <ErrorNotice error={terminate.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              {t('keepIt')}
            </Button>
            <Button color="red" disabled={!reason.trim()} loading={terminate.isPending} onClick={() => terminate.mutate({ id: ending!.id, reason: reason.trim() }, { onSuccess: () => { setReason(''); setEnding(null); } })}>
              {t('contracts.terminate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

function CreateContractModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation('hr');
  const create = useCreateContract();
  const [userId, setUserId] = useState<string | null>(null);
  const [jobTitle, setJobTitle] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number]>('FULL_TIME');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [salary, setSalary] = useState('');
  const [currency, setCurrency] = useState('GBP');
  const [leave, setLeave] = useState<number | string>(28);
  const close = () => {
    create.reset();
    setJobTitle('');
    setSalary('');
    onClose();
  };
  const salaryMinor = salary.trim() ? toMinor(salary, currency) : null;
  return (
    <FormModal opened={opened} onClose={close} title={t('contracts.new')} error={create.error}
      submit={
        <Button
          loading={create.isPending}
          disabled={!userId || !jobTitle.trim() || !start || (salary.trim() !== '' && salaryMinor === null)}
          onClick={() =>
            create.mutate(
              {
                userId: userId!,
                jobTitle: jobTitle.trim(),
                employmentType: type,
                startDate: start,
                ...(end ? { endDate: end } : {}),
                ...(salaryMinor !== null ? { salaryMinor, currency } : {}),
                ...(typeof leave === 'number' ? { annualLeaveDays: leave } : {}),
              },
              { onSuccess: () => { notifications.show({ color: 'green', message: t('contracts.draftSaved') }); close(); } },
            )
          }
        >
          {t('contracts.saveDraft')}
        </Button>
      }
    >
      <Select label={t('person')} required searchable data={people} value={userId} onChange={setUserId} />
      <TextInput label={t('contracts.jobTitle')} required value={jobTitle} onChange={(e) => setJobTitle(e.currentTarget.value)} />
      <Select label={t('contracts.employmentType')} allowDeselect={false} data={TYPES.map((v) => ({ value: v, label: t(`employmentType.${v}`) }))} value={type} onChange={(v) => v && setType(v as (typeof TYPES)[number])} />
      <Group grow>
        <TextInput label={t('contracts.starts')} type="date" required value={start} onChange={(e) => setStart(e.currentTarget.value)} />
        <TextInput label={t('contracts.ends')} type="date" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
      </Group>
      <Group grow>
        <TextInput label={t('contracts.salaryInput')} inputMode="decimal" value={salary} onChange={(e) => setSalary(e.currentTarget.value)} />
        <TextInput label={t('contracts.currency')} maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
      </Group>
      <NumberInput label={t('contracts.annualLeaveDays')} min={0} max={366} value={leave} onChange={setLeave} />
      <Text size="xs" c="dimmed">
        {t('contracts.draftHelp')}
      </Text>
    </FormModal>
  );
}
