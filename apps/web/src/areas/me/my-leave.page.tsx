import { Badge, Button, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('me');
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
    <Page title={t('nav.myLeave')} actions={<Button onClick={() => setOpen(true)}>{t('leave.request')}</Button>}>
      {balance.data?.unit ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('leave.balance')}
          </Title>
          <BalanceSummary balance={balance.data} />
          <details>
            <summary>{t('leave.howReached')}</summary>
            <LedgerTable lines={balance.data.lines} />
          </details>
        </Stack>
      ) : null}
      <DataTable query={leave} error={leave.error ?? cancel.error} loadingLabel={t('leave.loading')} empty={t('leave.empty')} minWidth={480} columns={[
        { header: t('leave.type'), cell: (l) => humanize(l.type) },
        { header: t('leave.dates'), cell: (l) => leaveDates(l) },
        { header: t('leave.days'), cell: (l) => l.daysDecimal },
        {
          header: t('shifts.status'),
          cell: (l) => (
            <Badge variant="light" color={LEAVE_COLOUR[l.status]}>
              {humanize(l.status)}
            </Badge>
          ),
        },
        {
          cell: (l) => (
            l.status === 'PENDING' ? (
              <Button size="compact-sm" variant="subtle" color="red" loading={cancel.isPending && cancel.variables === l.id} onClick={() => cancel.mutate(l.id, { onSuccess: () => notifications.show({ message: t('leave.cancelled') }) })}>
                {t('ui:cancel')}
              </Button>
            ) : null
          ),
        },
      ]} />
      <FormModal opened={open} onClose={close} title={t('leave.request')} error={request.error}
        submit={
          <Button
            loading={request.isPending}
            disabled={!start || !end}
            onClick={() => request.mutate({ type, startDate: start, endDate: end, ...(reason.trim() ? { reason: reason.trim() } : {}) }, {
              onSuccess: (sent) => {
                notifications.show(sent.balanceWarning ? { color: 'yellow', message: t('leave.beyondBalance', { warning: sent.balanceWarning }) } : { color: 'green', message: t('leave.requested') });
                close();
              },
            })}
          >
            {t('leave.send')}
          </Button>
        }
      >
        <Select label={t('leave.type')} allowDeselect={false} data={TYPES.map((type) => ({ value: type, label: humanize(type) }))} value={type} onChange={(v) => v && setType(v as (typeof TYPES)[number])} />
        <Group grow>
          <TextInput label={t('leave.firstDay')} type="date" required value={start} onChange={(e) => setStart(e.currentTarget.value)} />
          <TextInput label={t('leave.lastDay')} type="date" required value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        </Group>
        <Textarea label={t('leave.reason')} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      </FormModal>
    </Page>
  );
}
