import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { humanize } from '../../ui/format';
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
  const name = (id: string) => (id === me.data?.id ? me.data.fullName : (people.data?.get(id)?.fullName ?? 'Someone'));
  return (
    <Page title={hr ? 'Contracts' : 'My contracts'} actions={hr ? <Button onClick={() => setCreating(true)}>New contract</Button> : null}>
      <DataTable query={contracts} error={contracts.error ?? activate.error} loadingLabel="Loading contracts" empty="No contracts." minWidth={720} columns={[
        { header: 'Person', cell: (c) => name(c.userId) },
        { header: 'Job title', cell: (c) => c.jobTitle },
        { header: 'Type', cell: (c) => humanize(c.employmentType) },
        { header: 'From – to', cell: (c) => <>{c.startDate} – {c.endDate ?? 'open-ended'}</> },
        { header: 'Salary', cell: (c) => (c.salaryMinor != null && c.currency ? `${formatMoney(c.salaryMinor, c.currency)} a year` : '—') },
        {
          header: 'Status',
          cell: (c) => (
            <>
              <Badge variant="light" color={COLOUR[c.status]}>
                {humanize(c.status)}
              </Badge>
              {c.endReason ? <Text size="xs">{c.endReason}</Text> : null}
            </>
          ),
        },
        hr && {
          cell: (c) => (
            <>
              {c.status === 'DRAFT' ? (
                <Button size="compact-sm" variant="light" loading={activate.isPending && activate.variables === c.id} onClick={() => activate.mutate(c.id, { onSuccess: () => notifications.show({ color: 'green', message: 'Contract active.' }) })}>
                  Activate
                </Button>
              ) : null}
              {c.status === 'DRAFT' || c.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setAccrual(c)} aria-label={`Leave accrual of ${name(c.userId)}, ${c.jobTitle}`}>
                  Leave accrual
                </Button>
              ) : null}
              {c.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setEnding(c)}>
                  Terminate
                </Button>
              ) : null}
            </>
          ),
        },
      ]} />
      <CreateContractModal opened={creating} onClose={() => setCreating(false)} people={[...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))} />
      <AccrualPolicyModal contract={accrual} personName={accrual ? name(accrual.userId) : ''} onClose={() => setAccrual(null)} />
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title="Terminate this contract?">
        <Stack gap="sm">
          <Text size="sm">{ending ? `${name(ending.userId)}, ${ending.jobTitle}: it ends today.` : ''}</Text>
          <TextInput label="Reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <ErrorNotice error={terminate.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              Keep it
            </Button>
            <Button color="red" disabled={!reason.trim()} loading={terminate.isPending} onClick={() => terminate.mutate({ id: ending!.id, reason: reason.trim() }, { onSuccess: () => { setReason(''); setEnding(null); } })}>
              Terminate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

function CreateContractModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
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
    <FormModal opened={opened} onClose={close} title="New contract" error={create.error}
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
              { onSuccess: () => { notifications.show({ color: 'green', message: 'Draft contract saved.' }); close(); } },
            )
          }
        >
          Save the draft
        </Button>
      }
    >
      <Select label="Person" required searchable data={people} value={userId} onChange={setUserId} />
      <TextInput label="Job title" required value={jobTitle} onChange={(e) => setJobTitle(e.currentTarget.value)} />
      <Select label="Employment type" allowDeselect={false} data={TYPES.map((t) => ({ value: t, label: humanize(t) }))} value={type} onChange={(v) => v && setType(v as (typeof TYPES)[number])} />
      <Group grow>
        <TextInput label="Starts" type="date" required value={start} onChange={(e) => setStart(e.currentTarget.value)} />
        <TextInput label="Ends (optional)" type="date" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
      </Group>
      <Group grow>
        <TextInput label="Salary a year (optional)" inputMode="decimal" value={salary} onChange={(e) => setSalary(e.currentTarget.value)} />
        <TextInput label="Currency" maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
      </Group>
      <NumberInput label="Annual leave days" min={0} max={366} value={leave} onChange={setLeave} />
      <Text size="xs" c="dimmed">
        Saved as a draft; activating it ends the person's current contract.
      </Text>
    </FormModal>
  );
}
