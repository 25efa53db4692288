import { Button, Group, NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { formatNumber } from '../../ui/format';
import { toMinor } from './money';
import { useAddDeduction, useDeductions, useRemoveDeduction, type Deduction } from './payroll.queries';

/** The tenant's deduction lines, applied in order to each payslip's gross. */
export function DeductionsPage() {
  const { t } = useTranslation('payroll');
  const deductions = useDeductions();
  const remove = useRemoveDeduction();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Deduction | null>(null);
  return (
    <Page title={t('nav.deductions')} actions={<Button onClick={() => setAdding(true)}>{t('deductions.add')}</Button>}>
      <Text size="sm" c="dimmed">
        {t('deductions.intro')}
      </Text>
      <DataTable query={deductions} loadingLabel={t('deductions.loading')} empty={t('deductions.empty')} minWidth={480} columns={[
        { header: t('deductions.order'), cell: (d) => d.position },
        { header: t('deductions.name'), cell: (d) => d.name },
        { header: t('deductions.amount'), cell: (d) => <>{d.kind === 'PERCENT' ? t('deductions.percentOfGross', { percent: formatNumber((d.basisPoints ?? 0) / 100) }) : t('deductions.minorPerPayslip', { amount: d.amountMinor ?? 0 })}</> },
        { header: t('journal.account'), cell: (d) => d.accountCode },
        {
          cell: (d) => (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(d)}>
              {t('deductions.remove')}
            </Button>
          ),
        },
      ]} />
      <AddDeductionModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('deductions.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('deductions.remove')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(null) })}
      >
        {t('deductions.removeBody')}
      </ConfirmModal>
    </Page>
  );
}

function AddDeductionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payroll');
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
    <FormModal opened={opened} onClose={close} title={t('deductions.add')} error={add.error}
      submit={
        <Button disabled={!valid} loading={add.isPending} onClick={submit}>
          {t('deductions.addButton')}
        </Button>
      }
    >
      <TextInput label={t('deductions.name')} required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <SegmentedControl data={[{ value: 'PERCENT', label: t('deductions.percentKind') }, { value: 'FIXED', label: t('deductions.fixedKind') }]} value={kind} onChange={(v) => setKind(v as 'PERCENT' | 'FIXED')} aria-label={t('deductions.kind')} />
      {kind === 'PERCENT' ? (
        <NumberInput label={t('deductions.percent')} required min={0} max={100} decimalScale={2} suffix=" %" value={percent} onChange={setPercent} />
      ) : (
        <Group grow>
          <TextInput label={t('deductions.amountPerPayslip')} required inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
          <TextInput label={t('deductions.currency')} required maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
        </Group>
      )}
      <TextInput label={t('deductions.accountCode')} description={t('deductions.accountCodeHelp')} required maxLength={20} value={account} onChange={(e) => setAccount(e.currentTarget.value)} />
    </FormModal>
  );
}
