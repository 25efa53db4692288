import { Button, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '../../api/download';
import { useMe } from '../../auth/me';
import { ErrorNotice, Page } from '../../ui/page';
import { formatMoney } from './money';
import { useMyPayslips } from './payroll.queries';

/** The signed-in person's payslips of approved runs. */
export function MyPayslipsPage() {
  const me = useMe();
  const payslips = useMyPayslips();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  return (
    <Page title="My payslips">
      <ErrorNotice error={payslips.error ?? downloadError} />
      {payslips.isPending ? (
        <Loader aria-label="Loading payslips" />
      ) : payslips.data && payslips.data.length === 0 ? (
        <Text c="dimmed">No payslips yet: they appear once a pay run is approved.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Gross</Table.Th>
                <Table.Th>Net</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(payslips.data ?? []).map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.periodYearMonth}</Table.Td>
                  <Table.Td>{formatMoney(p.grossMinor, p.currency)}</Table.Td>
                  <Table.Td>{formatMoney(p.netMinor, p.currency)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => {
                        setDownloadError(null);
                        downloadFile(`/payroll/runs/${p.runId}/payslips/${me.data!.id}/pdf`, `payslip-${p.periodYearMonth}.pdf`).catch(setDownloadError);
                      }}
                    >
                      PDF
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
