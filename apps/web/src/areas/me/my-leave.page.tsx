import { Badge, Button, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMe } from '../../auth/me';
import { humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { LEAVE_COLOUR, leaveDates } from '../schedule/leave.page';
import { useCancelLeave, useLeave, useRequestLeave } from '../schedule/schedule.queries';
import { isoDay } from '../schedule/week';
import { BalanceSummary, LedgerTable } from '../hr/leave-ledger';
import { useLeaveBalance } from '../hr/leave-balances.queries';

const TYPES = ['ANNUAL', 'SICK', 'UNPAID', 'PARENTAL', 'COMPASSIONATE', 'STUDY', 'OTHER'] as const;

/** The signed-in person's leave: their balance and its ledger (under an accrual policy), requests asked for here, cancelled while pending. */
export function MyLeavePage() {
  const me = useMe();
  const leave = useLeave(me.data ? { userId: me.data.id } : {});
  const cancel = useCancelLeave();
  const request = useRequestLeave();
  const balance = useLeaveBalance(me.data?.id);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<(typeof TYPES)[number]>('ANNUAL');
  const [start, setStart] = useState(() => isoDay(new Date()));
  const [end, setEnd] = useState(() => isoDay(new Date()));
  const [reason, setReason] = useState('');
  const close = () => {
    request.reset();
    setReason('');
    setOpen(false);
  };
  return (
    <Page title="My leave" actions={<Button onClick={() => setOpen(true)}>Request leave</Button>}>
      {balance.data?.unit ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Annual leave balance
          </Title>
          <BalanceSummary balance={balance.data} />
          <details>
            <summary>How the balance was reached</summary>
            <LedgerTable lines={balance.data.lines} />
          </details>
        </Stack>
      ) : null}
      <DataTable query={leave} error={leave.error ?? cancel.error} loadingLabel="Loading your leave" empty="No leave requests yet." minWidth={480} columns={[
        { header: 'Type', cell: (l) => humanize(l.type) },
        { header: 'Dates', cell: (l) => leaveDates(l) },
        { header: 'Days', cell: (l) => l.daysDecimal },
        {
          header: 'Status',
          cell: (l) => (
            <Badge variant="light" color={LEAVE_COLOUR[l.status]}>
              {humanize(l.status)}
            </Badge>
          ),
        },
        {
          cell: (l) => (
            l.status === 'PENDING' ? (
              <Button size="compact-sm" variant="subtle" color="red" loading={cancel.isPending && cancel.variables === l.id} onClick={() => cancel.mutate(l.id, { onSuccess: () => notifications.show({ message: 'Request cancelled.' }) })}>
                Cancel
              </Button>
            ) : null
          ),
        },
      ]} />
      <FormModal opened={open} onClose={close} title="Request leave" error={request.error}
        submit={
          <Button
            loading={request.isPending}
            disabled={!start || !end}
            onClick={() => request.mutate({ type, startDate: start, endDate: end, ...(reason.trim() ? { reason: reason.trim() } : {}) }, {
              onSuccess: (sent) => {
                notifications.show(sent.balanceWarning ? { color: 'yellow', message: `Requested, beyond your balance: ${sent.balanceWarning}.` } : { color: 'green', message: 'Requested: your manager decides.' });
                close();
              },
            })}
          >
            Send the request
          </Button>
        }
      >
        <Select label="Type" allowDeselect={false} data={TYPES.map((t) => ({ value: t, label: humanize(t) }))} value={type} onChange={(v) => v && setType(v as (typeof TYPES)[number])} />
        <Group grow>
          <TextInput label="First day" type="date" required value={start} onChange={(e) => setStart(e.currentTarget.value)} />
          <TextInput label="Last day" type="date" required value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        </Group>
        <Textarea label="Reason (optional)" maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      </FormModal>
    </Page>
  );
}
