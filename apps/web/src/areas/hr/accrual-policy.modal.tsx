import { Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormModal } from '../../ui/form-actions';
import { useAccrualPolicy, useRemoveAccrualPolicy, useSetAccrualPolicy, type AccrualPolicy, type AccrualPolicyBody } from './leave-balances.queries';
import type { Contract } from './hr.queries';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Form {
  method: 'MONTHLY' | 'HOURS_WORKED';
  unit: 'DAYS' | 'HOURS';
  amountPerMonth: number | string;
  ratePercent: number | string;
  hoursPerDay: number | string;
  startsOn: string;
  leaveYearStartMonth: string;
  carryOverMax: number | string;
  carryOverExpiryMonths: number | string;
  balanceCap: number | string;
  onExceed: 'WARN' | 'REFUSE';
}

const num = (v: number | string) => (typeof v === 'number' ? v : undefined);

function formOf(p: AccrualPolicy | null, contract: Contract): Form {
  return {
    method: p?.method ?? 'MONTHLY',
    unit: p?.unit ?? 'DAYS',
    amountPerMonth: p?.amountPerMonth ?? '',
    ratePercent: p?.rateBasisPoints != null ? p.rateBasisPoints / 100 : 12.07,
    hoursPerDay: p?.hoursPerDay ?? '',
    startsOn: p?.startsOn ?? contract.startDate,
    leaveYearStartMonth: String(p?.leaveYearStartMonth ?? 1),
    carryOverMax: p?.carryOverMax ?? '',
    carryOverExpiryMonths: p?.carryOverExpiryMonths ?? '',
    balanceCap: p?.balanceCap ?? '',
    onExceed: p?.onExceed ?? 'WARN',
  };
}

function bodyOf(f: Form): AccrualPolicyBody {
  const unit = f.method === 'HOURS_WORKED' ? 'HOURS' : f.unit;
  const rate = num(f.ratePercent);
  return {
    method: f.method,
    unit,
    ...(f.method === 'MONTHLY' && num(f.amountPerMonth) !== undefined ? { amountPerMonth: num(f.amountPerMonth) } : {}),
    ...(f.method === 'HOURS_WORKED' && rate !== undefined ? { rateBasisPoints: Math.round(rate * 100) } : {}),
    ...(unit === 'HOURS' && num(f.hoursPerDay) !== undefined ? { hoursPerDay: num(f.hoursPerDay) } : {}),
    startsOn: f.startsOn,
    leaveYearStartMonth: Number(f.leaveYearStartMonth),
    carryOverMax: num(f.carryOverMax) ?? null,
    carryOverExpiryMonths: num(f.carryOverExpiryMonths) ?? null,
    balanceCap: num(f.balanceCap) ?? null,
    onExceed: f.onExceed,
  };
}

/** The leave accrual policy of a contract: how its person's balance grows, carries over and is used. */
export function AccrualPolicyModal({ contract, personName, onClose }: { contract: Contract | null; personName: string; onClose: () => void }) {
  const policy = useAccrualPolicy(contract?.id ?? null);
  const save = useSetAccrualPolicy();
  const remove = useRemoveAccrualPolicy();
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (contract && policy.data !== undefined) setForm(formOf(policy.data, contract));
  }, [contract, policy.data]);
  const close = () => {
    save.reset();
    remove.reset();
    setForm(null);
    onClose();
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const hours = form?.method === 'HOURS_WORKED' || form?.unit === 'HOURS';
  return (
    <FormModal opened={contract !== null} onClose={close} title={`Leave accrual: ${personName}`} error={save.error ?? remove.error ?? policy.error}
      submit={
        <Group gap="xs">
          {policy.data ? (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(contract!.id, { onSuccess: () => { notifications.show({ message: 'Accrual policy removed.' }); close(); } })}>
              Remove
            </Button>
          ) : null}
          <Button loading={save.isPending} disabled={!form} onClick={() => save.mutate({ contractId: contract!.id, body: bodyOf(form!) }, { onSuccess: () => { notifications.show({ color: 'green', message: 'Accrual policy saved.' }); close(); } })}>
            Save the policy
          </Button>
        </Group>
      }
    >
      {form ? (
        <>
          <Select label="Accrues" allowDeselect={false} data={[{ value: 'MONTHLY', label: 'Each month' }, { value: 'HOURS_WORKED', label: 'On hours worked' }]} value={form.method} onChange={(v) => v && set('method', v as Form['method'])} />
          {form.method === 'MONTHLY' ? (
            <Group grow>
              <Select label="Counted in" allowDeselect={false} data={[{ value: 'DAYS', label: 'Days' }, { value: 'HOURS', label: 'Hours' }]} value={form.unit} onChange={(v) => v && set('unit', v as Form['unit'])} />
              <NumberInput label="Amount a month" description={form.unit === 'DAYS' ? `Empty: ${contract?.annualLeaveDays ?? 0} days a year / 12` : undefined} decimalScale={2} min={0} value={form.amountPerMonth} onChange={(v) => set('amountPerMonth', v)} />
            </Group>
          ) : (
            <NumberInput label="Share of hours worked (%)" decimalScale={2} min={0.01} max={100} value={form.ratePercent} onChange={(v) => set('ratePercent', v)} />
          )}
          {hours ? <NumberInput label="Hours in a day of leave" decimalScale={2} min={0.01} max={24} required value={form.hoursPerDay} onChange={(v) => set('hoursPerDay', v)} /> : null}
          <Group grow>
            <TextInput label="Accrues from" type="date" value={form.startsOn} onChange={(e) => set('startsOn', e.currentTarget.value)} />
            <Select label="Leave year starts in" allowDeselect={false} data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))} value={form.leaveYearStartMonth} onChange={(v) => v && set('leaveYearStartMonth', v)} />
          </Group>
          <Group grow>
            <NumberInput label="Carry over at most" description="Empty: everything" decimalScale={2} min={0} value={form.carryOverMax} onChange={(v) => set('carryOverMax', v)} />
            <NumberInput label="Carried leave expires after (months)" description="Empty: never" min={1} max={12} value={form.carryOverExpiryMonths} onChange={(v) => set('carryOverExpiryMonths', v)} />
          </Group>
          <NumberInput label="Balance cap" description="Empty: no cap" decimalScale={2} min={0} value={form.balanceCap} onChange={(v) => set('balanceCap', v)} />
          <Select
            label="A request beyond the balance"
            allowDeselect={false}
            data={[{ value: 'WARN', label: 'Is accepted with a warning' }, { value: 'REFUSE', label: 'Is refused' }]}
            value={form.onExceed}
            onChange={(v) => v && set('onExceed', v as Form['onExceed'])}
          />
          <Text size="xs" c="dimmed">
            Months are accrued once they have ended; a request of annual leave is weighed against the balance less other pending requests.
          </Text>
        </>
      ) : null}
    </FormModal>
  );
}
