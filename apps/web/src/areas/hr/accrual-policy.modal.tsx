import { Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../ui/form-actions';
import { useAccrualPolicy, useRemoveAccrualPolicy, useSetAccrualPolicy, type AccrualPolicy, type AccrualPolicyBody } from './leave-balances.queries';
import type { Contract } from './hr.queries';


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
  const { t, i18n } = useTranslation('hr');
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => monthName.format(Date.UTC(2000, i, 1)));
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
    <FormModal opened={contract !== null} onClose={close} title={t('accrual.title', { name: personName })} error={save.error ?? remove.error ?? policy.error}
      submit={
        <Group gap="xs">
          {policy.data ? (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(contract!.id, { onSuccess: () => { notifications.show({ message: t('accrual.removed') }); close(); } })}>
              {t('accrual.remove')}
            </Button>
          ) : null}
          <Button loading={save.isPending} disabled={!form} onClick={() => save.mutate({ contractId: contract!.id, body: bodyOf(form!) }, { onSuccess: () => { notifications.show({ color: 'green', message: t('accrual.saved') }); close(); } })}>
            {t('accrual.save')}
          </Button>
        </Group>
      }
    >
      {form ? (
        <>
          <Select label={t('accrual.accrues')} allowDeselect={false} data={[{ value: 'MONTHLY', label: t('accrual.monthly') }, { value: 'HOURS_WORKED', label: t('accrual.hoursWorked') }]} value={form.method} onChange={(v) => v && set('method', v as Form['method'])} />
          {form.method === 'MONTHLY' ? (
            <Group grow>
              <Select label={t('accrual.countedIn')} allowDeselect={false} data={[{ value: 'DAYS', label: t('accrual.days') }, { value: 'HOURS', label: t('accrual.hours') }]} value={form.unit} onChange={(v) => v && set('unit', v as Form['unit'])} />
              <NumberInput label={t('accrual.amountAMonth')} description={form.unit === 'DAYS' ? t('accrual.amountDefault', { days: contract?.annualLeaveDays ?? 0 }) : undefined} decimalScale={2} min={0} value={form.amountPerMonth} onChange={(v) => set('amountPerMonth', v)} />
            </Group>
          ) : (
            <NumberInput label={t('accrual.rate')} decimalScale={2} min={0.01} max={100} value={form.ratePercent} onChange={(v) => set('ratePercent', v)} />
          )}
          {hours ? <NumberInput label={t('accrual.hoursPerDay')} decimalScale={2} min={0.01} max={24} required value={form.hoursPerDay} onChange={(v) => set('hoursPerDay', v)} /> : null}
          <Group grow>
            <TextInput label={t('accrual.startsOn')} type="date" value={form.startsOn} onChange={(e) => set('startsOn', e.currentTarget.value)} />
            <Select label={t('accrual.leaveYearStart')} allowDeselect={false} data={months.map((m, i) => ({ value: String(i + 1), label: m }))} value={form.leaveYearStartMonth} onChange={(v) => v && set('leaveYearStartMonth', v)} />
          </Group>
          <Group grow>
            <NumberInput label={t('accrual.carryOverMax')} description={t('accrual.emptyEverything')} decimalScale={2} min={0} value={form.carryOverMax} onChange={(v) => set('carryOverMax', v)} />
            <NumberInput label={t('accrual.carryOverExpiry')} description={t('accrual.emptyNever')} min={1} max={12} value={form.carryOverExpiryMonths} onChange={(v) => set('carryOverExpiryMonths', v)} />
          </Group>
          <NumberInput label={t('accrual.balanceCap')} description={t('accrual.emptyNoCap')} decimalScale={2} min={0} value={form.balanceCap} onChange={(v) => set('balanceCap', v)} />
          <Select
            label={t('accrual.onExceed')}
            allowDeselect={false}
            data={[{ value: 'WARN', label: t('accrual.warn') }, { value: 'REFUSE', label: t('accrual.refuse') }]}
            value={form.onExceed}
            onChange={(v) => v && set('onExceed', v as Form['onExceed'])}
          />
          <Text size="xs" c="dimmed">
            {t('accrual.help')}
          </Text>
        </>
      ) : null}
    </FormModal>
  );
}
