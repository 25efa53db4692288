import { Alert, Anchor, Badge, Button, Group, List, Loader, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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

const DONE: Record<RunStep, string> = {
  recompute: 'Recomputed from the latest attendance and leave.',
  approve: 'Approved: the run is final.',
  'mark-paid': 'Marked as paid.',
  export: 'Journal posted to the accounting provider.',
};

/** One pay run: its totals, the next step its status allows, its payslips and its journal. */
export function RunPage() {
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
  if (!r) return <Loader aria-label="Loading the pay run" />;
  const act = (s: RunStep) =>
    step.mutate(
      { id, step: s },
      {
        onSuccess: () => {
          setConfirm(null);
          notifications.show({ color: 'green', message: DONE[s] });
        },
      },
    );
  const save = (path: string, name: string) => {
    setDownloadError(null);
    downloadFile(path, name).catch(setDownloadError);
  };
  return (
    <Page
      title={`Pay run ${r.periodYearMonth}`}
      actions={
        <Group gap="xs">
          {r.status === 'DRAFT' ? (
            <>
              <Button variant="light" loading={step.isPending && step.variables?.step === 'recompute'} onClick={() => act('recompute')}>
                Recompute
              </Button>
              <Button onClick={() => setConfirm('approve')}>Approve</Button>
            </>
          ) : null}
          {r.status === 'FINALIZED' ? <Button onClick={() => setConfirm('mark-paid')}>Mark as paid</Button> : null}
          {r.status !== 'DRAFT' && accounting.data?.connected && !r.exportedAt ? (
            <Button variant="light" loading={step.isPending && step.variables?.step === 'export'} onClick={() => act('export')}>
              Post to Xero
            </Button>
          ) : null}
          {r.status !== 'DRAFT' ? (
            <Button variant="default" onClick={() => save(`/payroll/runs/${id}/journal?format=csv`, `journal-${r.periodYearMonth}.csv`)}>
              Journal (CSV)
            </Button>
          ) : null}
        </Group>
      }
    >
      <Group gap="lg" wrap="wrap">
        <Badge size="lg" variant="light" color={RUN_COLOUR[r.status]}>
          {humanize(r.status)}
        </Badge>
        <Text>Gross {formatMoney(r.totalGrossMinor, r.currency)}</Text>
        <Text>Deductions {formatMoney(r.totalDeductionsMinor, r.currency)}</Text>
        <Text fw={700}>Net {formatMoney(r.totalNetMinor, r.currency)}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        Computed {formatDateTime(r.computedAt)}
        {r.approvedAt ? ` · approved ${formatDateTime(r.approvedAt)}` : ''}
        {r.paidAt ? ` · paid ${formatDateTime(r.paidAt)}` : ''}
        {r.exportReference ? ` · posted to accounting as ${r.exportReference}` : ''}
      </Text>
      <ErrorNotice error={step.error ?? downloadError} />
      {r.leftOut.length > 0 ? (
        <Alert color="yellow" title={`${r.leftOut.length} ${r.leftOut.length === 1 ? 'person is' : 'people are'} not paid by this run`}>
          <Text size="sm" mb="xs">
            They have no pay settings and no contract with a salary. {r.status === 'DRAFT' ? 'Set their pay, then recompute.' : 'The run was computed without them.'}
          </Text>
          <List size="sm" aria-label="People not paid by this run">
            {r.leftOut.map((p) => (
              <List.Item key={p.userId}>
                <Anchor component={Link} to={`/payroll/pay-settings?user=${p.userId}`}>
                  {p.fullName}
                </Anchor>
                {p.workedMinutes > 0 ? ` — ${formatMinutes(p.workedMinutes)} worked this month, unpaid` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Tabs defaultValue="payslips">
        <Tabs.List>
          <Tabs.Tab value="payslips">Payslips ({r.payslipCount})</Tabs.Tab>
          {r.status !== 'DRAFT' ? <Tabs.Tab value="journal">Journal</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="payslips" pt="sm">
          <DataTable query={payslips} loadingLabel="Loading payslips" minWidth={560} tableProps={{}} detail={(p) => (open === p.id ? <PayslipLines p={p} /> : null)} columns={[
            {
              header: 'Person',
              cell: (p) => (
                <Button variant="subtle" size="compact-sm" onClick={() => setOpen(open === p.id ? null : p.id)} aria-expanded={open === p.id}>
                  {people.data?.get(p.userId)?.fullName ?? p.userId}
                </Button>
              ),
            },
            { header: 'Gross', cell: (p) => formatMoney(p.grossMinor, p.currency) },
            { header: 'Deductions', cell: (p) => formatMoney(p.deductionsMinor, p.currency) },
            { header: 'Net', cell: (p) => formatMoney(p.netMinor, p.currency) },
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
        title={asking === 'approve' ? 'Approve this pay run?' : 'Mark this pay run as paid?'}
        confirmLabel={asking === 'approve' ? 'Approve' : 'Mark as paid'}
        cancelLabel="Not yet"
        destructive={false}
        pending={step.isPending}
        error={step.error}
        onConfirm={() => confirm && act(confirm)}
      >
        {asking === 'approve' ? 'An approved run is final: it can no longer be recomputed, and its payslips become visible to the people paid.' : 'Say so once the money has left the bank: the run cannot change afterwards.'}
      </ConfirmModal>
    </Page>
  );
}

/** The run's journal as posted to accounting: a line an account, debits and credits totalled at the foot. */
function JournalTable({ journal }: { journal: NonNullable<ReturnType<typeof useJournal>['data']> }) {
  const money = (minor: number) => formatMoney(minor, journal.currency);
  const footer = (
    <Table.Tr>
      <Table.Th colSpan={2}>Totals</Table.Th>
      <Table.Th>{money(journal.totalDebitMinor)}</Table.Th>
      <Table.Th>{money(journal.totalCreditMinor)}</Table.Th>
    </Table.Tr>
  );
  return (
    <RowsTable rows={journal.lines} rowKey={(_, i) => i} minWidth={560} tableProps={{}} footer={footer} columns={[
      { header: 'Account', cell: (l) => `${l.accountCode} ${l.accountName}` },
      { header: 'Description', cell: (l) => l.description },
      { header: 'Debit', cell: (l) => (l.debitMinor ? money(l.debitMinor) : '') },
      { header: 'Credit', cell: (l) => (l.creditMinor ? money(l.creditMinor) : '') },
    ]} />
  );
}
