import { Alert, Anchor, Badge, Button, Group, List, Loader, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { downloadFile } from '../../api/download';
import { formatDateTime, formatMinutes, humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { ErrorNotice, Page } from '../../ui/page';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable, RowsTable } from '../../ui/data-table';
import { formatMoney } from './money';
import { useAccounting, useJournal, useRun, useRunPayslips, useRunStep, type RunStep } from './payroll.queries';
import { RUN_COLOUR } from './runs.page';
import { PayslipLines } from './payslip-lines';
import { usePeople } from '../../api/shared.queries';

/** The catalog key of each step's confirmation. */
const DONE: Record<RunStep, string> = {
  recompute: 'run.done.recompute',
  approve: 'run.done.approve',
  'mark-paid': 'run.done.markPaid',
  export: 'run.done.export',
};

/** One pay run: its totals, the next step its status allows, its payslips and its journal. */
export function RunPage() {
  const { t } = useTranslation('payroll');
  const { id = '' } = useParams();
  const run = useRun(id);
  const payslips = useRunPayslips(id);
  const people = usePeople(true);
  const accounting = useAccounting();
  const step = useRunStep();
  const [confirm, setConfirm] = useState<RunStep | null>(null);
  const asking = useLastShown(confirm);
  const [open, setOpen] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const r = run.data;
  const journal = useJournal(id, r !== undefined && r.status !== 'DRAFT');
  if (run.error) return <ErrorNotice error={run.error} />;
  if (!r) return <Loader aria-label={t('run.loading')} />;
  const act = (s: RunStep) =>
    step.mutate(
      { id, step: s },
      {
        onSuccess: () => {
          setConfirm(null);
          notifications.show({ color: 'green', message: t(DONE[s]) });
        },
      },
    );
  const save = (path: string, name: string) => {
    setDownloadError(null);
    downloadFile(path, name).catch(setDownloadError);
  };
  return (
    <Page
      title={t('run.title', { month: r.periodYearMonth })}
      actions={
        <Group gap="xs">
          {r.status === 'DRAFT' ? (
            <>
              <Button variant="light" loading={step.isPending && step.variables?.step === 'recompute'} onClick={() => act('recompute')}>
                {t('run.recompute')}
              </Button>
              <Button onClick={() => setConfirm('approve')}>{t('run.approve')}</Button>
            </>
          ) : null}
          {r.status === 'FINALIZED' ? <Button onClick={() => setConfirm('mark-paid')}>{t('run.markPaid')}</Button> : null}
          {r.status !== 'DRAFT' && accounting.data?.connected && !r.exportedAt ? (
            <Button variant="light" loading={step.isPending && step.variables?.step === 'export'} onClick={() => act('export')}>
              {t('run.postToXero')}
            </Button>
          ) : null}
          {r.status !== 'DRAFT' ? (
            <Button variant="default" onClick={() => save(`/payroll/runs/${id}/journal?format=csv`, `journal-${r.periodYearMonth}.csv`)}>
              {t('run.journalCsv')}
            </Button>
          ) : null}
        </Group>
      }
    >
      <Group gap="lg" wrap="wrap">
        <Badge size="lg" variant="light" color={RUN_COLOUR[r.status]}>
          {humanize(r.status)}
        </Badge>
        <Text>{t('run.totalGross', { amount: formatMoney(r.totalGrossMinor, r.currency) })}</Text>
        <Text>{t('run.totalDeductions', { amount: formatMoney(r.totalDeductionsMinor, r.currency) })}</Text>
        <Text fw={700}>{t('run.totalNet', { amount: formatMoney(r.totalNetMinor, r.currency) })}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('run.computed', { at: formatDateTime(r.computedAt) })}
        {r.approvedAt ? t('run.approvedAt', { at: formatDateTime(r.approvedAt) }) : ''}
        {r.paidAt ? t('run.paidAt', { at: formatDateTime(r.paidAt) }) : ''}
        {r.exportReference ? t('run.postedAs', { reference: r.exportReference }) : ''}
      </Text>
      <ErrorNotice error={step.error ?? downloadError} />
      {r.leftOut.length > 0 ? (
        <Alert color="yellow" title={t('run.leftOut', { count: r.leftOut.length })}>
          <Text size="sm" mb="xs">
            {t('run.noPay')} {r.status === 'DRAFT' ? t('run.setPayThenRecompute') : t('run.computedWithout')}
          </Text>
          <List size="sm" aria-label={t('run.notPaidList')}>
            {r.leftOut.map((p) => (
              <List.Item key={p.userId}>
                <Anchor component={Link} to={`/payroll/pay-settings?user=${p.userId}`}>
                  {p.fullName}
                </Anchor>
                {p.workedMinutes > 0 ? t('run.workedUnpaid', { duration: formatMinutes(p.workedMinutes) }) : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Tabs defaultValue="payslips">
        <Tabs.List>
          <Tabs.Tab value="payslips">{t('run.payslipsTab', { number: r.payslipCount })}</Tabs.Tab>
          {r.status !== 'DRAFT' ? <Tabs.Tab value="journal">{t('run.journalTab')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="payslips" pt="sm">
          <DataTable query={payslips} loadingLabel={t('payslips.loading')} minWidth={560} tableProps={{}} detail={(p) => (open === p.id ? <PayslipLines p={p} /> : null)} columns={[
            {
              header: t('run.person'),
              cell: (p) => (
                <Button variant="subtle" size="compact-sm" onClick={() => setOpen(open === p.id ? null : p.id)} aria-expanded={open === p.id}>
                  {people.data?.get(p.userId)?.fullName ?? p.userId}
                </Button>
              ),
            },
            { header: t('payslips.gross'), cell: (p) => formatMoney(p.grossMinor, p.currency) },
            { header: t('run.deductions'), cell: (p) => formatMoney(p.deductionsMinor, p.currency) },
            { header: t('payslips.net'), cell: (p) => formatMoney(p.netMinor, p.currency) },
            {
              cell: (p) => (
                <Button size="compact-sm" variant="default" onClick={() => save(`/payroll/runs/${id}/payslips/${p.userId}/pdf`, `payslip-${r.periodYearMonth}.pdf`)}>
                  PDF
                </Button>
              ),
            },
          ]} />
        </Tabs.Panel>
        <Tabs.Panel value="journal" pt="sm">
          <ErrorNotice error={journal.error} />
          {journal.data ? <JournalTable journal={journal.data} /> : null}
        </Tabs.Panel>
      </Tabs>
      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={asking === 'approve' ? t('run.confirm.approveTitle') : t('run.confirm.paidTitle')}
        confirmLabel={asking === 'approve' ? t('run.approve') : t('run.markPaid')}
        cancelLabel={t('run.confirm.notYet')}
        destructive={false}
        pending={step.isPending}
        error={step.error}
        onConfirm={() => confirm && act(confirm)}
      >
        {asking === 'approve' ? t('run.confirm.approveBody') : t('run.confirm.paidBody')}
      </ConfirmModal>
    </Page>
  );
}

/** The run's journal as posted to accounting: a line an account, debits and credits totalled at the foot. */
function JournalTable({ journal }: { journal: NonNullable<ReturnType<typeof useJournal>['data']> }) {
  const { t } = useTranslation('payroll');
  const money = (minor: number) => formatMoney(minor, journal.currency);
  const footer = (
    <Table.Tr>
      <Table.Th colSpan={2}>{t('journal.totals')}</Table.Th>
      <Table.Th>{money(journal.totalDebitMinor)}</Table.Th>
      <Table.Th>{money(journal.totalCreditMinor)}</Table.Th>
    </Table.Tr>
  );
  return (
    <RowsTable rows={journal.lines} rowKey={(_, i) => i} minWidth={560} tableProps={{}} footer={footer} columns={[
      { header: t('journal.account'), cell: (l) => `${l.accountCode} ${l.accountName}` },
      { header: t('journal.description'), cell: (l) => l.description },
      { header: t('journal.debit'), cell: (l) => (l.debitMinor ? money(l.debitMinor) : '') },
      { header: t('journal.credit'), cell: (l) => (l.creditMinor ? money(l.creditMinor) : '') },
    ]} />
  );
}
