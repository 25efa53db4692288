import { Anchor, Button, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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
  const balances = useLeaveBalances();
  return (
    <Page title="Leave balances">
      <Text size="sm" c="dimmed">
        People whose active contract has a leave accrual policy. Set one from the contract.
      </Text>
      <DataTable query={balances} loadingLabel="Loading balances" empty="Nobody has a leave accrual policy yet." rowKey={(b) => b.userId} columns={[
        {
          header: 'Person',
          cell: (b) => (
            <Anchor component={Link} to={`/hr/leave-balances/${b.userId}`}>
              {b.fullName}
            </Anchor>
          ),
        },
        { header: 'Balance', cell: (b) => amountIn(b.balance, b.unit) },
      ]} />
    </Page>
  );
}

/** One person's balance and the ledger it is summed from; HR post adjustments with a reason. */
export function LeaveBalancePage() {
  const { userId } = useParams() as { userId: string };
  const me = useMe();
  const people = usePeople();
  const balance = useLeaveBalance(userId);
  const [adjusting, setAdjusting] = useState(false);
  const hr = mayCall(me.data, 'postLeaveBalancesByUserIdAdjustments') && userId !== me.data?.id;
  const name = people.data?.get(userId)?.fullName ?? 'Leave balance';
  return (
    <Page title={name} actions={hr && balance.data?.policy ? <Button onClick={() => setAdjusting(true)}>Adjust the balance</Button> : null}>
      <ErrorNotice error={balance.error} />
      {balance.data ? (
        <Stack gap="md">
          <BalanceSummary balance={balance.data} />
          <Title order={2} size="h4">
            Ledger
          </Title>
          <LedgerTable lines={balance.data.lines} />
        </Stack>
      ) : null}
      {balance.data?.unit ? <AdjustModal opened={adjusting} onClose={() => setAdjusting(false)} userId={userId} unit={balance.data.unit} /> : null}
    </Page>
  );
}

function AdjustModal({ opened, onClose, userId, unit }: { opened: boolean; onClose: () => void; userId: string; unit: 'DAYS' | 'HOURS' }) {
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
    <FormModal opened={opened} onClose={close} title="Adjust the balance" error={adjust.error}
      submit={
        <Button
          loading={adjust.isPending}
          disabled={typeof amount !== 'number' || amount === 0 || !reason.trim()}
          onClick={() => adjust.mutate({ userId, body: { amount: amount as number, reason: reason.trim() } }, { onSuccess: () => { notifications.show({ color: 'green', message: 'Adjustment posted.' }); close(); } })}
        >
          Post the adjustment
        </Button>
      }
    >
      <NumberInput label={`Amount (${unit === 'HOURS' ? 'hours' : 'days'}; negative takes away)`} decimalScale={2} min={-10000} max={10000} value={amount} onChange={setAmount} />
      <TextInput label="Reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </FormModal>
  );
}
