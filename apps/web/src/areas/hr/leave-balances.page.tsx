import { Anchor, Button, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { usePeople } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { BalanceSummary, LedgerTable, amountIn } from './leave-ledger';
import { useAdjustBalance, useLeaveBalance, useLeaveBalances } from './leave-balances.queries';

/** The balances of the people the caller looks after (an OUTLET_MANAGER: their outlets'), by name. */
export function LeaveBalancesPage() {
  const { t } = useTranslation('hr');
  const balances = useLeaveBalances();
  return (
    <Page title={t('balances.title')}>
      <Text size="sm" c="dimmed">
        {t('balances.help')}
      </Text>
      <DataTable query={balances} loadingLabel={t('balances.loading')} empty={t('balances.empty')} rowKey={(b) => b.userId} columns={[
        {
          header: t('person'),
          cell: (b) => (
            <Anchor component={Link} to={`/hr/leave-balances/${b.userId}`}>
              {b.fullName}
            </Anchor>
          ),
        },
        { header: t('balances.balance'), cell: (b) => amountIn(t, b.balance, b.unit) },
      ]} />
    </Page>
  );
}

/** One person's balance and the ledger it is summed from; HR post adjustments with a reason. */
export function LeaveBalancePage() {
  const { t } = useTranslation('hr');
  const { userId } = useParams() as { userId: string };
  const me = useMe();
  const people = usePeople();
  const balance = useLeaveBalance(userId);
  const [adjusting, setAdjusting] = useState(false);
  const hr = mayCall(me.data, 'postLeaveBalancesByUserIdAdjustments') && userId !== me.data?.id;
  const name = people.data?.get(userId)?.fullName ?? t('balances.one');
  return (
    <Page title={name} actions={hr && balance.data?.policy ? <Button onClick={() => setAdjusting(true)}>{t('balances.adjust')}</Button> : null}>
      <ErrorNotice error={balance.error} />
      {balance.data ? (
        <Stack gap="md">
          <BalanceSummary balance={balance.data} />
          <Title order={2} size="h4">
            {t('balances.ledger')}
          </Title>
          <LedgerTable lines={balance.data.lines} />
        </Stack>
      ) : null}
      {balance.data?.unit ? <AdjustModal opened={adjusting} onClose={() => setAdjusting(false)} userId={userId} unit={balance.data.unit} /> : null}
    </Page>
  );
}

function AdjustModal({ opened, onClose, userId, unit }: { opened: boolean; onClose: () => void; userId: string; unit: 'DAYS' | 'HOURS' }) {
  const { t } = useTranslation('hr');
  const adjust = useAdjustBalance();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const close = () => {
    adjust.reset();
    setAmount('');
    setReason('');
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title={t('balances.adjust')} error={adjust.error}
      submit={
        <Button
          loading={adjust.isPending}
          disabled={typeof amount !== 'number' || amount === 0 || !reason.trim()}
          onClick={() => adjust.mutate({ userId, body: { amount: amount as number, reason: reason.trim() } }, { onSuccess: () => { notifications.show({ color: 'green', message: t('balances.adjusted') }); close(); } })}
        >
          {t('balances.postAdjustment')}
        </Button>
      }
    >
      <NumberInput label={unit === 'HOURS' ? t('balances.amountHours') : t('balances.amountDays')} decimalScale={2} min={-10000} max={10000} value={amount} onChange={setAmount} />
      <TextInput label={t('reason')} required maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </FormModal>
  );
}
