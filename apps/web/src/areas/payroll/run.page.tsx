import { Badge, Button, Group, Loader, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useState } from 'react';
import { useParams } from 'react-router';
import { downloadFile } from '../../api/download';
import { formatDateTime, humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { ErrorNotice, Page } from '../../ui/page';

import { formatMoney } from './money';
import { useAccounting, useJournal, useRun, useRunPayslips, useRunStep, type RunStep } from './payroll.queries';
import { RUN_COLOUR } from './runs.page';
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
          {r.status !== 'DRAFT' && accounting.data && !r.exportedAt ? (
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
      <Tabs defaultValue="payslips">
        <Tabs.List>
          <Tabs.Tab value="payslips">Payslips ({r.payslipCount})</Tabs.Tab>
          {r.status !== 'DRAFT' ? <Tabs.Tab value="journal">Journal</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="payslips" pt="sm">
          <ErrorNotice error={payslips.error} />
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Gross</Table.Th>
                  <Table.Th>Deductions</Table.Th>
                  <Table.Th>Net</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(payslips.data ?? []).map((p) => (
                  <Fragment key={p.id}>
                    <Table.Tr>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(open === p.id ? null : p.id)} aria-expanded={open === p.id}>
                          {people.data?.get(p.userId)?.fullName ?? p.userId}
                        </Button>
                      </Table.Td>
                      <Table.Td>{formatMoney(p.grossMinor, p.currency)}</Table.Td>
                      <Table.Td>{formatMoney(p.deductionsMinor, p.currency)}</Table.Td>
                      <Table.Td>{formatMoney(p.netMinor, p.currency)}</Table.Td>
                      <Table.Td>
                        <Button size="compact-sm" variant="default" onClick={() => save(`/payroll/runs/${id}/payslips/${p.userId}/pdf`, `payslip-${r.periodYearMonth}.pdf`)}>
                          PDF
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                    {open === p.id ? (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <Stack gap={2}>
                            {p.lines.map((l, i) => (
                              <Group key={i} justify="space-between" wrap="nowrap">
                                <Text size="sm">{l.description}</Text>
                                <Text size="sm">{formatMoney(l.amountMinor, p.currency)}</Text>
                              </Group>
                            ))}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Tabs.Panel>
        <Tabs.Panel value="journal" pt="sm">
          <ErrorNotice error={journal.error} />
          {journal.data ? (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Debit</Table.Th>
                    <Table.Th>Credit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {journal.data.lines.map((l, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>
                        {l.accountCode} {l.accountName}
                      </Table.Td>
                      <Table.Td>{l.description}</Table.Td>
                      <Table.Td>{l.debitMinor ? formatMoney(l.debitMinor, journal.data.currency) : ''}</Table.Td>
                      <Table.Td>{l.creditMinor ? formatMoney(l.creditMinor, journal.data.currency) : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={2}>Totals</Table.Th>
                    <Table.Th>{formatMoney(journal.data.totalDebitMinor, journal.data.currency)}</Table.Th>
                    <Table.Th>{formatMoney(journal.data.totalCreditMinor, journal.data.currency)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Tabs.Panel>
      </Tabs>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={asking === 'approve' ? 'Approve this pay run?' : 'Mark this pay run as paid?'}>
        <Text size="sm">{asking === 'approve' ? 'An approved run is final: it can no longer be recomputed, and its payslips become visible to the people paid.' : 'Say so once the money has left the bank: the run cannot change afterwards.'}</Text>
        <ErrorNotice error={step.error} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            Not yet
          </Button>
          <Button loading={step.isPending} onClick={() => confirm && act(confirm)}>
            {asking === 'approve' ? 'Approve' : 'Mark as paid'}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
