import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorNotice, Page } from '../../ui/page';
import { formatMoney, fromMinor, toMinor } from './money';
import { usePay, usePutPay, type Pay } from './payroll.queries';
import { usePeople } from '../../api/shared.queries';

/** One person's pay: hourly or monthly, the rate, and the overtime rule. */
export function PaySettingsPage() {
  const { t } = useTranslation('payroll');
  const people = usePeople(true);
  // A pay run's list of people it could not pay links here with ?user=.
  const [params] = useSearchParams();
  const [userId, setUserId] = useState<string | null>(params.get('user'));
  const pay = usePay(userId);
  return (
    <Page title={t('nav.paySettings')}>
      <Select
        label={t('run.person')}
        placeholder={t('pay.chooseSomeone')}
        searchable
        data={[...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))}
        value={userId}
        onChange={setUserId}
        maw={360}
      />
      <ErrorNotice error={pay.error} />
      {userId && pay.data !== undefined ? <PayForm key={userId} userId={userId} current={pay.data} /> : null}
    </Page>
  );
}

function PayForm({ userId, current }: { userId: string; current: Pay | null }) {
  const { t } = useTranslation('payroll');
  const put = usePutPay();
  const [type, setType] = useState<Pay['type']>(current?.type ?? 'HOURLY');
  const [currency, setCurrency] = useState(current?.currency ?? 'GBP');
  const [rate, setRate] = useState(current ? fromMinor(current.rateMinor, current.currency) : '');
  const [dayMinutes, setDayMinutes] = useState<number | string>(current?.overtimeDailyMinutes ?? 480);
  const [multiplier, setMultiplier] = useState<number | string>(current?.overtimeMultiplierPct ?? 150);
  const currencyOk = /^[A-Z]{3}$/.test(currency);
  const rateMinor = currencyOk ? toMinor(rate, currency) : null;
  const valid = rateMinor !== null && typeof dayMinutes === 'number' && typeof multiplier === 'number';
  const save = () =>
    put.mutate(
      { userId, body: { type, rateMinor: rateMinor!, currency, overtimeDailyMinutes: dayMinutes as number, overtimeMultiplierPct: multiplier as number } },
      { onSuccess: () => notifications.show({ color: 'green', message: t('pay.saved') }) },
    );
  return (
    <Stack gap="sm" maw={480}>
      {current ? null : <Text size="sm">{t('pay.none')}</Text>}
      <Select label={t('pay.paid')} data={[{ value: 'HOURLY', label: t('pay.hourly') }, { value: 'MONTHLY', label: t('pay.monthly') }]} value={type} onChange={(v) => v && setType(v as Pay['type'])} allowDeselect={false} />
      <Group grow>
        <TextInput label={type === 'HOURLY' ? t('pay.ratePerHour') : t('pay.salaryPerMonth')} required inputMode="decimal" value={rate} onChange={(e) => setRate(e.currentTarget.value)} />
        <TextInput label={t('deductions.currency')} required maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
      </Group>
      <Group grow>
        <NumberInput label={t('pay.standardDay')} description={t('pay.standardDayHelp')} min={60} max={1440} value={dayMinutes} onChange={setDayMinutes} />
        <NumberInput label={t('pay.overtimePay')} min={100} max={400} value={multiplier} onChange={setMultiplier} />
      </Group>
      {rateMinor !== null ? <Text size="sm" c="dimmed">{t(type === 'HOURLY' ? 'pay.anHour' : 'pay.aMonth', { amount: formatMoney(rateMinor, currency) })}</Text> : null}
      <ErrorNotice error={put.error} />
      <Button w="fit-content" disabled={!valid} loading={put.isPending} onClick={save}>
        {t('pay.save')}
      </Button>
    </Stack>
  );
}
