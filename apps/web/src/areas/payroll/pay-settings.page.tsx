import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorNotice, Page } from '../../ui/page';
import { formatMoney, fromMinor, toMinor } from './money';
import { usePay, usePutPay, type Pay } from './payroll.queries';
import { usePeople } from '../../api/shared.queries';

/** One person's pay: hourly or monthly, the rate, and the overtime rule. */
export function PaySettingsPage() {
  const people = usePeople(true);
  // A pay run's list of people it could not pay links here with ?user=.
  const [params] = useSearchParams();
  const [userId, setUserId] = useState<string | null>(params.get('user'));
  const pay = usePay(userId);
  return (
    <Page title="Pay settings">
      <Select
        label="Person"
        placeholder="Choose someone"
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
      { onSuccess: () => notifications.show({ color: 'green', message: 'Pay settings saved: the next runs use them.' }) },
    );
  return (
    <Stack gap="sm" maw={480}>
      {current ? null : <Text size="sm">No pay settings yet: runs pay this person nothing until they are set.</Text>}
      <Select label="Paid" data={[{ value: 'HOURLY', label: 'By the hour' }, { value: 'MONTHLY', label: 'A monthly salary' }]} value={type} onChange={(v) => v && setType(v as Pay['type'])} allowDeselect={false} />
      <Group grow>
        <TextInput label={type === 'HOURLY' ? 'Rate per hour' : 'Salary per month'} required inputMode="decimal" value={rate} onChange={(e) => setRate(e.currentTarget.value)} />
        <TextInput label="Currency" required maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
      </Group>
      <Group grow>
        <NumberInput label="Standard day (minutes)" description="Beyond it, a day's minutes are overtime" min={60} max={1440} value={dayMinutes} onChange={setDayMinutes} />
        <NumberInput label="Overtime pay (%)" min={100} max={400} value={multiplier} onChange={setMultiplier} />
      </Group>
      {rateMinor !== null ? <Text size="sm" c="dimmed">{formatMoney(rateMinor, currency)} {type === 'HOURLY' ? 'an hour' : 'a month'}</Text> : null}
      <ErrorNotice error={put.error} />
      <Button w="fit-content" disabled={!valid} loading={put.isPending} onClick={save}>
        Save
      </Button>
    </Stack>
  );
}
