import { Button, Group, NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { toMinor } from './money';
import { useAddDeduction, useDeductions, useRemoveDeduction, type Deduction } from './payroll.queries';

/** The tenant's deduction lines, applied in order to each payslip's gross. */
export function DeductionsPage() {
  const deductions = useDeductions();
  const remove = useRemoveDeduction();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Deduction | null>(null);
  return (
    <Page title="Deductions" actions={<Button onClick={() => setAdding(true)}>Add a deduction</Button>}>
      <Text size="sm" c="dimmed">
        Applied in this order to every payslip of the runs computed from now on; each is credited to its account in the journal.
      </Text>
      <DataTable query={deductions} loadingLabel="Loading deductions" empty="No deductions: payslips pay the gross." minWidth={480} columns={[
        { header: 'Order', cell: (d) => d.position },
        { header: 'Name', cell: (d) => d.name },
        { header: 'Amount', cell: (d) => <>{d.kind === 'PERCENT' ? `${(d.basisPoints ?? 0) / 100} % of the gross` : `${d.amountMinor ?? 0} in minor units (pence, cents) per payslip`}</> },
        { header: 'Account', cell: (d) => d.accountCode },
        {
          cell: (d) => (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(d)}>
              Remove
            </Button>
          ),
        },
      ]} />
      <AddDeductionModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove “${removing?.name ?? ''}”?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(null) })}
      >
        Runs already computed keep it; runs computed from now on do not apply it.
      </ConfirmModal>
    </Page>
  );
}

function AddDeductionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddDeduction();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'PERCENT' | 'FIXED'>('PERCENT');
  const [percent, setPercent] = useState<number | string>('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('GBP');
  const [account, setAccount] = useState('');
  const amountMinor = kind === 'FIXED' && /^[A-Z]{3}$/.test(currency) ? toMinor(amount, currency) : null;
  const basisPoints = kind === 'PERCENT' && typeof percent === 'number' ? Math.round(percent * 100) : null;
  const valid = name.trim() !== '' && account.trim() !== '' && (kind === 'PERCENT' ? basisPoints !== null : amountMinor !== null);
  const close = () => {
    add.reset();
    setName('');
    setPercent('');
    setAmount('');
    setAccount('');
    onClose();
  };
  const submit = () =>
    add.mutate(
      { name: name.trim(), kind, accountCode: account.trim(), ...(kind === 'PERCENT' ? { basisPoints: basisPoints! } : { amountMinor: amountMinor! }) },
      { onSuccess: close },
    );
  return (
    <FormModal opened={opened} onClose={close} title="Add a deduction" error={add.error}
      submit={
        <Button disabled={!valid} loading={add.isPending} onClick={submit}>
          Add
        </Button>
      }
    >
      <TextInput label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <SegmentedControl data={[{ value: 'PERCENT', label: 'Percent of the gross' }, { value: 'FIXED', label: 'Fixed amount' }]} value={kind} onChange={(v) => setKind(v as 'PERCENT' | 'FIXED')} aria-label="Kind" />
      {kind === 'PERCENT' ? (
        <NumberInput label="Percent" required min={0} max={100} decimalScale={2} suffix=" %" value={percent} onChange={setPercent} />
      ) : (
        <Group grow>
          <TextInput label="Amount per payslip" required inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
          <TextInput label="Currency" required maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
        </Group>
      )}
      <TextInput label="Account code" description="The liability account it is credited to" required maxLength={20} value={account} onChange={(e) => setAccount(e.currentTarget.value)} />
    </FormModal>
  );
}
