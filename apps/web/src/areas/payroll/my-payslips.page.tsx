import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { useMe } from '../../auth/me';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { formatMoney } from './money';
import { PayslipLines } from './payslip-lines';
import { useMyPayslips } from './payroll.queries';

/** The signed-in person's payslips of approved runs; a month opens on its lines, premiums with why they are owed. */
export function MyPayslipsPage() {
  const { t } = useTranslation('payroll');
  const me = useMe();
  const payslips = useMyPayslips();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Page title={t('nav.myPayslips')}>
      <DataTable query={payslips} error={payslips.error ?? downloadError} loadingLabel={t('payslips.loading')} empty={t('payslips.empty')} minWidth={420} tableProps={{}} detail={(p) => (open === p.id ? <PayslipLines p={p} /> : null)} columns={[
        {
          header: t('payslips.month'),
          cell: (p) => (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen(open === p.id ? null : p.id)} aria-expanded={open === p.id}>
              {p.periodYearMonth}
            </Button>
          ),
        },
        { header: t('payslips.gross'), cell: (p) => formatMoney(p.grossMinor, p.currency) },
        { header: t('payslips.net'), cell: (p) => formatMoney(p.netMinor, p.currency) },
        {
          cell: (p) => (
            <>
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
            </>
          ),
        },
      ]} />
    </Page>
  );
}
